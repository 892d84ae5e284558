/** The catalog contract: `search_index.json`, validated at load and by `npm run validate`. */
import { z } from "zod";

export const PATTERN_TYPES = ["pattern", "flows", "components"] as const;

export const entrySchema = z.object({
  id: z.string().regex(/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i, "a Notion page UUID"),
  catalogNumber: z.number().int().positive(),
  title: z.string().min(1),
  description: z.string(),
  tags: z.array(z.string()),
  type: z.enum(PATTERN_TYPES),
  slug: z.string().regex(/^\/[a-z0-9-]+(\/[a-z0-9-]+)+$/, "a site path like /ux-patterns/drag-and-drop"),
  searchText: z.string().optional(),
  coverImage: z.string().optional(),
  hasGeneratedComponent: z.boolean().default(false),
  uiCategories: z.array(z.string()).optional(),
  uxFlows: z.array(z.string()).optional(),
  interactionRules: z.array(z.string()).optional(),
});

export const catalogSchema = z.array(entrySchema);

export type Entry = z.output<typeof entrySchema>;

/** The catalog fields that carry interaction rules; copied to tool output as they are, nothing invented. */
export const RULE_FIELDS = ["uiCategories", "uxFlows", "interactionRules"] as const;
