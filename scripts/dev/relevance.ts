/**
 * Relevance measures for a query set: `[query, [acceptable titles]]` pairs, where an empty list
 * marks a query with no answer in the catalog. A query's rank is the 1-based position of its first
 * acceptable title among the results; hit@k, MRR@10, and the failures that matter to an agent:
 * an answerable query with no result, and a no-answer query that returns something ("junk").
 */
import { readFile } from "node:fs/promises";
import type { App } from "../../src/app.ts";

export type QuerySet = [query: string, expected: string[]][];

export interface QueryOutcome {
  query: string;
  expected: string[];
  /** Titles returned, best first. */
  titles: string[];
  /** 1-based rank of the first acceptable title; 0 when none is returned (or none is expected). */
  rank: number;
}

export interface Relevance {
  queries: number;
  answerable: number;
  noAnswer: number;
  hitAt1: number;
  hitAt5: number;
  mrrAt10: number;
  /** Answerable queries that returned no result at all. */
  zeroResults: number;
  /** No-answer queries that returned results. */
  junk: number;
  outcomes: QueryOutcome[];
}

export async function readQuerySet(path: string): Promise<QuerySet> {
  const set = JSON.parse(await readFile(path, "utf8")) as QuerySet;
  if (!Array.isArray(set) || !set.every((q) => Array.isArray(q) && typeof q[0] === "string" && Array.isArray(q[1]))) {
    throw new Error(`${path}: expected an array of [query, [titles]] pairs`);
  }
  return set;
}

/**
 * search_patterns as a 2025-11-25 client calls it, on an in-process app or a served endpoint's
 * URL: the hits' titles, best first.
 */
export function endpointSearch(target: App | string, limit = 10): (query: string) => Promise<string[]> {
  let id = 0;
  return async (query) => {
    const req = new Request(typeof target === "string" ? target : "http://127.0.0.1/mcp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-11-25",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: ++id,
        method: "tools/call",
        params: { name: "search_patterns", arguments: { query, limit } },
      }),
    });
    const res = typeof target === "string" ? await fetch(req) : await target.handle(req);
    const body = (await res.json()) as { result?: { isError?: boolean; content: { text: string }[] }; error?: unknown };
    if (!body.result || body.result.isError)
      throw new Error(`search_patterns ${JSON.stringify(query)} failed: ${JSON.stringify(body.error ?? body.result)}`);
    return (JSON.parse(body.result.content[0].text) as { results: { title: string }[] }).results.map((r) => r.title);
  };
}

/** Runs every query through `search` (titles, best first) and scores the results. */
export async function measure(set: QuerySet, search: (query: string) => Promise<string[]>): Promise<Relevance> {
  const outcomes: QueryOutcome[] = [];
  for (const [query, expected] of set) {
    const titles = await search(query);
    const at = titles.findIndex((t) => expected.includes(t));
    outcomes.push({ query, expected, titles, rank: at + 1 });
  }
  const answerable = outcomes.filter((o) => o.expected.length > 0);
  const noAnswer = outcomes.filter((o) => o.expected.length === 0);
  const share = (n: number) => (answerable.length ? n / answerable.length : NaN);
  return {
    queries: outcomes.length,
    answerable: answerable.length,
    noAnswer: noAnswer.length,
    hitAt1: share(answerable.filter((o) => o.rank === 1).length),
    hitAt5: share(answerable.filter((o) => o.rank >= 1 && o.rank <= 5).length),
    mrrAt10: share(answerable.reduce((s, o) => s + (o.rank >= 1 && o.rank <= 10 ? 1 / o.rank : 0), 0)),
    zeroResults: answerable.filter((o) => o.titles.length === 0).length,
    junk: noAnswer.filter((o) => o.titles.length > 0).length,
    outcomes,
  };
}

/** The lines a person reads: the measures, then every query that missed rank 1 or returned junk. */
export function describe(r: Relevance, { misses = true } = {}): string {
  const f = (x: number) => x.toFixed(3);
  const lines = [
    `queries ${r.queries} (${r.answerable} answerable, ${r.noAnswer} with no answer)`,
    `hit@1 ${f(r.hitAt1)}   hit@5 ${f(r.hitAt5)}   MRR@10 ${f(r.mrrAt10)}`,
    `answerable with no result ${r.zeroResults} of ${r.answerable}   no-answer returning hits ${r.junk} of ${r.noAnswer}`,
  ];
  if (misses) {
    const bad = r.outcomes.filter((o) => (o.expected.length ? o.rank !== 1 : o.titles.length > 0));
    if (bad.length) lines.push("", "misses (rank, query → expected; got):");
    for (const o of bad) {
      const got = o.titles.slice(0, 3).join(" | ") || "nothing";
      const want = o.expected.length ? o.expected.join(" / ") : "no answer";
      lines.push(`  ${o.rank === 0 ? "-" : o.rank}  ${JSON.stringify(o.query)} → ${want}; got ${got}`);
    }
  }
  return lines.join("\n");
}
