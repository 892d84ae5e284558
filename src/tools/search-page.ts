/** A search result, `{ results, total, suggestion? }`: the search tools' one page, and what usage records of it. */
import * as z from "zod/mini";
import { type Catalog, summary } from "../catalog/catalog.ts";
import type { Entry } from "../catalog/schema.ts";
import { MATCH, type MatchKind } from "../catalog/search.ts";
import { LIMITS } from "../config.ts";
import type { Report } from "../mcp/context.ts";
import { ok, type ToolOutcome } from "../mcp/tool.ts";

export const limit = z
  ._default(z.number().check(z.int(), z.minimum(1), z.maximum(LIMITS.searchMax)), LIMITS.searchDefault)
  .check(z.describe(`How many results to return (default ${LIMITS.searchDefault}, max ${LIMITS.searchMax}).`));

/** What an empty search says: restraint is deliberate, so the agent should not just retry with fewer words. */
export const NOTHING_FOUND =
  "Nothing in the catalog matches this. Describe the UI differently (what it looks like or does), or call " +
  "list_categories to see what the catalog covers; if it is not a UI pattern, the catalog has no answer.";

/**
 * What a search reports for usage: how its best hit matched (`none` without a hit) and, only when
 * that is `none` or `some_words`, the query as asked; usage normalizes and masks it (src/usage).
 */
export function searchReport(found: { match: readonly MatchKind[] }, query: string | undefined): Report {
  const best = found.match[0];
  return { search: best ?? "none", query: best === undefined || best === MATCH.someWords ? query : undefined };
}

/** The page; `extra` adds fields to every hit (`{ default_version: "active" }`), before its `match`. */
export function searchPage(
  catalog: Catalog,
  found: { hits: readonly Entry[]; match: readonly MatchKind[]; total: number },
  suggestion: string,
  extra: Record<string, string> = {},
  query?: string,
): ToolOutcome {
  const { total } = found;
  // Fields added to the summary in place: on Node 20 a spread copy of it is a dictionary-mode object,
  // 40x slower to build and 5x slower to serialize for a page of 50 hits.
  const results = found.hits.map((e, i) => Object.assign(summary(catalog, e), extra, { match: found.match[i] }));
  const page = total === 0 ? { results, total, suggestion } : { results, total };
  return ok(page, searchReport(found, query));
}
