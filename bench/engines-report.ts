/** What `npm run bench:engines` (engines.ts) measures, and the tables it prints, each under what its columns mean. */
import type { Relevance } from "../scripts/dev/relevance.ts";
import { round } from "../scripts/lib/stats.ts";

export const ENGINES = ["ours", "minisearch", "orama"] as const;
export type Engine = (typeof ENGINES)[number];

export type Scores = Omit<Relevance, "outcomes">;

/** engine-child.ts cold: from before importing the engine to its first results, and the parts. */
export interface Cold {
  hits: number;
  import_ms: number;
  open_ms: number;
  first_search_ms: number;
  total_ms: number;
}

/** engine-child.ts search: over the queries, each at its median over rounds. */
export interface SearchTimes {
  queries: number;
  rounds: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

export interface EnginesResult {
  generated_at: string;
  command: string;
  machine: { node: string; cpus: number; cpu_model?: string; load_average_at_start: number[] };
  versions: { minisearch: string; orama: string };
  settings: {
    count: number;
    mix: number;
    rounds: number;
    cold_runs: number;
    queries: number;
    shipped_patterns: number;
    cold_query: string;
  };
  engines: Record<
    Engine,
    {
      relevance: { dev: Scores; holdout: Scores };
      search: SearchTimes;
      /** Medians over the runs, part by part, and every run's total. */
      cold: Omit<Cold, "hits"> & { runs_total_ms: number[] };
      index_bytes: number;
      bundle: { minified: number; gzip: number };
    }
  >;
  seconds: number;
}

/** Rows, the first a header, each column padded to its widest cell. */
function table(rows: (string | number)[][]): string {
  const cells = rows.map((r) => r.map(String));
  const width = cells[0].map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  return cells.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(width[i]) : c.padStart(width[i]))).join("  ")).join("\n");
}

export function report(r: EnginesResult): string {
  const s = r.settings;
  const f3 = (x: number) => x.toFixed(3);
  const ms = (x: number) => String(round(x));
  const relevance = ENGINES.flatMap((e) =>
    (["dev", "holdout"] as const).map((set) => {
      const x = r.engines[e].relevance[set];
      return [
        e,
        set,
        `${x.answerable}+${x.noAnswer}`,
        f3(x.hitAt1),
        f3(x.hitAt5),
        f3(x.mrrAt10),
        `${x.zeroResults}/${x.answerable}`,
        `${x.junk}/${x.noAnswer}`,
      ];
    }),
  );
  const speed = ENGINES.map((e) => {
    const { search: t, cold: c, index_bytes, bundle } = r.engines[e];
    return [
      e,
      ms(t.p50_ms),
      ms(t.p99_ms),
      ms(t.max_ms),
      ms(c.total_ms),
      `${ms(c.import_ms)} / ${ms(c.open_ms)} / ${ms(c.first_search_ms)}`,
      index_bytes,
      bundle.minified,
      bundle.gzip,
    ];
  });
  return [
    `${r.command}: ours (src/catalog, catalog.search) vs stock MiniSearch ${r.versions.minisearch} and Orama ${r.versions.orama}`,
    `node ${r.machine.node}, ${r.machine.cpus} cpus, load ${r.machine.load_average_at_start.join(" ")} at start; ${r.seconds} s`,
    "",
    `Relevance over the shipped catalog (${s.shipped_patterns} patterns), top 10. queries: answerable + no-answer;`,
    "hit@1, hit@5: share of answerable queries with an acceptable title first, in the top 5; MRR@10: mean 1/rank (0 past 10);",
    "zero: answerable queries with no result; junk: no-answer queries that returned results.",
    table([["engine", "set", "queries", "hit@1", "hit@5", "MRR@10", "zero", "junk"], ...relevance]),
    "",
    `At ${s.count} generated patterns (seed 1), times in ms. p50, p99, max: search over ${s.queries} queries (${s.mix} from the`,
    `bench query mix, its category filters dropped, then the dev set's), each at its median over ${s.rounds} rounds after a warm-up;`,
    "cold: a fresh Node process, from importing the engine's bundle to the first results of",
    `${JSON.stringify(s.cold_query)}, median of ${s.cold_runs} runs, then the medians of its parts: import, open (read + load the`,
    "serialized index), first search. index: serialized index bytes (ours: head.json + search.json, its entries loaded",
    "per page from entry chunks; MiniSearch: ids only; Orama: holds the documents). bundle, gzip: bytes of an esbuild",
    "bundle (ESM, minified, platform neutral; gzip level 9) of an entry that opens an index and searches; ours without",
    "catalog data.",
    table([["engine", "p50", "p99", "max", "cold", "import / open / first", "index", "bundle", "gzip"], ...speed]),
  ].join("\n");
}
