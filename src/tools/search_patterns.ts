import * as z from "zod/mini";
import { tokens } from "../catalog/normalize.ts";
import { LIMITS } from "../config.ts";
import { domainError } from "../errors.ts";
import { fail } from "../mcp/tool.ts";
import { limit, searchPage, tool } from "./shared.ts";

export default tool({
  name: "search_patterns",
  description:
    "Search the whole PATTTTERNS catalog of UI interaction patterns (UX patterns, UI components, user flows, AI and mobile patterns) by keywords, before you design or build any UI. Every word must match the title, description, tags, type or slug, so use one to three words (\"tabs\", \"drag and drop\", \"empty state\"); an exact title ranks first. Returns { results, total }; each hit has pattern_id, catalog_number, title, description, tags, url and has_component. Next: get_pattern for a hit's interaction rules, or get_component when has_component is true. To see only patterns with code, use search_components.",
  input: z.object({
    query: z.string().check(z.minLength(1), z.maxLength(LIMITS.queryChars), z.describe('Keywords, e.g. "drag and drop", "onboarding checklist", "empty state". Case and punctuation are ignored.')),
    limit,
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run({ query, limit }, { deps: { catalog } }) {
    // "???" normalizes to no words, which would match every pattern: refuse it instead of returning the catalog.
    if (tokens(query).length === 0) {
      return fail(domainError("invalid_args", "The query has no letters or digits to search for.", 'Call again with keywords, e.g. { "query": "date picker" }; list_categories shows what the catalog covers.'));
    }
    const { total, hits } = await catalog.search(query, { limit });
    return searchPage(catalog, hits, total, "No pattern has every word: try fewer or other words, or list_categories.");
  },
});
