/** The catalog contract: `search_index.json`, validated at load and by `npm run validate`. */
import * as z from "zod/mini";
import "../zod-english.ts";

export const PATTERN_TYPES = ["pattern", "flows", "components"] as const;

const NOTION_UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

export const entrySchema = z.object({
  id: z.string().check(z.regex(NOTION_UUID, "a Notion page UUID")),
  catalogNumber: z.number().check(z.int(), z.positive()),
  title: z.string().check(z.minLength(1)),
  description: z.string(),
  tags: z.array(z.string()),
  type: z.enum(PATTERN_TYPES),
  slug: z.string().check(z.regex(/^\/[a-z0-9-]+(\/[a-z0-9-]+)+$/, "a site path like /ux-patterns/drag-and-drop")),
  searchText: z.optional(z.string()),
  coverImage: z.optional(z.string()),
  hasGeneratedComponent: z._default(z.boolean(), false),
  uiCategories: z.optional(z.array(z.string())),
  uxFlows: z.optional(z.array(z.string())),
  interactionRules: z.optional(z.array(z.string())),
});

export const catalogSchema = z.array(entrySchema);

export type Entry = z.output<typeof entrySchema>;
