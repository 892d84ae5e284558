import * as z from "zod/mini";
import type { Catalog } from "../catalog/catalog.ts";
import { tokens } from "../catalog/normalize.ts";
import { LIMITS } from "../config.ts";
import { domainError, failure } from "../errors.ts";
import { hitFields, limit, NOTHING_FOUND, searchPage } from "./search-page.ts";
import { defineTool } from "./define.ts";

/** What every hit of this tool adds: the version get_component serves without a version_id. */
const DEFAULT_VERSION = hitFields({ default_version: "active" });

/**
 * The category as the catalog knows it (a type, slug section, tag or UI category), tolerating a
 * singular/plural slip ("form" → "forms", "patterns" → "pattern"); undefined when nothing matches.
 */
async function knownCategory(catalog: Catalog, raw: string): Promise<string | undefined> {
  for (const c of [raw, raw.endsWith("s") ? raw.slice(0, -1) : `${raw}s`]) {
    if ((await catalog.categorySize(c)) > 0) return c;
  }
  return undefined;
}

export default defineTool({
  name: "search_components",
  description:
    "Find catalog patterns that have ready-made React + Tailwind TSX components, by query and/or category (a type, a " +
    "site section or a tag; list_categories lists them). Give at least one of query and category. The query is read " +
    "like search_patterns reads it: a name, a description of what the UI does, a library's name for it or an " +
    "abbreviation, typos tolerated; patterns holding every word come first, then ranked matches, and a query about " +
    "nothing in the catalog returns no results. Returns { results, total }; each hit has pattern_id, catalog_number, " +
    "title, description, tags, type, slug, url, has_component, default_version and match (all_words, synonym, " +
    "corrected or some_words). Next: call get_component with a hit's pattern_id to fetch the exact code, then run " +
    "its shadcn command in a project with a components.json, or paste the code in any other; never write the " +
    "component yourself when one exists.",
  input: z.object({
    query: z
      .optional(z.string().check(z.maxLength(LIMITS.queryChars)))
      .check(
        z.describe(
          'What you are looking for, in a few words or a sentence, e.g. "sidebar", "date picker", ' +
            '"toast that confirms a save".',
        ),
      ),
    category: z
      .optional(z.string().check(z.maxLength(100)))
      .check(
        z.describe(
          "A type (pattern, flows, components), a site section (ui-components, ux-patterns, …) or a tag " +
            "(navigation, forms, …); see list_categories.",
        ),
      ),
    limit,
    only_with_code: z
      ._default(z.boolean(), true)
      .check(
        z.describe("Only patterns that have component code (default true). Set false to see every matching pattern."),
      ),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run({ query, category, limit, only_with_code }, { deps: { catalog } }) {
    // A query without letters or digits ("???") would match everything: it counts as no query.
    const words = query !== undefined && tokens(query).length > 0 ? query : undefined;
    const asked = category?.trim() || undefined;
    if (words === undefined && asked === undefined) {
      return failure(
        domainError.invalid_args(
          "Give a query with keywords, a category, or both.",
          'Call again with e.g. { "query": "sidebar" } or { "category": "ui-components" }; list_categories lists ' +
            "categories.",
        ),
      );
    }
    const known = asked === undefined ? undefined : await knownCategory(catalog, asked);
    if (asked !== undefined && known === undefined) {
      const names = catalog.categories().map((c) => c.name);
      return failure(
        domainError.invalid_args(
          `Unknown category ${JSON.stringify(asked.slice(0, 100))}.`,
          `Use a type or section (${names.join(", ")}) or a tag from list_categories, ` +
            "or pass the words as query instead.",
          { categories: names },
        ),
      );
    }
    const found = await catalog.search(words ?? "", { category: known, withCode: only_with_code, limit });
    const suggestion = only_with_code
      ? `${NOTHING_FOUND} With only_with_code: false, patterns without code are searched too.`
      : NOTHING_FOUND;
    return searchPage(catalog, found, suggestion, DEFAULT_VERSION, words);
  },
});
