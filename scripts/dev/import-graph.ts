/**
 * The import graph of the deployed code (src/ and netlify/), and the two rules it keeps: no import
 * cycles, and the protocol layer (src/mcp) imports nothing outside itself but web standards. Both
 * rules are checked by `npm run check` (tests/unit/architecture.test.ts) and printed by
 * `tsx scripts/dev/import-graph.ts`.
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

/** Every module under `dirs` (relative to `root`) and what it imports: repo paths, or package names. */
export function importGraph(root: string, dirs: string[], { dynamic = true } = {}): Graph {
  const graph: Graph = new Map();
  for (const file of dirs.flatMap((d) => sources(join(root, d)))) {
    // Comments may quote an import; block comments and whole-line or trailing `//` comments go first.
    const text = readFileSync(file, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/(^|\s)\/\/.*$/gm, "$1");
    // Relative imports as repo paths; packages (and node: builtins) as they are named.
    const found = [...text.matchAll(STATIC), ...(dynamic ? text.matchAll(DYNAMIC) : [])];
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const graph = importGraph(ROOT, ["src", "netlify"]);
  const found = cycles(graph);
  const out = leaves(graph, "src/mcp");
  console.log(`${graph.size} modules, ${[...graph.values()].reduce((n, t) => n + t.length, 0)} imports`);
  console.log(found.length ? `cycles:\n${found.map((c) => `  ${c.join(" <-> ")}`).join("\n")}` : "no cycles");
  console.log(out.length ? `src/mcp imports outside itself:\n  ${out.join("\n  ")}` : "src/mcp imports only itself");
  if (found.length || out.length) process.exit(1);
}
