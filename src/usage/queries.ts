/**
 * What agents looked for and did not find: a search whose best hit matched only `some_words`, or
 * that found nothing, keeps its query, normalized and masked, in a record of its own
 * (`queries/YYYY-MM/<random>.json`). That record never holds the client hash, nor a time finer
 * than its month, so it cannot be joined to the caller's events; it holds a token that is the same
 * for the same client and query within a month, so the review can count distinct clients.
 * The recorder loads this module on the first such search: it is not on a cold isolate's path.
 */
import type { KV } from "../storage/blobs.ts";

/** Blobs keys of query records. The id is random: a time in it would tie the record to an event. */
export const queryKeys = {
  prefix: (month: string) => `queries/${month}/`,
  record: (month: string, id: string) => `queries/${month}/${id}.json`,
};

/**
 * A query record; `kind` is `none` (no hit) or `weak` (the best hit shared only some of the words),
 * `token` the HMAC of client and query (hash.ts, `queryTokener`), null for a caller without an IP;
 * `absent`, when the query names an interface the catalog does not carry (absent-interfaces.txt),
 * the query's words that name it, as the search read them ("video calls"). The fold's schema of it
 * is in unanswered.ts.
 */
export interface QueryRecord {
  v: 1;
  tool: string;
  kind: "none" | "weak";
  query: string;
  token: string | null;
  absent?: string;
}

/** A query is kept to this many characters: enough to read what was wanted, too short for a message. */
export const QUERY_CHARS = 80;

const EMAIL = /[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+/g;
const URL_LIKE = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S+/g;
const DIGITS = /\d{6,}/g;

/**
 * Lowercased, e-mail addresses, URLs and runs of 6 or more digits (phone, card and account
 * numbers) masked, whitespace collapsed, at most 80 characters. Masking runs on the whole query
 * before the cut, so a cut never leaves the start of an address behind.
 */
export function normalizeQuery(raw: string): string {
  return raw
    .toLowerCase()
    .replace(EMAIL, "<email>")
    .replace(URL_LIKE, "<url>")
    .replace(DIGITS, "<number>")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, QUERY_CHARS)
    .trim();
}

/** What a search call reported (src/tools/search-page.ts): its best match and, when weak or none, its query. */
interface Searched {
  tool?: string;
  report?: Readonly<Record<string, string | undefined>>;
}

/** The records of a request's unanswered searches; none when query recording is off. */
export async function unansweredRecords(
  calls: Searched[],
  token: (query: string) => Promise<string | null>,
): Promise<{ id: string; record: QueryRecord }[]> {
  const out: { id: string; record: QueryRecord }[] = [];
  for (const { tool, report } of calls) {
    const raw = report?.query;
    if (!tool || raw === undefined || (report?.search !== "none" && report?.search !== "some_words")) continue;
    const query = normalizeQuery(raw);
    if (!query) continue;
    const kind = report.search === "none" ? "none" : "weak";
    const record: QueryRecord = { v: 1, tool, kind, query, token: await token(query) };
    if (report.absent !== undefined) record.absent = report.absent;
    out.push({ id: crypto.randomUUID(), record });
  }
  return out;
}

/** Stores the records of a request's unanswered searches in the month's query records. */
export async function storeUnanswered(
  store: KV,
  month: string,
  calls: Searched[],
  token: (query: string) => Promise<string | null>,
): Promise<void> {
  const records = await unansweredRecords(calls, token);
  await Promise.all(records.map((r) => store.set(queryKeys.record(month, r.id), JSON.stringify(r.record))));
}
