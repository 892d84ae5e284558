import { z } from "zod";
import { ok } from "../mcp/tool.ts";
import { tool } from "./shared.ts";

export default tool({
  name: "list_categories",
  description:
    "List the catalog's categories: pattern types (pattern, flows, components) and site sections (ux-patterns, ui-components, user-flows, …), each with its page URL and pattern count. Use a name as the category of search_components.",
  input: z.object({}),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(_args, { deps: { catalog } }) {
    return ok({ categories: catalog.categories() });
  },
});
