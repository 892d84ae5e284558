/**
 * The layers of the deployed code (scripts/dev/architecture.ts): no cycles, a protocol core that
 * stands alone and knows no domain, one public surface for the HTTP helpers, nothing in src/ that
 * only tests or scripts use, and one module that reads the environment; nothing of the product that
 * imports the lab; and the test layers: every test file in a project's folder, the served endpoint
 * read only in tests/served/. The checker is tested too.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  cycles,
  ENTRIES,
  envReads,
  importGraph,
  layerBreaks,
  leaves,
  mentions,
  pastSurface,
  reachable,
  TEST_LAYERS,
  unreachable,
} from "../../scripts/dev/architecture.ts";
import { ROOT } from "../../scripts/lib/repo-root.ts";
import { tools } from "../../src/tools/index.ts";
import config from "../../vitest.config.ts";

/** What src/mcp must never name: the domain's identifiers and its tools. */
const DOMAIN_NAMES = ["pattern_id", "version_id", ...tools.map((t) => t.name)];

describe("the import graph of src/ and netlify/", () => {
  const graph = importGraph(ROOT, ["src", "netlify"]);

  it("reads every module and its imports", () => {
    expect(graph.get("netlify/edge-functions/mcp.ts")).toContain("src/app.ts");
    expect(graph.size).toBeGreaterThan(50);
  });

  it("has no import cycles", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("a cold isolate loads neither the browser page, the skill's or the catalog map's markdown nor the validator: all are imported on demand", () => {
    // What a module loads: its static imports, not its type-only ones (erased before it runs).
    const statics = importGraph(ROOT, ["src", "netlify"], { dynamic: false, types: false });
    const cold = reachable(statics, "netlify/edge-functions/mcp.ts");
    expect(cold).toContain("src/app.ts");
    expect(cold).not.toContain("src/page/page.ts");
    expect(cold).not.toContain("generated/skill.ts");
    expect(cold).not.toContain("generated/catalog-map.ts");
    // validate_component's validator, and with it sucrase's parser: the validate function's, and the
    // isolate's only on a validation it does itself.
    expect(cold).not.toContain("src/validate/validate.ts");
    expect([...cold].some((m) => m.includes("sucrase"))).toBe(false);
    expect(reachable(graph, "netlify/edge-functions/mcp.ts")).toContain("src/page/page.ts");
  });

  it("src/mcp imports only src/mcp and src/http's surface, not even a package; src/http imports nothing", () => {
    expect(leaves(graph, "src/mcp").filter((l) => !l.endsWith(" -> src/http/index.ts"))).toEqual([]);
    expect(leaves(graph, "src/http")).toEqual([]);
  });

  it("outside src/http, only its public surface src/http/index.ts is imported", () => {
    expect(pastSurface(graph, "src/http", "src/http/index.ts")).toEqual([]);
  });

  it("every module of src/ runs in a deployed function: none is there for tests or scripts only", () => {
    expect(unreachable(graph, ENTRIES, "src")).toEqual([]);
  });

  it("only src/config.ts reads the environment; the adapters hand theirs over whole", () => {
    expect(envReads(ROOT, ["src", "netlify"], "src/config.ts")).toEqual([]);
  });

  it("src/mcp names nothing of the domain: no pattern_id, version_id or tool name", () => {
    expect(DOMAIN_NAMES).toContain("get_component");
    expect(mentions(ROOT, "src/mcp", DOMAIN_NAMES)).toEqual([]);
  });
});

describe("the lab (bench/), a package of its own", () => {
  it("nothing of the product imports it but the bench test, so a product install runs without it", () => {
    const product = importGraph(ROOT, ["src", "netlify", "scripts", "tests", "preview"]);
    const intoLab = [...product].flatMap(([from, tos]) =>
      tos.filter((to) => to.startsWith("bench/")).map((to) => `${from} -> ${to}`),
    );
    // The bench test is the lab's own in `npm test`: it installs the lab and runs it.
    expect(intoLab.some((l) => l.startsWith("tests/benchmark/bench.test.ts -> "))).toBe(true);
    expect(intoLab.filter((l) => !l.startsWith("tests/benchmark/"))).toEqual([]);
  });
});

describe("the test layers (vitest.config.ts)", () => {
  it("each layer's folder is in a project's files, and the served endpoint only in tests/served/'s global setup", () => {
    const projects = (config.test?.projects ?? []) as {
      test: { name: string; include: string[]; globalSetup?: string[] };
    }[];
    const included = projects.flatMap((p) => p.test.include);
    for (const layer of TEST_LAYERS) expect(included).toContain(`${layer}/**/*.test.ts`);
    const served = projects.filter((p) => p.test.globalSetup?.includes("tests/setup/served.ts"));
    expect(served.map((p) => p.test.include)).toEqual([["tests/served/**/*.test.ts"]]);
  });

  it("every test file is in a layer's folder; only tests/served/ reads the served endpoint, and all of it does", () => {
    expect(layerBreaks(ROOT)).toEqual([]);
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
  write("src/mcp/c.ts", 'const a = () => import("./a.ts");\n// names the pattern_id\n');
  write("src/domain.ts", 'import "./domain.ts";\nimport { y } from "./http/body.ts";\n');
  write("src/http/body.ts", "export const y = 1;\n");
  write("src/orphan.ts", "export const z = 1;\n");
  write("src/config.ts", "export const read = (env) => env.SITE_URL;\n");
  write(
    "netlify/entry.ts",
    [
      'import "../src/domain.ts";',
      'import "../src/mcp/a.ts";',
      "const config = readConfig(Netlify.env.toObject());",
      "const port = opts.env.PORT ?? Deno.env.get('PORT');",
      "// process.env in a comment is no read",
      "",
    ].join("\n"),
  );
  // Split, so that this file itself reads no served endpoint.
  write("tests/served/uses.test.ts", "const url = inject(" + '"servedUrl");\n');
  write("tests/served/idle.test.ts", "// inject(" + '"servedUrl") in a comment is no read\n');
  write("tests/unit/reads.test.ts", 'import { SERVED } from "../helpers/' + 'served.ts";\n');
  write("tests/integration/blobs.test.ts", "const blobs = await startBlobs();\n");
  write("tests/stray.test.ts", "it('runs nowhere');\n");
  const graph = importGraph(root, ["src", "netlify"]);

  it("a cycle through type-only, re-export and dynamic imports, and a self-import", () => {
    const found = cycles(graph);
    expect(found).toHaveLength(2);
    expect(found).toContainEqual(["src/mcp/a.ts", "src/mcp/b.ts", "src/mcp/c.ts"]);
    expect(found).toContainEqual(["src/domain.ts"]);
  });

  it("imports leaving src/mcp, of a module or of a package", () => {
    expect(leaves(graph, "src/mcp")).toEqual(["src/mcp/a.ts -> src/domain.ts", "src/mcp/b.ts -> zod/mini"]);
  });

  it("an import past a folder's public surface", () => {
    expect(pastSurface(graph, "src/http", "src/http/index.ts")).toEqual(["src/domain.ts -> src/http/body.ts"]);
  });

  it("a module of src/ no entry reaches", () => {
    expect(unreachable(graph, ["netlify/entry.ts"], "src")).toEqual(["src/config.ts", "src/orphan.ts"]);
  });

  it("environment reads outside the configuration module; an environment handed over whole is none", () => {
    expect(envReads(root, ["src", "netlify"], "src/config.ts")).toEqual([
      "netlify/entry.ts: env.PORT",
      "netlify/entry.ts: Deno.env",
    ]);
  });

  it("test files in no layer, reading the served endpoint outside tests/served/, or in it without reading it", () => {
    expect(layerBreaks(root).sort()).toEqual([
      "tests/served/idle.test.ts: in tests/served/ but never reads the served endpoint",
      "tests/stray.test.ts: in no test project's folder, so no project runs it",
      "tests/unit/reads.test.ts: reads the served endpoint outside tests/served/",
    ]);
  });

  it("a domain name in src/mcp, comments included", () => {
    expect(mentions(root, "src/mcp", ["pattern_id", "get_component"])).toEqual(["src/mcp/c.ts: pattern_id"]);
  });
});
