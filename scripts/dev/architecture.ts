/**
 * The import graph of the deployed code (src/ and netlify/), and the two rules it keeps: no import
 * cycles, and the protocol layer (src/mcp) imports nothing outside itself but web standards; and the
 * test layers (every test file in a vitest project's folder, the served endpoint read only in
 * tests/served/). The rules are checked by `npm run check` (tests/unit/architecture.test.ts) and
 * printed by `tsx scripts/dev/architecture.ts`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { ROOT } from "../lib/repo-root.ts";

/** Static imports and re-exports, type-only included; and dynamic imports of a literal specifier. */
const STATIC = /^\s*(?:import|export)\b[^;"'`]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']/gm;
const DYNAMIC = /\bimport\s*\(\s*["']([^"']+)["']/gm;

export type Graph = Map<string, string[]>;

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sources(path);
    return /\.m?tsx?$/.test(d.name) ? [path] : [];
  });

/** An `import type` / `export type` statement: erased at run time, so no module is loaded for it. */
const TYPE_ONLY = /^\s*(?:import|export)\s+type\b/;

/**
 * Every module under `dirs` (relative to `root`) and what it imports: repo paths, or package names.
 * `types: false` leaves out type-only statements: what a runtime actually loads.
 */
export function importGraph(root: string, dirs: string[], { dynamic = true, types = true } = {}): Graph {
  const graph: Graph = new Map();
  for (const file of dirs.flatMap((d) => sources(join(root, d)))) {
    // Comments may quote an import; block comments and whole-line or trailing `//` comments go first.
    const text = readFileSync(file, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/(^|\s)\/\/.*$/gm, "$1");
    // Relative imports as repo paths; packages (and node: builtins) as they are named.
    const statics = [...text.matchAll(STATIC)].filter((m) => types || !TYPE_ONLY.test(m[0]));
    const found = [...statics, ...(dynamic ? text.matchAll(DYNAMIC) : [])];
    const targets = found
      .map((m) => m[1] ?? m[2])
      .map((s) => (s.startsWith(".") ? relative(root, resolve(dirname(file), s)) : s));
    graph.set(relative(root, file), [...new Set(targets)]);
  }
  return graph;
}

/** The modules `from` loads with it: itself and everything it reaches in `graph`. */
export function reachable(graph: Graph, from: string): Set<string> {
  const seen = new Set<string>();
  const visit = (v: string) => {
    if (seen.has(v)) return;
    seen.add(v);
    for (const w of graph.get(v) ?? []) visit(w);
  };
  visit(from);
  return seen;
}

/** The import cycles of `graph`, each as the list of its modules (one per strongly connected set). */
export function cycles(graph: Graph): string[][] {
  // Tarjan's algorithm: a strongly connected set of more than one module, or a self-import, is a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const set: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      set.push(w);
    } while (w !== v);
    if (set.length > 1 || graph.get(v)?.includes(v)) found.push(set.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** Imports by modules under `inside` of anything outside it (modules or packages), as "from -> to". */
export function leaves(graph: Graph, inside: string): string[] {
  const within = (p: string) => p.startsWith(`${inside}/`);
  return [...graph]
    .filter(([from]) => within(from))
    .flatMap(([from, tos]) => tos.filter((to) => !within(to)).map((to) => `${from} -> ${to}`));
}

/** Modules under `dir` that no entry reaches: code the deployed functions never run (type declarations aside). */
export function unreachable(graph: Graph, entries: string[], dir: string): string[] {
  const reached = new Set(entries.flatMap((e) => [...reachable(graph, e)]));
  return [...graph.keys()].filter((m) => m.startsWith(`${dir}/`) && !m.endsWith(".d.ts") && !reached.has(m)).sort();
}

/** Imports of files under `dir` from outside it, other than its public surface `surface`. */
export function pastSurface(graph: Graph, dir: string, surface: string): string[] {
  const inside = (p: string) => p.startsWith(`${dir}/`);
  return [...graph]
    .filter(([from]) => !inside(from))
    .flatMap(([from, tos]) => tos.filter((to) => inside(to) && to !== surface).map((to) => `${from} -> ${to}`));
}

/** A module's text without its comments, for rules about code. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\w])\/\/.*$/gm, "$1");

/** An environment handed over whole to the configuration module: the one way an adapter may touch it. */
const HANDED_OVER = /readConfig\(\s*(?:process\.env|Netlify\.env\.toObject\(\)|Deno\.env\.toObject\(\))\s*\)/g;
/** A runtime's environment, or a variable read off any `env` record (`env.SITE_URL`, `env["PORT"]`). */
const ENV_READ =
  /\b(?:process\.env|Deno\.env|Netlify\.env)\b|\benv\s*(?:\?\.|\.)\s*[A-Z][A-Z0-9_]+\b|\benv\s*\[\s*["'`][A-Z]/g;

/** Where modules under `dirs` read the environment, but for `allowed` (the configuration module), as "file: text". */
export function envReads(root: string, dirs: string[], allowed: string): string[] {
  return dirs
    .flatMap((d) => sources(join(root, d)))
    .map((file) => [relative(root, file), code(readFileSync(file, "utf8")).replace(HANDED_OVER, "")] as const)
    .filter(([path]) => path !== allowed)
    .flatMap(([path, text]) => [...text.matchAll(ENV_READ)].map((m) => `${path}: ${m[0]}`));
}

/** Where modules under `dir` (comments included) name any of `words` as a whole word, as "file: word". */
export function mentions(root: string, dir: string, words: string[]): string[] {
  if (!words.length) return [];
  const pattern = new RegExp(`\\b(?:${words.join("|")})\\b`, "g");
  return sources(join(root, dir)).flatMap((file) => {
    const found = new Set(readFileSync(file, "utf8").match(pattern) ?? []);
    return [...found].map((w) => `${relative(root, file)}: ${w}`);
  });
}

/**
 * The test projects' folders (vitest.config.ts): unit, integration, served; the benchmark's test runs
 * with integration.
 */
export const TEST_LAYERS = ["tests/unit", "tests/integration", "tests/served", "tests/benchmark"];
/** Reading the served endpoint: its injected URLs or processes, or the helper that names both servers. */
const SERVED_READ = /\binject\(\s*["'](?:servedUrl|emulatedUrl|servedPids)["']|\/helpers\/served\.ts["']/;

/**
 * Test files under `root`/tests that break the layers, as "file: why": in no project's folder (so no
 * project runs them), reading the served endpoint outside tests/served/, or in it without reading it.
 */
export function layerBreaks(root: string): string[] {
  return sources(join(root, "tests"))
    .map((file) => relative(root, file))
    .filter((path) => path.endsWith(".test.ts"))
    .flatMap((path) => {
      const layer = TEST_LAYERS.find((l) => path.startsWith(`${l}/`));
      if (!layer) return [`${path}: in no test project's folder, so no project runs it`];
      const reads = SERVED_READ.test(code(readFileSync(join(root, path), "utf8")));
      if (layer === "tests/served" && !reads) return [`${path}: in tests/served/ but never reads the served endpoint`];
      if (layer !== "tests/served" && reads) return [`${path}: reads the served endpoint outside tests/served/`];
      return [];
    });
}

/** The deployed entry points: every function Netlify runs. */
export const ENTRIES = [
  "netlify/edge-functions/mcp.ts",
  "netlify/edge-functions/registry.ts",
  "netlify/functions/chatbot-proxy.mts",
  "netlify/functions/usage-fold.mts",
  "netlify/functions/validate.mts",
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const graph = importGraph(ROOT, ["src", "netlify"]);
  const report: [string, string[]][] = [
    ["import cycles", cycles(graph).map((c) => c.join(" <-> "))],
    ["src/http imports outside itself", leaves(graph, "src/http")],
    [
      "src/mcp imports outside src/mcp and src/http",
      leaves(graph, "src/mcp").filter((l) => !l.includes(" -> src/http/")),
    ],
    ["imports past src/http/index.ts", pastSurface(graph, "src/http", "src/http/index.ts")],
    ["src/ modules no deployed function reaches", unreachable(graph, ENTRIES, "src")],
    ["environment reads outside src/config.ts", envReads(ROOT, ["src", "netlify"], "src/config.ts")],
    ["test files outside their layer", layerBreaks(ROOT)],
  ];
  console.log(`${graph.size} modules, ${[...graph.values()].reduce((n, t) => n + t.length, 0)} imports`);
  for (const [rule, found] of report) console.log(found.length ? `${rule}:\n  ${found.join("\n  ")}` : `${rule}: none`);
  if (report.some(([, found]) => found.length)) process.exit(1);
}
