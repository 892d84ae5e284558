/** Pieces every tool uses: the ref argument and its resolution into a domain error. */
import * as z from "zod/mini";
import { type Catalog, summary } from "../catalog/catalog.ts";
import type { Entry } from "../catalog/schema.ts";
import { MATCH, type MatchKind } from "../catalog/search.ts";
import { LIMITS } from "../config.ts";
import type { Deps } from "../deps.ts";
import { type DomainError, domainError } from "../errors.ts";
import { keptAsciiJson, withWire } from "../mcp/frozen-json.ts";
import { blocks, type InputSchema, type Tool, type ToolOutcome } from "../mcp/tool.ts";

/** `defineTool` bound to this server's dependencies, so arguments are typed from the schema. */
export const tool = <S extends InputSchema>(t: Tool<Deps, S>): Tool<Deps, S> => t;

export const patternRef = z.string().check(
  z.minLength(1),
  z.maxLength(LIMITS.refChars),
  z.describe('The pattern: catalog number ("#123" or "123"), Notion UUID (with or without dashes), slug ("/ui-components/tabs", or "tabs" when unique), its patttterns.com URL, or its exact title. Prefer the catalog_number or pattern_id a search returned.'),
);

export const limit = z._default(
  z.number().check(z.int(), z.minimum(1), z.maximum(LIMITS.searchMax)),
  LIMITS.searchDefault,
).check(z.describe(`How many results to return (default ${LIMITS.searchDefault}, max ${LIMITS.searchMax}).`));

/** What an empty search says: restraint is deliberate, so the agent should not just retry with fewer words. */
export const NOTHING_FOUND =
  "Nothing in the catalog matches this. Describe the UI differently (what it looks like or does), or call list_categories to see what the catalog covers; if it is not a UI pattern, the catalog has no answer.";

const candidate = (e: Entry) => ({ pattern_id: e.id, catalog_number: `#${e.catalogNumber}`, title: e.title, slug: e.slug });
/** Echoed refs are cut: a hostile 512-character ref must not bloat the error the model reads. */
const quote = (ref: string) => JSON.stringify(ref.length > 80 ? `${ref.slice(0, 80)}…` : ref);

/**
 * The ref as one entry, or the domain error the model can act on: `invalid_args` listing the
 * candidates when it is ambiguous or explaining why it is malformed, `pattern_not_found` with
 * the closest search hits otherwise.
 */
export async function resolveRef(catalog: Catalog, ref: string): Promise<{ ok: true; entry: Entry } | { ok: false; error: DomainError }> {
  const r = await catalog.resolve(ref);
  if (r.ok) return r;
  if (r.reason === "ambiguous") {
    const candidates = r.candidates.map(candidate);
    return {
      ok: false,
      error: domainError(
        "invalid_args",
        `${quote(ref)} matches ${candidates.length} patterns: ${candidates.map((c) => `${c.catalog_number} ${c.title} (${c.slug})`).join(", ")}.`,
        `Call again with one of these catalog numbers: ${candidates.map((c) => c.catalog_number).join(", ")}.`,
        { candidates },
      ),
    };
  }
  if (r.reason === "invalid") {
    return {
      ok: false,
      error: domainError("invalid_args", `pattern_id ${quote(ref)} is not usable: ${r.detail ?? "malformed"}.`, 'Pass a catalog number ("#123"), a Notion UUID, a slug ("/ui-components/tabs") or a patttterns.com URL.'),
    };
  }
  // Words that name no pattern may still find some: offer the best few so the next call can succeed.
  const near = (await catalog.search(ref, { limit: 3 })).hits.map(candidate);
  return {
    ok: false,
    error: domainError(
      "pattern_not_found",
      `No pattern matches ${quote(ref)}.`,
      near.length
        ? `Did you mean ${near.map((c) => `${c.catalog_number} ${c.title}`).join(", ")}? Call again with its catalog_number, or search_patterns to look further.`
        : "Call search_patterns or search_components with keywords to find the pattern, then use its catalog_number.",
      near.length ? { candidates: near } : {},
    ),
  };
}

/** A hit's JSON without its closing brace, and the same as it reads inside a JSON string on the wire (escaped, ASCII). */
interface Piece {
  json: string;
  wire: string;
}

/** String contents as the wire writes them: `"` and `\` escaped, non-ASCII as `\uXXXX`. */
const inString = (text: string) => keptAsciiJson(JSON.stringify(text)).slice(1, -1);

// Per catalog, per `extra`, per entry: all three are immutable for an isolate's life.
const pieces = new WeakMap<Catalog, Map<string, WeakMap<Entry, Piece>>>();

function pieceOf(catalog: Catalog, e: Entry, extra: string): Piece {
  let byExtra = pieces.get(catalog);
  if (!byExtra) pieces.set(catalog, (byExtra = new Map()));
  let byEntry = byExtra.get(extra);
  if (!byEntry) byExtra.set(extra, (byEntry = new WeakMap()));
  let piece = byEntry.get(e);
  if (!piece) {
    const json = `${JSON.stringify(summary(catalog, e)).slice(0, -1)}${extra}`;
    byEntry.set(e, (piece = { json, wire: inString(json) }));
  }
  return piece;
}

/** Each match kind as the end of a hit: `,"match":"synonym"}`, as text and as wire JSON. */
const matchTail = Object.fromEntries(Object.values(MATCH).map((m) => {
  const json = `,"match":${JSON.stringify(m)}}`;
  return [m, { json, wire: inString(json) }];
})) as Record<MatchKind, Piece>;

/**
 * A search result, `{ results, total, suggestion? }`, as the text block `ok()` would render, byte
 * for byte, joined from each hit's cached summary JSON and how it matched; `extra` adds fields to
 * every hit (`,"default_version":"active"`). The block's wire JSON is joined the same way from the
 * hits' escaped JSON, so a response never escapes a page again (frozen-json.ts withWire: escaping a
 * 6 KB page of JSON inside JSON was a fifth of a search_components call's CPU).
 * tests/tools/search-json.test.ts holds both to JSON.stringify.
 */
export function searchPage(catalog: Catalog, found: { hits: readonly Entry[]; match: readonly MatchKind[]; total: number }, suggestion: string, extra = ""): ToolOutcome {
  const { hits, match, total } = found;
  const tail = `],"total":${total}${total === 0 ? `,"suggestion":${JSON.stringify(suggestion)}` : ""}}`;
  // Concatenated, never sliced or joined: V8 keeps a concatenation as a rope and copies it once,
  // when the response is written (the text itself is rarely read at all).
  let text = '{"results":[';
  let wire = '{"type":"text","text":"{\\"results\\":[';
  for (let i = 0; i < hits.length; i++) {
    const piece = pieceOf(catalog, hits[i], extra);
    const end = matchTail[match[i]];
    text += i === 0 ? piece.json + end.json : `,${piece.json}${end.json}`;
    wire += i === 0 ? piece.wire + end.wire : `,${piece.wire}${end.wire}`;
  }
  wire += `${inString(tail)}"}`;
  return blocks(withWire([{ type: "text" as const, text: text + tail }], `[${wire}]`));
}
