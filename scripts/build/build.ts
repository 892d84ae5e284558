/**
 * `npm run build`: every generated file from its sources, each generator in turn.
 * - catalog: generated/catalog/ from search_index.json, thesaurus.txt, technical-terms.txt and
 *   absent-interfaces.txt
 *   (scripts/build/catalog.ts)
 * - schemas: generated/input-schemas.json from each tool file's zod input (scripts/build/schemas.ts)
 * - map: generated/catalog-map.ts, the catalog map resource's markdown, from search_index.json
 *   (scripts/build/map.ts)
 * - skill: generated/skill.ts and public/.well-known/agent-skills/ from skills/patttterns/SKILL.md
 *   (scripts/build/skill.ts)
 * - packages: generated/package-versions.ts and generated/lucide-names.ts from package-lock.json and
 *   node_modules/lucide-react (scripts/build/packages.ts)
 * - preview: generated/preview-html.json from preview/ (scripts/build/preview.ts)
 *
 *   tsx scripts/build/build.ts [--check] [--out DIR] [catalog | schemas | map | skill | packages | preview ...]
 *
 * Writes only the files that changed, and removes generated files no longer built. `--check` writes
 * nothing, builds everything in memory and exits 1 naming each stale or missing file. Names pick
 * generators (default: all); `--out` compares with or writes under another directory than the repo.
 * `npm start` runs it first, Netlify's build runs it, CI runs it with `--check`.
 */
import { resolve } from "node:path";
import { ROOT } from "../lib/repo-root.ts";
import { buildCache, type Generator, staleOutputs, writeOutputs } from "./generated.ts";
import { parseArgsOr } from "../lib/args.ts";

/** Loaded when they run (the preview's pulls in esbuild), the slowest last so a fast one fails first. */
const GENERATORS: Record<string, () => Promise<Generator>> = {
  catalog: () => import("./catalog.ts").then((m) => m.catalogGenerator),
  schemas: () => import("./schemas.ts").then((m) => m.schemasGenerator),
  skill: () => import("./skill.ts").then((m) => m.skillGenerator),
  map: () => import("./map.ts").then((m) => m.mapGenerator),
  packages: () => import("./packages.ts").then((m) => m.packagesGenerator),
  preview: () => import("./preview.ts").then((m) => m.previewGenerator),
};

const usage = (why: string): never => {
  console.error(
    `${why}\nusage: npm run build -- [--check] [--out DIR] [catalog | schemas | map | skill | packages | preview ...]`,
  );
  process.exit(2);
};
const { values: opt, positionals: names } = parseArgsOr(
  {
    allowPositionals: true,
    options: { check: { type: "boolean", default: false }, out: { type: "string", default: ROOT } },
  },
  usage,
);
const unknown = names.filter((n) => !Object.hasOwn(GENERATORS, n));
if (unknown.length) {
  console.error(`no generator named ${unknown.join(", ")}: pick from ${Object.keys(GENERATORS).join(", ")}`);
  process.exit(2);
}
const root = resolve(opt.out);
// The fingerprints describe the repo's own files: a check, or a build elsewhere, neither reads nor writes them.
const cache = !opt.check && root === resolve(ROOT) ? buildCache(ROOT) : undefined;

const list = (paths: string[]) =>
  `${paths.slice(0, 5).join(", ")}${paths.length > 5 ? `, and ${paths.length - 5} more` : ""}`;
const since = (t: number) => `${Math.round(performance.now() - t)} ms`;

const started = performance.now();
const stale: string[] = [];
for (const [name, load] of Object.entries(GENERATORS).filter(([n]) => !names.length || names.includes(n))) {
  const t = performance.now();
  if (await cache?.unchanged(name)) {
    console.log(`${name}: current, its inputs unchanged since it last ran, ${since(t)}`);
    continue;
  }
  const g = await load();
  const built = await g.build();
  const changed = await (opt.check ? staleOutputs : writeOutputs)(root, built.files, g.owns);
  if (opt.check) stale.push(...changed);
  else if (cache && built.inputs) await cache.record(g.name, built.inputs, [...built.files.keys()]);
  const status = !changed.length ? "current" : `${opt.check ? "stale:" : "updated"} ${list(changed)} from ${g.from}`;
  console.log(`${g.name}: ${status}${built.note ? ` (${built.note})` : ""}, ${since(t)}`);
}
if (stale.length) {
  console.error(`stale: ${list(stale)}: run npm run build`);
  process.exit(1);
}
console.log(`${opt.check ? "checked" : "built"} in ${since(started)}`);
