import { z } from "zod";
import { summary } from "../catalog/catalog.ts";
import { LIMITS } from "../config.ts";
import { domainError } from "../errors.ts";
import { fail, ok } from "../mcp/tool.ts";
import { limit, tool } from "./shared.ts";

export default tool({
  name: "search_components",
  description:
    "Find catalog patterns that have ready-made React + Tailwind TSX components, by keywords and/or category (a type, a site section or a tag; see list_categories). Give at least one of query and category. Then call get_component with a hit's pattern_id to fetch the exact code; never write the component yourself when one exists.",
  input: z.object({
    query: z.string().max(LIMITS.queryChars).optional().describe('Keywords, e.g. "sidebar", "date picker", "toast".'),
    category: z.string().max(100).optional().describe('A type (pattern, flows, components), a site section (ui-components, ux-patterns, …) or a tag (navigation, forms, …).'),
    limit,
    only_with_code: z.boolean().default(true).describe("Only patterns that have component code (default true). Set false to see every matching pattern."),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run({ query, category, limit, only_with_code }, { deps: { catalog } }) {
    if (!query?.trim() && !category?.trim()) {
      return fail(domainError("invalid_args", "Give a query, a category, or both.", 'Call again with e.g. { "query": "sidebar" } or { "category": "ui-components" }; list_categories lists categories.'));
    }
    const hits = catalog.search(query ?? "", {
      category: category?.trim() || undefined,
      filter: only_with_code ? (e) => e.hasGeneratedComponent : undefined,
    });
    return ok({
      results: hits.slice(0, limit).map((e) => ({ ...summary(catalog, e), default_version: "active" })),
      total: hits.length,
      ...(hits.length === 0 && { suggestion: only_with_code ? "No match with code: try other keywords, only_with_code: false, or list_categories." : "No match: try fewer or other keywords, or list_categories." }),
    });
  },
});
