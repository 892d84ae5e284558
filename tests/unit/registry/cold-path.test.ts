/**
 * The registry's edge function loads what an item needs and nothing of the MCP endpoint: no protocol
 * core, tools, usage recording, validator, preview or page, neither with its first request nor later
 * (no dynamic import reaches them either). Type-only imports are left out: they load nothing.
 */
import { describe, expect, it } from "vitest";
import { importGraph, reachable } from "../../../scripts/dev/architecture.ts";
import { ROOT } from "../../../scripts/lib/repo-root.ts";

const ENTRY = "netlify/edge-functions/registry.ts";
const NOT_LOADED = [
  /^src\/mcp\//,
  /^src\/tools\//,
  /^src\/usage\//,
  /^src\/validate\//,
  /^src\/page\//,
  /^src\/apps\//,
];

describe("the registry's cold path", () => {
  const loaded = reachable(importGraph(ROOT, ["src", "netlify"], { types: false }), ENTRY);

  it("loads the catalog, the component store, the theme and the registry", () => {
    for (const m of [
      "src/registry/handler.ts",
      "src/catalog/catalog.ts",
      "src/components/source.ts",
      "src/theme/tokens.ts",
    ])
      expect(loaded).toContain(m);
  });

  it("never loads the MCP core, the tools, usage, the validator, the preview or the page", () => {
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
