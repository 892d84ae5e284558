/**
 * validate_component as agents call it: in process over the fixtures (the version rule, every error
 * and bound, what usage records). The edge's way, through the site's validate function:
 * function.test.ts beside this file, and served: tests/served/validate/tool.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalBlobs, startBlobs } from "../../helpers/blobs.ts";
import { catalogData, fixtures, testApp } from "../../helpers/app.ts";
import { callTool } from "../../helpers/tools.ts";
import { CODE_MAX_BYTES } from "../../../src/validate/validation.ts";
import { dump, toolCall, usageApp, usageStore } from "../../helpers/usage.ts";

const app = testApp();
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
const datePicker = fixtures.find((f) => f.name === "date-picker")!;
const codeOf = (f: (typeof fixtures)[number], versionId: string) =>
  decoder.decode(f.code.find((c) => c.versionId === versionId)!.bytes);
const validate = (args: Record<string, unknown>) => callTool(app, "validate_component", args);

describe("validate_component in tools/list", () => {
  it("is listed read-only, after get_component, with its three arguments and when to call it", async () => {
    const { tools } = (
      await (
        await app.handle(
          new Request("http://127.0.0.1:8888/mcp", {
            method: "POST",
            headers: {
              "content-type": "application/json",
              accept: "application/json",
              "mcp-protocol-version": "2025-11-25",
            },
            body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
          }),
        )
      ).json()
    ).result;
    const names = tools.map((t: { name: string }) => t.name);
    expect(names.indexOf("validate_component")).toBe(names.indexOf("get_component") + 1);
    const tool = tools.find((t: { name: string }) => t.name === "validate_component");
    expect(tool.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(tool.description).toMatch(/after adapting a component .* and before you finish/);
    expect(tool.description).toContain("never rewrites code");
    expect(Object.keys(tool.inputSchema.properties)).toEqual(["pattern_id", "version_id", "code"]);
    expect(tool.inputSchema.required).toEqual(["pattern_id", "code"]);
    expect(tool.inputSchema.properties.code).toMatchObject({ type: "string", minLength: 1, maxLength: CODE_MAX_BYTES });
  });
});

describe("the server card and the MCP page", () => {
  it("list validate_component, and the card the tokens resource", async () => {
    const card = await (await app.handle(new Request("http://127.0.0.1:8888/.well-known/mcp/server-card.json"))).json();
    expect(card.tools.map((t: { name: string }) => t.name)).toContain("validate_component");
    expect(card.resources.map((r: { uri: string }) => r.uri)).toContain("patttterns://theme/tokens.css");
    const page = await (
      await app.handle(new Request("http://127.0.0.1:8888/mcp", { headers: { accept: "text/html" } }))
    ).text();
    expect(page).toContain("validate_component");
  });
});

describe("validate_component in process", () => {
  it("the active version unchanged: ok, no findings, and the base it compared with", async () => {
    const active = datePicker.index.activeVersionId;
    const code = codeOf(datePicker, active);
    const got = await callTool(app, "get_component", { pattern_id: "#77" });
    const r = await validate({ pattern_id: "#77", code });
    expect(r.isError).toBe(false);
    expect(r.data).toEqual({ ok: true, findings: [], base: { version_id: active, sha256: got.data.metadata.sha256 } });
  });

  it("an edit of a pinned version: compared with that version, findings with their lines", async () => {
    const seed = codeOf(datePicker, "seed");
    const edited = seed.replace('className="', 'className="bg-blue-600 ');
    const r = await validate({ pattern_id: datePicker.entry.id, version_id: " SEED ", code: edited });
    expect(r.isError).toBe(false);
    expect(r.data.ok).toBe(false);
    expect(r.data.base.version_id).toBe("seed");
    expect(r.data.findings).toEqual([
      {
        rule: "hardcoded_color",
        severity: "error",
        message: expect.stringContaining("bg-blue-600"),
        line: edited.slice(0, edited.indexOf("bg-blue-600")).split("\n").length,
        suggestion: expect.stringContaining("bg-[var(--ui-info)]"),
      },
    ]);
    // The same edit against the active version differs from it elsewhere too, so it says more.
    expect((await validate({ pattern_id: "#77", code: edited })).data.findings.length).toBeGreaterThan(0);
  });

  it("the component replaced by a number: read as the string, not ok, component_lost on line 1", async () => {
    const r = await validate({ pattern_id: "#77", code: 42 });
    expect(r.isError).toBe(false);
    expect(r.data.ok).toBe(false);
    expect(r.data.findings).toContainEqual(
      expect.objectContaining({ rule: "component_lost", severity: "error", line: 1 }),
    );
  });

  it.each([
    ["no code", { pattern_id: "#77" }],
    ["code that is not a string", { pattern_id: "#77", code: { tsx: "x" } }],
    ["empty code", { pattern_id: "#77", code: "" }],
    ["code over 256 K characters", { pattern_id: "#77", code: "x".repeat(CODE_MAX_BYTES + 1) }],
  ])("%s: invalid_args with a suggestion", async (_label, args) => {
    const r = await validate(args);
    expect(r.isError).toBe(true);
    expect(r.data.error).toMatchObject({ code: "invalid_args", retryable: false, suggestion: expect.any(String) });
    expect(r.data.error.message).toContain("code");
  });

  it("whitespace only, or over 256 KB of UTF-8 in fewer characters: invalid_args saying which", async () => {
    const blank = await validate({ pattern_id: "#77", code: " \n\t " });
    expect(blank.data.error).toMatchObject({ code: "invalid_args", message: expect.stringContaining("empty") });
    expect(blank.data.error.suggestion).toContain("whole component file");
    const wide = "é".repeat(CODE_MAX_BYTES / 2 + 1); // 2 bytes each
    expect(wide.length).toBeLessThan(CODE_MAX_BYTES);
    const big = await validate({ pattern_id: "#77", code: wide });
    expect(big.data.error).toMatchObject({ code: "invalid_args", message: expect.stringContaining("bytes of UTF-8") });
  });

  it("unknown refs and versions give the usual errors", async () => {
    const code = codeOf(datePicker, "v1");
    expect((await validate({ pattern_id: "#99999", code })).data.error.code).toBe("pattern_not_found");
    const v9 = await validate({ pattern_id: "#77", version_id: "v9", code });
    expect(v9.data.error).toMatchObject({ code: "version_not_found", available_versions: ["seed", "v1", "v2"] });
    const unflagged = (catalogData as { catalogNumber: number; hasGeneratedComponent?: boolean }[]).find(
      (e) => !e.hasGeneratedComponent,
    )!;
    const none = await validate({ pattern_id: `#${unflagged.catalogNumber}`, code });
    expect(none.data.error.code).toBe("component_not_found");
    const hidden = fixtures.find((f) => f.index.versions.some((v) => v.hiddenAt))!;
    const hiddenId = hidden.index.versions.find((v) => v.hiddenAt)!.versionId;
    expect((await validate({ pattern_id: hidden.entry.id, version_id: hiddenId, code })).data.error.code).toBe(
      "version_not_found",
    );
  });
});

describe("usage records the call, never the code", () => {
  let blobs: LocalBlobs;
  beforeAll(async () => {
    blobs = await startBlobs();
  });
  afterAll(() => blobs.stop());

  it("one event and log line naming the tool and the pattern; the code's text appears in neither", async () => {
    const { app: recorded, lines } = usageApp(blobs.config, { secret: "s" });
    const marker = "UNMISTAKABLE_MARKER_7f3a";
    const code = `${codeOf(datePicker, "v1")}\nconst ${marker} = "${marker}";\n`;
    const res = await recorded.handle(await toolCall("validate_component", { pattern_id: "#77", code }, "claude-code"));
    expect(res.status).toBe(200);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0].slice("[mcp-usage] ".length))).toMatchObject({
      tool: "validate_component",
      status: "ok",
      pattern_id: datePicker.entry.id,
      version_id: "v1",
    });
    expect(lines[0]).not.toContain(marker);
    const stored = [...(await dump(usageStore(blobs.config))).values()];
    expect(stored.some((s) => s.includes('"validate_component"'))).toBe(true);
    for (const s of stored) expect(s).not.toContain(marker);
  });
});
