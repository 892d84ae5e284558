/**
 * A search result, `{ results, total, suggestion? }`, as one prebuilt text block: the text joined
 * from each hit's cached summary JSON and how it matched, and its wire form joined the same way from
 * the same pieces escaped once, so a response never escapes a page again (escaping a 6 KB page of
 * JSON inside JSON was a fifth of a search_components call's CPU). tests/unit/tools/search-json.test.ts
 * holds both to JSON.stringify.
 */
import * as z from "zod/mini";
import { type Catalog, summary } from "../catalog/catalog.ts";
import type { Entry } from "../catalog/schema.ts";
import { MATCH, type MatchKind } from "../catalog/search.ts";
import { LIMITS } from "../config.ts";
import type { Report } from "../mcp/context.ts";
import { escapeString } from "../mcp/prebuilt.ts";
import { okPrebuilt, textResult, type ToolOutcome } from "../mcp/tool.ts";

export const limit = z
  ._default(z.number().check(z.int(), z.minimum(1), z.maximum(LIMITS.searchMax)), LIMITS.searchDefault)
  .check(z.describe(`How many results to return (default ${LIMITS.searchDefault}, max ${LIMITS.searchMax}).`));

/** What an empty search says: restraint is deliberate, so the agent should not just retry with fewer words. */
export const NOTHING_FOUND =
  "Nothing in the catalog matches this. Describe the UI differently (what it looks like or does), or call " +
  "list_categories to see what the catalog covers; if it is not a UI pattern, the catalog has no answer.";

/** A piece of the page's JSON text, and the same as it reads inside the text block's JSON string on the wire. */
export interface Piece {
  text: string;
  escaped: string;
}

export const piece = (text: string): Piece => ({ text, escaped: escapeString(text) });

/** A hit's summary JSON without its closing brace, kept per entry for the catalog that built it. */
const hits = new WeakMap<Entry, { catalog: Catalog; piece: Piece }>();

function hitPiece(catalog: Catalog, e: Entry): Piece {
  const kept = hits.get(e);
  if (kept?.catalog === catalog) return kept.piece;
  const made = piece(JSON.stringify(summary(catalog, e)).slice(0, -1));
  hits.set(e, { catalog, piece: made });
  return made;
}

const OPEN = piece('{"results":[');
const COMMA = piece(",");
const NONE = piece("");
/** Each match kind as the end of a hit: `,"match":"synonym"}`. */
const MATCH_END = Object.fromEntries(
  Object.values(MATCH).map((m) => [m, piece(`,"match":${JSON.stringify(m)}}`)]),
) as Record<MatchKind, Piece>;

/**
 * What a search reports for usage: how its best hit matched (`none` without a hit) and, only when
 * that is `none` or `some_words`, the query as asked; usage normalizes and masks it (src/usage).
 */
export function searchReport(found: { match: readonly MatchKind[] }, query: string | undefined): Report {
  const best = found.match[0];
  return { search: best ?? "none", query: best === undefined || best === MATCH.someWords ? query : undefined };
}

/** The page; `extra` adds fields to every hit (`,"default_version":"active"`). */
export function searchPage(
  catalog: Catalog,
  found: { hits: readonly Entry[]; match: readonly MatchKind[]; total: number },
  suggestion: string,
  extra: Piece = NONE,
  query?: string,
): ToolOutcome {
  const { total } = found;
  // Concatenated, never sliced or joined: V8 keeps a concatenation as a rope and copies it once,
  // when the response is written (the text itself is rarely read at all).
  let text = OPEN.text;
  let escaped = OPEN.escaped;
  for (let i = 0; i < found.hits.length; i++) {
    const sep = i === 0 ? NONE : COMMA;
    const hit = hitPiece(catalog, found.hits[i]);
    const end = MATCH_END[found.match[i]];
    text += sep.text + hit.text + extra.text + end.text;
    escaped += sep.escaped + hit.escaped + extra.escaped + end.escaped;
  }
  const tail = piece(`],"total":${total}${total === 0 ? `,"suggestion":${JSON.stringify(suggestion)}` : ""}}`);
  return okPrebuilt(textResult(text + tail.text, escaped + tail.escaped), searchReport(found, query));
}
