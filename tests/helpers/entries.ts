/** Small synthetic catalogs for ranking and resolver tests: every field valid, nothing else implied. */
import { expect } from "vitest";
import { entrySchema, type Entry } from "../../src/catalog/schema.ts";
import { createSearchIndex } from "../../src/catalog/search.ts";
import { buildSearchTables, searchOrder } from "../../scripts/build/catalog/tables.ts";
import type { TechnicalTerm } from "../../scripts/build/catalog/technical.ts";
import type { SynonymRule } from "../../scripts/build/catalog/thesaurus.ts";

/** A deterministic Notion-style UUID for catalog number `n`. */
export const uuidFor = (n: number) => {
  const hex = n.toString(16).padStart(12, "0");
  return `0000abcd-0000-4000-8000-${hex}`;
};

export function entry(n: number, title: string, over: Partial<Entry> = {}): Entry {
  const last =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || `p${n}`;
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

/**
 * The search index (src/catalog/search.ts) over `es`, answering with entries: it numbers patterns in
 * search order and filters by pattern number, so a filter on entries is looked up through that order.
 */
export function entryIndex(
  es: readonly Entry[],
  opts: { viaJson?: boolean; synonyms?: SynonymRule[]; technical?: TechnicalTerm[]; absent?: TechnicalTerm[] } = {},
) {
  const order = searchOrder(es);
  const tables = buildSearchTables(order, opts.synonyms, opts.technical, opts.absent);
  const ix = createSearchIndex(opts.viaJson ? JSON.parse(JSON.stringify(tables)) : tables, order.length);
  const options = (o: { category?: string; filter?: (e: Entry) => boolean }) => ({
    category: o.category,
    filter: o.filter && ((d: number) => o.filter!(order[d])),
  });
  return {
    /** The exact tier alone (every word), as entries. */
    search: (q: string, o: { category?: string; filter?: (e: Entry) => boolean } = {}) =>
      ix.exact(q, options(o)).map((d) => order[d]),
    /** Both tiers: entries and how each matched. */
    ranked: (q: string, o: { category?: string; filter?: (e: Entry) => boolean } = {}) => {
      const { docs, match, total } = ix.search(q, options(o));
      expect(total).toBe(docs.length);
      return docs.map((d, i) => ({ entry: order[d], match: match[i] }));
    },
    inCategory: (category: string) => Array.from(ix.inCategory(category), (d) => order[d]),
    /** The interface the catalog does not carry that the search names, if any. */
    absent: (q: string) => ix.search(q).absent,
  };
}

/** Draws words from the catalog's own titles and tags (lowercase ASCII runs) with `r`: realistic queries. */
export function wordPicker(entries: readonly Entry[], r: () => number): () => string {
  const words = [
    ...new Set(entries.flatMap((e) => `${e.title} ${e.tags.join(" ")}`.toLowerCase().split(/[^a-z0-9]+/))),
  ].filter(Boolean);
  return () => words[Math.floor(r() * words.length)];
}
