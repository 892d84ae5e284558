import * as z from "zod/mini";
import { ok } from "../mcp/tool.ts";
import { defineTool } from "./define.ts";

export default defineTool({
  name: "list_categories",
  description:
    "List how the PATTTTERNS catalog is organised: its pattern types (pattern, flows, components) and site sections " +
    "(ui-components, ux-patterns, user-flows, ai-patterns, mobile-patterns), each with its page URL and pattern " +
    "count, plus every tag with its count. Use it to orient yourself or when a search finds nothing; then pass a " +
    "category or tag name as the category of search_components.",
  input: z.object({}),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(_args, { deps: { catalog } }) {
    // Types and sections each partition the catalog, so each kind's counts add up to its size; tags overlap.
    return ok({ categories: catalog.categories(), tags: catalog.tags(), total: catalog.count });
  },
});
