/** Small synthetic catalogs for ranking and resolver tests: every field valid, nothing else implied. */
import { entrySchema, type Entry } from "../../src/catalog/schema.ts";

/** A deterministic Notion-style UUID for catalog number `n`. */
export const uuidFor = (n: number) => {
  const hex = n.toString(16).padStart(12, "0");
  return `0000abcd-0000-4000-8000-${hex}`;
};

export function entry(n: number, title: string, over: Partial<Entry> = {}): Entry {
  const last = title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || `p${n}`;
  return entrySchema.parse({
    id: uuidFor(n),
    catalogNumber: n,
    title,
    description: "",
    tags: [],
    type: "pattern",
    slug: `/ux-patterns/${last}`,
    ...over,
  });
}

/** The search results as catalog numbers, for compact assertions. */
export const numbers = (entries: readonly Entry[]) => entries.map((e) => e.catalogNumber);
