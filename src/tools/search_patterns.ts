import * as z from "zod/mini";
import { tokens } from "../catalog/normalize.ts";
import { LIMITS } from "../config.ts";
import { domainError, failure } from "../errors.ts";
import { limit, NOTHING_FOUND, searchPage } from "./search-page.ts";
import { defineTool } from "./define.ts";

export default defineTool({
  name: "search_patterns",
  description:
    "Search the whole PATTTTERNS catalog of UI interaction patterns (UX patterns, UI components, user flows, AI and " +
    'mobile patterns) before you design or build any UI. Ask as you would ask a designer: a name ("date picker"), ' +
    'what the UI does ("confirm before deleting an item"), a library\'s or everyday name ("radix popover", ' +
    '"snackbar", "cmd+k menu", "2FA"); typos are tolerated. Patterns holding every word come first, an exact ' +
    "title first; then ranked matches by word stem, UI synonym or corrected spelling. Each hit says how it matched: " +
    "match is all_words, synonym, corrected or some_words (the weakest). A query about nothing in the catalog " +
    "returns no results and a suggestion. Returns { results, total }; each hit has pattern_id, catalog_number, " +
    "title, description, tags, url, has_component and match. Next: get_pattern for a hit's interaction rules, or " +
    "get_component when has_component is true. To see only patterns with code, use search_components.",
  input: z.object({
    query: z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(LIMITS.queryChars),
        z.describe(
          'What you are looking for, in a few words or a sentence, e.g. "drag and drop", ' +
            '"modal to confirm deleting an item", "OTP input". Case and punctuation are ignored.',
        ),
      ),
    limit,
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run({ query, limit }, { deps: { catalog } }) {
    // "???" normalizes to no words, which would match every pattern: refuse it instead of returning the catalog.
    if (tokens(query).length === 0) {
      return failure(
        domainError.invalid_args(
          "The query has no letters or digits to search for.",
          'Call again with keywords, e.g. { "query": "date picker" }; list_categories shows what the catalog covers.',
        ),
      );
    }
    return searchPage(catalog, await catalog.search(query, { limit }), NOTHING_FOUND, undefined, query);
  },
});
