/**
 * One search engine in a fresh Node process, for `npm run bench:engines` (bench/engines.ts),
 * over a directory it prepared: the built catalog (load.ts and its files), minisearch.json,
 * orama.json and queries.json. The engine's code is its esbuild bundle, the one whose size is
 * reported; engines.ts runs this script, and ours' load.ts, bundled too, in plain Node, so nothing
 * but the engine and its index sits between the clocks. Prints one JSON line.
 *
 *   cold <engine> <bundle> <dir> <query>    from before importing the engine to the first results
 *   search <engine> <bundle> <dir> <rounds>  every query of queries.json, each at its median over rounds
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Searcher } from "./engines/doc.ts";
import { percentile } from "../scripts/lib/stats.ts";

const [mode, engine, bundle, dir, arg] = process.argv.slice(2);

/** The serialized index as the engine ships it: our catalog module, or the stock engines' JSON. */
const readIndex = (): Promise<unknown> =>
  engine === "ours" ? import(pathToFileURL(join(dir, "load.mjs")).href) : readFile(join(dir, `${engine}.json`), "utf8");

const started = performance.now();
const { open } = (await import(pathToFileURL(bundle).href)) as { open: (index: unknown) => Searcher };
const imported = performance.now();
const index = await readIndex();
let search = open(index);
const opened = performance.now();

if (mode === "cold") {
  const hits = await search(arg);
  const done = performance.now();
  console.log(
    JSON.stringify({
      hits: hits.length,
      import_ms: imported - started,
      open_ms: opened - imported,
      first_search_ms: done - opened,
      total_ms: done - started,
    }),
  );
} else {
  const rounds = Number(arg);
  const queries = JSON.parse(await readFile(join(dir, "queries.json"), "utf8")) as string[];
  const MISS = "zzqqzzqq";
  await search(MISS); // ours decodes its search tables on the first search
  for (const q of queries) await search(q); // warm-up: JIT
  const perQuery: number[][] = queries.map(() => []);
  for (let round = 0; round < rounds; round++) {
    // Ours memoizes token scans per catalog: each round starts from a new catalog over the same
    // loaded files, its tables decoded by one query outside the mix, as `npm run bench` reports it.
    // The stock engines keep nothing between searches.
    if (engine === "ours") {
      search = open(index);
      await search(MISS);
    }
    for (const [i, q] of queries.entries()) {
      const s = performance.now();
      await search(q);
      perQuery[i].push(performance.now() - s);
    }
  }
  // A query's time is its median over rounds: what it costs, less what the machine did meanwhile.
  const typical = perQuery.map((xs) => percentile(xs, 50));
  console.log(
    JSON.stringify({
      queries: queries.length,
      rounds,
      p50_ms: percentile(typical, 50),
      p99_ms: percentile(typical, 99),
      max_ms: Math.max(...typical),
    }),
  );
}
