/**
 * search_components at scale, in one Deno process: the built catalog directory given in argv (10,000
 * patterns) loaded through its load.ts as the edge function loads it, a query mix drawn with a fixed
 * seed from the catalog's own words (bench/query-mix.ts: title words, phrases, tags, prefixes,
 * a category, misses, descriptions and typos), each query timed through the tool's own `run`, which
 * loads the search tables on first use and the entries of each page of hits. Prints one JSON line.
 * Args: <catalog dir> <rounds> [<queries in the mix, default 500>].
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { openCatalog } from "../src/catalog/catalog.ts";
import type { Entry } from "../src/catalog/schema.ts";
import { DEFAULTS } from "../src/config.ts";
import type { ComponentSource } from "../src/components/model.ts";
import searchComponents from "../src/tools/search_components.ts";
import { queryMix } from "./query-mix.ts";
import { percentile } from "../scripts/lib/stats.ts";

const [path, roundsArg, queriesArg] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 5);
const files = await import(pathToFileURL(join(path, "load.ts")).href);
const catalog = openCatalog(files, DEFAULTS.SITE_URL);
// The query mix reads the entry files directly: loading them through the catalog would warm its caches.
const entries: Entry[] = readdirSync(path)
  .filter((f) => /^entries-\d+\.json$/.test(f))
  .sort()
  .flatMap((f) => JSON.parse(readFileSync(join(path, f), "utf8")));

// Arguments are parsed once up front: the timing is the tool's work, not zod's.
const mix = queryMix(entries, Number(queriesArg ?? 500)).map((q) => searchComponents.input.parse(q));
const runOn = (c: typeof catalog) => {
  const ctx = {
    deps: { catalog: c, components: {} as ComponentSource },
    caller: {},
    progress() {},
    log() {},
  };
  return (args: (typeof mix)[number]) => searchComponents.run(args, ctx as never);
};
const run = runOn(catalog);
const t0 = performance.now();
await run(mix[0]); // loads and decodes the search tables, and the entries of its page
const first = performance.now() - t0;
for (const q of mix) await run(q); // warm-up: JIT

/**
 * Every round runs the whole mix; a query's time is its median over rounds, which keeps what the
 * query costs and drops what the machine did meanwhile (a descheduled process, another's GC).
 * `fresh`: each round on a new catalog over the same loaded files, so the search index's token memo
 * and the per-hit JSON (tools/shared.ts, kept per catalog) start empty: a token is scanned, and a hit's
 * JSON built, the first time the round meets it (the word index decoded by one query outside the mix);
 * otherwise both are warm from the rounds before.
 */
async function measure(fresh: boolean) {
  const perQuery: number[][] = mix.map(() => []);
  for (let round = 0; round < rounds; round++) {
    let r = run;
    if (fresh) {
      r = runOn(openCatalog(files, DEFAULTS.SITE_URL));
      await r(searchComponents.input.parse({ query: "zzqqzzqq" }));
    }
    for (const [i, q] of mix.entries()) {
      const s = performance.now();
      await r(q);
      perQuery[i].push(performance.now() - s);
    }
  }
  const typical = perQuery.map((xs) => percentile(xs, 50));
  const all = perQuery.flat();
  return {
    // Over queries, each at its median over rounds.
    p50_ms: percentile(typical, 50),
    p99_ms: percentile(typical, 99),
    max_ms: Math.max(...typical),
    // Every single timing, machine noise included.
    all_samples_p50_ms: percentile(all, 50),
    all_samples_p99_ms: percentile(all, 99),
  };
}

const cold = await measure(true);
const warm = await measure(false);
console.log(
  JSON.stringify({
    patterns: catalog.count,
    queries: mix.length,
    rounds,
    first_search_ms: first,
    // The reported figures: token memo and per-hit JSON empty at the start of each round.
    ...cold,
    // The same mix once every token is in the memo (a busy isolate's steady state).
    memo_warm: warm,
  }),
);
