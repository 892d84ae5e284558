/**
 * The agent skill: one source (skills/patttterns/SKILL.md), generated copies that match it, read as a
 * resource in process (served two ways: tests/served/site/skill.test.ts).
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../../scripts/lib/repo-root.ts";
import { parseFrontmatter, renderSkillOutputs, SKILL_SOURCE } from "../../../scripts/build/skill.ts";
import { SKILL } from "../../../generated/skill.ts";
import { SKILL_URI } from "../../../src/skill/resource.ts";
import { modern, post, testApp } from "../../helpers/app.ts";

const source = await readFile(SKILL_SOURCE, "utf8");

describe("SKILL.md", () => {
  it("has valid frontmatter (name, description) matching its folder", () => {
    const fm = parseFrontmatter(source);
    expect(fm.name).toBe("patttterns");
    expect(SKILL_SOURCE.endsWith(`skills/${fm.name}/SKILL.md`)).toBe(true);
    expect(fm.description.length).toBeGreaterThan(80);
  });

  it("teaches what the issue asks for", () => {
    for (const needle of [
      "search_components",
      "get_component",
      "version_id",
      "--ui-",
      ":root {",
      "upstream_timeout",
      "upstream_error",
      "invalid_args",
      "pattern_not_found",
      "component_not_found",
      "version_not_found",
      // The shadcn way in, and when to take it; the validator's rule for a lost component.
      "components.json",
      "usage_rules.shadcn_add",
      '"registries": { "@patttterns": "https://patttterns.com/r/{name}.json" }',
      "component_lost",
    ]) {
      expect(source).toContain(needle);
    }
    expect(source).toMatch(/upstream_timeout.*upstream_error.*\|\s*\*\*Once\*\*/);
    for (const never of ["invalid_args", "pattern_not_found", "component_not_found", "version_not_found"]) {
      expect(source).toMatch(new RegExp(`\\| \`${never}\` \\| Never \\|`));
    }
  });

  it("every generated file matches the source (run `npm run build` when this fails)", async () => {
    const outputs = await renderSkillOutputs();
    expect(Object.keys(outputs).sort()).toEqual([
      "generated/skill.ts",
      "public/.well-known/agent-skills/index.json",
      "public/.well-known/agent-skills/patttterns/SKILL.md",
    ]);
    for (const [path, content] of Object.entries(outputs))
      expect(await readFile(join(ROOT, path), "utf8"), path).toBe(content);
    expect(SKILL.markdown).toBe(source);
    const index = JSON.parse(outputs["public/.well-known/agent-skills/index.json"]);
    expect(index.skills[0].digest).toBe(`sha256:${createHash("sha256").update(source).digest("hex")}`);
  });
});

describe("the skill as an MCP resource", () => {
  const app = testApp();

  it("is listed and read back byte for byte as text/markdown, in both eras", async () => {
    const list = (await (await app.handle(modern("resources/list"))).json()).result;
    expect(list.resources).toContainEqual(expect.objectContaining({ uri: SKILL_URI, mimeType: "text/markdown" }));
    const current = (await (await app.handle(modern("resources/read", { uri: SKILL_URI }))).json()).result;
    expect(current.contents).toEqual([{ uri: SKILL_URI, mimeType: "text/markdown", text: source }]);
    expect(current.ttlMs).toBeGreaterThan(0);
    const legacy = (
      await (
        await app.handle(post({ jsonrpc: "2.0", id: 1, method: "resources/read", params: { uri: SKILL_URI } }))
      ).json()
    ).result;
    expect(legacy.contents[0].text).toBe(source);
  });
});
