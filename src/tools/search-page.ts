/**
 * A search result, `{ results, total, suggestion? }`: the search tools' one page, and what usage
 * records of it. The page goes out as one text block whose wire JSON is joined from each hit's, built
 * once per entry: serializing the page on every call (its JSON, then that JSON escaped inside the
 * message) cost a search_components call about 40 µs of CPU on Deno and 100 on Node, and took the
 * search cells of `npm run bench` under their guard (3x less CPU than the SDK's pattern).
 * tests/unit/tools/search-json.test.ts holds the text to JSON.stringify of the page.
 */
import * as z from "zod/mini";
import { type Catalog, summary } from "../catalog/catalog.ts";
import type { Entry } from "../catalog/schema.ts";
import { MATCH, type MatchKind } from "../catalog/search.ts";
import { LIMITS } from "../config.ts";
import type { Report } from "../mcp/context.ts";
import type { CallToolResult, ToolOutcome } from "../mcp/tool.ts";
import { Prebuilt, wireString } from "../mcp/wire.ts";

export const limit = z
  ._default(z.number().check(z.int(), z.minimum(1), z.maximum(LIMITS.searchMax)), LIMITS.searchDefault)
  .check(z.describe(`How many results to return (default ${LIMITS.searchDefault}, max ${LIMITS.searchMax}).`));

/** The resource that lists every pattern in a few thousand tokens (src/resources/catalog-map.ts). */
const MAP = "patttterns://catalog/index";

/** What an empty search says: restraint is deliberate, so the agent should not just retry with fewer words. */
export const NOTHING_FOUND =
  "Nothing in the catalog matches this. Describe the UI differently (what it looks like or does), or read the " +
  `resource ${MAP} (every pattern's number, title and what it is) and pick one by number; if it is not a UI ` +
  "pattern, the catalog has no answer.";

/**
 * What a page whose hits are all `some_words` says: each shares only some of the query's words, so
 * the model on the other side, shown the whole catalog, may choose better than the ranking.
 */
export const WEAK_ONLY =
  "Every hit matched only some of the words: check each description before using one, or read the resource " +
  `${MAP} (every pattern's number, title and what it is) and pick one by number.`;

/** What a search says first when the query names an interface the catalog does not carry. */
const notCarried = (absent: string) => `The catalog has no pattern for ${JSON.stringify(absent)}.`;

/**
 * The page's suggestion: NOTHING_FOUND's (or the tool's) without a hit, WEAK_ONLY when every hit is
 * weak; either after naming the interface the query asks for that the catalog does not carry.
 */
export function suggestionFor(found: { match: readonly MatchKind[]; total: number; absent?: string }, empty: string) {
  const weak = found.match.length > 0 && found.match.every((m) => m === MATCH.someWords);
  const note = found.total === 0 ? empty : weak ? WEAK_ONLY : undefined;
  return note === undefined || found.absent === undefined ? note : `${notCarried(found.absent)} ${note}`;
}

/**
 * What a search reports for usage: how its best hit matched (`none` without a hit) and, only when
 * that is `none` or `some_words`, the query as asked and the interface it names that the catalog
 * does not carry (absent-interfaces.txt); usage keeps both apart from the caller (src/usage/queries.ts).
 */
export function searchReport(
  found: { match: readonly MatchKind[]; absent?: string },
  query: string | undefined,
): Report {
  const best = found.match[0];
  if (best !== undefined && best !== MATCH.someWords) return { search: best };
  return { search: best ?? "none", query, absent: found.absent };
}

/** Each entry's hit as it stands on the wire inside the text block: its summary's JSON, without the closing brace. */
const hits = new WeakMap<Entry, { catalog: Catalog; wire: string }>();

function hitWire(catalog: Catalog, e: Entry): string {
  const kept = hits.get(e);
  if (kept?.catalog === catalog) return kept.wire;
  const wire = wireString(JSON.stringify(summary(catalog, e)).slice(0, -1));
  hits.set(e, { catalog, wire });
  return wire;
}

/** Each match kind as the end of a hit on the wire: `,"match":"synonym"}`. */
const MATCH_END = Object.fromEntries(
  Object.values(MATCH).map((m) => [m, wireString(`,"match":${JSON.stringify(m)}}`)]),
) as Record<MatchKind, string>;

/** Fields every hit of a page carries (`{ default_version: "active" }`), on the wire, for `searchPage`. */
export const hitFields = (fields: Record<string, string>): string =>
  `,${wireString(JSON.stringify(fields).slice(1, -1))}`;

const OPEN = wireString('{"results":[');

/** The page; `extra` (from `hitFields`) adds fields to every hit, before its `match`. */
export function searchPage(
  catalog: Catalog,
  found: { hits: readonly Entry[]; match: readonly MatchKind[]; total: number; absent?: string },
  suggestion: string,
  extra = "",
  query?: string,
): ToolOutcome {
  const { total } = found;
  // Concatenated, never sliced or joined: V8 keeps a concatenation as a rope and copies it once,
  // when the response is written.
  let text = OPEN;
  for (let i = 0; i < found.hits.length; i++) {
    text += `${i === 0 ? "" : ","}${hitWire(catalog, found.hits[i])}${extra}`;
    text += MATCH_END[found.match[i]];
  }
  const note = suggestionFor(found, suggestion);
  text += wireString(`],"total":${total}${note === undefined ? "" : `,"suggestion":${JSON.stringify(note)}`}}`);
  const result = new Prebuilt<CallToolResult>(`{"content":[{"type":"text","text":"${text}"}]}`);
  return { ok: true, result, report: searchReport(found, query) };
}
