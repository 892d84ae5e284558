/**
 * The month's unanswered searches (`unanswered/YYYY-MM.json`), folded from query records
 * (queries.ts) apart from the monthly counters, so no blob holds both the queries and the client
 * hashes: per normalized query, how many searches found nothing, how many only some words, and the
 * distinct client-and-query tokens that sent it; likewise per interface the catalog does not carry,
 * in the words the searches named it with.
 */
import * as z from "zod/mini";
import "../zod-english.ts";
import type { QueryRecord as Recorded } from "./queries.ts";

const count = z.number().check(z.int(), z.nonnegative());

/** A query record (queries.ts) as the fold reads it. */
export const QueryRecord = z.object({
  v: z.literal(1),
  tool: z.string(),
  kind: z.enum(["none", "weak"]),
  query: z.string(),
  token: z.nullable(z.string()),
  absent: z.optional(z.string()),
});
export type QueryRecord = z.infer<typeof QueryRecord> & Recorded;

export const Unanswered = z.object({
  v: z.literal(1),
  month: z.string(),
  updated_at: z.nullable(z.string()),
  unreadable: count,
  queries: z.record(z.string(), z.object({ none: count, weak: count, tokens: z.array(z.string()) })),
  /** The searches that named an interface the catalog does not carry (absent-interfaces.txt), by its words. */
  absent: z._default(z.record(z.string(), z.object({ searches: count, tokens: z.array(z.string()) })), () => ({})),
  /** Ids of the query records counted above (fold.ts). */
  folded: z.array(z.string()),
});
export type Unanswered = z.infer<typeof Unanswered>;

export const unansweredKey = (month: string) => `unanswered/${month}.json`;

export const emptyUnanswered = (month: string): Unanswered => ({
  v: 1,
  month,
  updated_at: null,
  unreadable: 0,
  queries: {},
  absent: {},
  folded: [],
});

const keep = (tokens: string[], token: string | null) => {
  if (token && !tokens.includes(token)) tokens.push(token);
};

/** Adds one record (in place); a token is kept once, so its count is the query's distinct clients. */
export function addQuery(u: Unanswered, r: QueryRecord): void {
  const q = (u.queries[r.query] ??= { none: 0, weak: 0, tokens: [] });
  q[r.kind]++;
  keep(q.tokens, r.token);
  if (r.absent === undefined) return;
  const a = (u.absent[r.absent] ??= { searches: 0, tokens: [] });
  a.searches++;
  keep(a.tokens, r.token);
}
