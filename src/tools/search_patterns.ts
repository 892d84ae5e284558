import { z } from "zod";
import { summary } from "../catalog/catalog.ts";
import { LIMITS } from "../config.ts";
import { ok } from "../mcp/tool.ts";
import { limit, tool } from "./shared.ts";

export default tool({
  name: "search_patterns",
  description:
    "Search the PATTTTERNS catalog of UI interaction patterns (UX patterns, UI components, user flows, AI and mobile patterns) by keywords. Every word must match the title, description, tags, type or slug. Use it to find the right pattern before designing or building UI; then call get_pattern for its interaction rules, or get_component when has_component is true.",
  input: z.object({
    query: z.string().min(1).max(LIMITS.queryChars).describe('Keywords, e.g. "drag and drop", "onboarding checklist", "empty state".'),
    limit,
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run({ query, limit }, { deps: { catalog } }) {
    const hits = catalog.search(query);
    return ok({ results: hits.slice(0, limit).map((e) => summary(catalog, e)), total: hits.length });
  },
});
