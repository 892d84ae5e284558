/**
 * `npm run bench:engines`: our catalog search against stock MiniSearch and Orama (bench/engines/),
 * measured the same way for each: relevance on the dev and holdout query sets over the shipped
 * catalog; at 10,000 generated patterns, search p50/p99 and cold start in fresh Node processes
 * (bench/engine-child.ts) and the serialized index's size; the engine's minified bundle.
 * Prints tables, or with --json one JSON object. Most of its time is Orama searching; --rounds 3 shortens it.
 *
 *   npm run bench:engines -- [--json] [--rounds 5] [--cold-runs 3] [--count 10000]
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import * as shippedFiles from "../generated/catalog/load.ts";
import type { Entry } from "../src/catalog/schema.ts";
import { buildCatalogFiles, THESAURUS, writeCatalogFiles } from "../scripts/build/catalog.ts";
import { generateCatalog } from "../scripts/lib/gen-catalog.ts";
import { loadCatalog } from "../scripts/lib/fixtures.ts";
import { ROOT } from "../scripts/lib/repo-root.ts";
import { queryMix } from "./query-mix.ts";
import { measure, readQuerySet } from "../scripts/dev/relevance.ts";
import { median, rotate, round } from "../scripts/lib/stats.ts";
import { EDGE_BUILD } from "../scripts/lib/edge-bundle.ts";
import { runJson } from "./child.ts";
import {
  type Cold,
  ENGINES,
  type Engine,
  type EnginesResult,
  report,
  type Scores,
  type SearchTimes,
} from "./engines-report.ts";
import type { Searcher } from "./engines/doc.ts";
import * as minisearch from "./engines/minisearch.ts";
import * as orama from "./engines/orama.ts";
import * as ours from "./engines/ours.ts";

const { values: opt } = parseArgs({
  options: {
    json: { type: "boolean", default: false },
    rounds: { type: "string", default: "5" },
    "cold-runs": { type: "string", default: "3" },
    count: { type: "string", default: "10000" },
  },
});
const per = <T>(f: (e: Engine) => T) => Object.fromEntries(ENGINES.map((e) => [e, f(e)])) as Record<Engine, T>;
const SETS = {
  dev: join(ROOT, "tests/relevance/dev-queries.json"),
  holdout: join(ROOT, "tests/relevance/holdout-queries.json"),
};
const CHILD = join(ROOT, "bench/engine-child.ts");
const version = (pkg: string) =>
  JSON.parse(readFileSync(join(ROOT, "bench/node_modules", pkg, "package.json"), "utf8")).version as string;
const settings = {
  count: Number(opt.count),
  mix: 500,
  rounds: Number(opt.rounds),
  cold_runs: Number(opt["cold-runs"]),
};
const started = Date.now();
const log = (line: string) => console.error(`[engines] ${Math.round((Date.now() - started) / 1000)} s: ${line}`);
const loadAtStart = loadavg().map((x) => round(x));

/** Relevance of one engine on one query set over `entries`, titles looked up by id. */
async function relevance(search: Searcher, entries: readonly Entry[], set: string): Promise<Scores> {
  const titleOf = new Map(entries.map((e) => [e.id, e.title]));
  const { outcomes: _, ...r } = await measure(await readQuerySet(set), async (q) =>
    (await search(q)).map((id) => titleOf.get(id) ?? id),
  );
  return r;
}

/**
 * Plain JS for the child processes: the child script, and our catalog's load.ts with its group
 * modules (its JSON files left to Node). Under tsx's loader every module load passes through its
 * hooks, and a JSON import (ours' search tables) took several times as long as in plain Node: a
 * cost of the harness, not of an engine, and one only ours would pay.
 */
async function plainJs(dir: string, out: string) {
  const base = { bundle: true, format: "esm", logLevel: "error" } as const;
  await build({
    ...base,
    platform: "neutral",
    entryPoints: [join(dir, "load.ts")],
    outfile: join(dir, "load.mjs"),
    external: ["*.json"],
  });
  await build({ ...base, platform: "node", entryPoints: [CHILD], outfile: out });
  return <T>(args: string[]) => runJson<T>(process.execPath, [out, ...args]);
}

/**
 * The engine's code as it would ship: an entry exporting its `open` (load an index, then search),
 * bundled as an edge function is.
 */
async function bundle(engine: Engine, outfile: string) {
  const contents = `export { open } from ${JSON.stringify(join(ROOT, `bench/engines/${engine}.ts`))};`;
  await build({ ...EDGE_BUILD, stdin: { contents, resolveDir: ROOT, loader: "ts" }, outfile });
  const bytes = readFileSync(outfile);
  return { minified: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength };
}

const work = await mkdtemp(join(tmpdir(), "patttterns-engines-"));
try {
  log("relevance over the shipped catalog");
  const shipped = await loadCatalog();
  const open: Record<Engine, Searcher> = {
    ours: ours.open(shippedFiles),
    minisearch: minisearch.open(minisearch.serialize(shipped)),
    orama: orama.open(await orama.serialize(shipped)),
  };
  const rel = {} as Record<Engine, Record<keyof typeof SETS, Scores>>;
  for (const e of ENGINES)
    rel[e] = {
      dev: await relevance(open[e], shipped, SETS.dev),
      holdout: await relevance(open[e], shipped, SETS.holdout),
    };

  log(`building the ${settings.count}-pattern catalog and the stock engines' indexes`);
  const dir = join(work, "catalog");
  const generated = generateCatalog(shipped, settings.count, 1);
  await writeCatalogFiles(
    dir,
    await buildCatalogFiles(JSON.stringify(generated), { thesaurus: readFileSync(THESAURUS, "utf8") }),
  );
  await writeFile(join(dir, "minisearch.json"), minisearch.serialize(generated));
  await writeFile(join(dir, "orama.json"), await orama.serialize(generated));
  // The mix reads the built entry files, as search-child.ts does, so both draw the same queries;
  // its category filters are dropped: the stock engines have no field to filter on.
  const built: Entry[] = readdirSync(dir)
    .filter((f) => /^entries-\d+\.json$/.test(f))
    .sort()
    .flatMap((f) => JSON.parse(readFileSync(join(dir, f), "utf8")));
  const dev = await readQuerySet(SETS.dev);
  const queries = [...queryMix(built, settings.mix).map((q) => q.query!), ...dev.map(([q]) => q)];
  await writeFile(join(dir, "queries.json"), JSON.stringify(queries));
  const size = (...files: string[]) => files.reduce((n, f) => n + statSync(join(dir, f)).size, 0);
  const indexBytes = {
    ours: size("head.json", "search.json"),
    minisearch: size("minisearch.json"),
    orama: size("orama.json"),
  };

  const node = await plainJs(dir, join(work, "engine-child.mjs"));

  log("bundling (esbuild, minified)");
  const bundles = {} as Record<Engine, { file: string; minified: number; gzip: number }>;
  for (const e of ENGINES) {
    const file = join(work, `${e}.mjs`);
    bundles[e] = { file, ...(await bundle(e, file)) };
  }

  log(`cold start: ${settings.cold_runs} fresh processes per engine, interleaved`);
  const cold = per(() => [] as Cold[]);
  for (let run = 0; run < settings.cold_runs; run++) {
    for (const e of rotate(ENGINES, run)) cold[e].push(await node<Cold>(["cold", e, bundles[e].file, dir, dev[0][0]]));
  }
  const coldMedian = (e: Engine, k: keyof Cold) => median(cold[e].map((r) => r[k]));

  const search = {} as Record<Engine, SearchTimes>;
  for (const e of ENGINES) {
    log(`search: ${queries.length} queries x ${settings.rounds} rounds, ${e}`);
    search[e] = await node<SearchTimes>(["search", e, bundles[e].file, dir, String(settings.rounds)]);
  }

  const result: EnginesResult = {
    generated_at: new Date().toISOString(),
    command: ["npm run bench:engines", ...(process.argv.length > 2 ? ["--", ...process.argv.slice(2)] : [])].join(" "),
    machine: {
      node: process.version,
      cpus: cpus().length,
      cpu_model: cpus()[0]?.model,
      load_average_at_start: loadAtStart,
    },
    versions: { minisearch: version("minisearch"), orama: version("@orama/orama") },
    settings: { ...settings, queries: queries.length, shipped_patterns: shipped.length, cold_query: dev[0][0] },
    engines: per((e) => ({
      relevance: rel[e],
      search: search[e],
      cold: {
        import_ms: coldMedian(e, "import_ms"),
        open_ms: coldMedian(e, "open_ms"),
        first_search_ms: coldMedian(e, "first_search_ms"),
        total_ms: coldMedian(e, "total_ms"),
        runs_total_ms: cold[e].map((r) => r.total_ms),
      },
      index_bytes: indexBytes[e],
      bundle: { minified: bundles[e].minified, gzip: bundles[e].gzip },
    })),
    seconds: Math.round((Date.now() - started) / 1000),
  };
  if (opt.json) console.log(JSON.stringify(result));
  else console.log(report(result));
} finally {
  await rm(work, { recursive: true, force: true });
}
