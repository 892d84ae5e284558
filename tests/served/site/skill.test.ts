/** The agent skill, served two ways: as a static file with its discovery index, and as an MCP resource. */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { describe, expect, inject, it } from "vitest";
import { SKILL_SOURCE } from "../../../scripts/build/skill.ts";
import { SKILL_URI } from "../../../src/skill/resource.ts";

const source = await readFile(SKILL_SOURCE, "utf8");

describe("the skill, served", () => {
  const base = inject("servedUrl");

  it("as a static file and a discovery index whose digest matches the served bytes", async () => {
    const index = await (await fetch(`${base}/.well-known/agent-skills/index.json`)).json();
    const entry = index.skills.find((s: { name: string }) => s.name === "patttterns");
    const res = await fetch(new URL(entry.url, base));
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes)).toBe(source);
    expect(entry.digest).toBe(`sha256:${createHash("sha256").update(bytes).digest("hex")}`);
  });

  it("as an MCP resource of the real edge function", async () => {
    const res = await fetch(`${base}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "resources/read", params: { uri: SKILL_URI } }),
    });
    expect((await res.json()).result.contents[0].text).toBe(source);
  });
});
