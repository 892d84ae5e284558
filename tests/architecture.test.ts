/** The import map of the deployed code: no cycles, and src/mcp stands alone (web standards only). */
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cycles, importGraph, leaves, reachable } from "../scripts/lib/import-graph.ts";
import { ROOT } from "../scripts/lib/fixtures.ts";

describe("the import graph of src/ and netlify/", () => {
  const graph = importGraph(ROOT, ["src", "netlify"]);

  it("reads every module and its imports", () => {
    expect(graph.get("netlify/edge-functions/mcp.ts")).toContain("src/app.ts");
    expect(graph.size).toBeGreaterThan(50);
  });

  it("has no import cycles", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("a cold isolate loads neither the browser page, the skill's markdown nor the validator: all are imported on demand", () => {
    const cold = reachable(importGraph(ROOT, ["src", "netlify"], { dynamic: false }), "netlify/edge-functions/mcp.ts");
    expect(cold).toContain("src/app.ts");
    expect(cold).not.toContain("src/page/page.ts");
    expect(cold).not.toContain("generated/skill.ts");
    // validate_component's validator, and with it sucrase's parser, load on the tool's first call.
    expect(cold).not.toContain("src/validate/validate.ts");
    expect([...cold].some((m) => m.includes("sucrase"))).toBe(false);
    expect(reachable(graph, "netlify/edge-functions/mcp.ts")).toContain("src/page/page.ts");
  });

  it("src/mcp imports nothing outside src/mcp, not even a package", () => {
    expect(leaves(graph, "src/mcp")).toEqual([]);
  });
});

describe("the checks find what they look for", () => {
  const root = mkdtempSync(join(tmpdir(), "imports-"));
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write("src/mcp/a.ts", 'import type { B } from "./b.ts";\nimport { x } from "../domain.ts";\n');
  write("src/mcp/b.ts", 'export { a } from "./c.ts";\nimport type * as z from "zod/mini";\n');
  write("src/mcp/c.ts", 'const a = () => import("./a.ts");\n');
  write("src/domain.ts", 'import "./domain.ts";\n');
  const graph = importGraph(root, ["src"]);

  it("a cycle through type-only, re-export and dynamic imports, and a self-import", () => {
    const found = cycles(graph);
    expect(found).toHaveLength(2);
    expect(found).toContainEqual(["src/mcp/a.ts", "src/mcp/b.ts", "src/mcp/c.ts"]);
    expect(found).toContainEqual(["src/domain.ts"]);
  });

  it("imports leaving src/mcp, of a module or of a package", () => {
    expect(leaves(graph, "src/mcp")).toEqual(["src/mcp/a.ts -> src/domain.ts", "src/mcp/b.ts -> zod/mini"]);
  });
});
