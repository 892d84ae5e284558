/**
 * The registry's edge function loads what an item needs and nothing of the MCP endpoint: no protocol
 * core, tools, validator, preview or page, neither with its first request nor later (no dynamic
 * import reaches them either). It records usage through the same recorder as /mcp, and loads that
 * recorder and nothing more of usage. Type-only imports are left out: they load nothing.
 */
import { describe, expect, it } from "vitest";
import { importGraph, reachable } from "../../../scripts/dev/architecture.ts";
import { ROOT } from "../../../scripts/lib/repo-root.ts";

const ENTRY = "netlify/edge-functions/registry.ts";
const NOT_LOADED = [/^src\/mcp\//, /^src\/tools\//, /^src\/validate\//, /^src\/page\//, /^src\/apps\//];

describe("the registry's cold path", () => {
  const loaded = reachable(importGraph(ROOT, ["src", "netlify"], { types: false }), ENTRY);

  it("loads the catalog, the component store, the theme, the registry and the usage recorder", () => {
    for (const m of [
      "src/registry/handler.ts",
      "src/catalog/catalog.ts",
      "src/components/source.ts",
      "src/theme/tokens.ts",
      "src/usage/recorder.ts",
    ])
      expect(loaded).toContain(m);
  });

  it("loads of usage only what recording takes: never the fold, the counters or the chatbot's records", () => {
    const recording = ["event", "hash", "queries", "recorder", "session"].map((m) => `src/usage/${m}.ts`);
    expect([...loaded].filter((m) => m.startsWith("src/usage/")).sort()).toEqual(recording);
  });

  it("never loads the MCP core, the tools, the validator, the preview or the page", () => {
    expect([...loaded].filter((m) => NOT_LOADED.some((p) => p.test(m)))).toEqual([]);
    expect(loaded).not.toContain("src/app.ts");
    expect([...loaded].filter((m) => /preview-html|skill|sucrase/.test(m))).toEqual([]);
  });

  it("the checker sees the MCP function load the protocol core, so it would see the registry's too", () => {
    const mcp = reachable(importGraph(ROOT, ["src", "netlify"], { types: false }), "netlify/edge-functions/mcp.ts");
    expect(mcp).toContain("src/mcp/server.ts");
    expect(mcp).toContain("src/app.ts");
  });
});
