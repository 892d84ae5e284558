/**
 * The linear search as it was before the inverted index (src/catalog/search.ts @ the performance
 * change), kept verbatim as the reference the equivalence tests compare the index against.
 * Change it only together with the semantics of src/catalog/exact.ts.
 */
/**
 * Search over the catalog: every query token must occur in the title, description, tags, type or
 * slug (token-AND, as the site's topbar), ranked with the site's weights, ties broken by catalog number.
 */
import { normalize, tokens } from "../../../src/catalog/normalize.ts";
import type { Entry } from "../../../src/catalog/schema.ts";

/** The site's topbar weights (docs/catalog.md, "The exact tier's ranking"). */
export const WEIGHTS = {
  exactTitle: 100,
  titlePrefix: 50,
  titleContains: 25,
  tagExact: 30,
  tagContains: 15,
  description: 10,
} as const;

interface Doc {
  entry: Entry;
  title: string;
  tags: string[];
  description: string;
  haystack: string;
  /** Type, slug section, tags and UI categories, for the category filter. */
  categories: Set<string>;
}

export interface SearchIndex {
  /** Ranked matches; `filter` keeps only entries for which it returns true. */
  search(query: string, opts?: { category?: string; filter?: (e: Entry) => boolean }): Entry[];
  /** Entries in a category (type, slug section, tag or UI category), in catalog order. */
  inCategory(category: string): Entry[];
}

export const slugSection = (slug: string) => slug.split("/")[1] ?? "";

function toDoc(entry: Entry): Doc {
  const title = normalize(entry.title);
  const tags = entry.tags.map(normalize);
  const description = normalize(entry.description);
  const section = slugSection(entry.slug);
  const haystack = [title, description, tags.join(" "), entry.type, normalize(entry.slug)].join("\n");
  const categories = new Set([entry.type, normalize(section), ...tags, ...(entry.uiCategories ?? []).map(normalize)]);
  return { entry, title, tags, description, haystack, categories };
}

function score(doc: Doc, phrase: string, terms: string[]): number {
  let s = 0;
  if (doc.title === phrase) s += WEIGHTS.exactTitle;
  else if (doc.title.startsWith(phrase)) s += WEIGHTS.titlePrefix;
  else if (doc.title.includes(phrase)) s += WEIGHTS.titleContains;
  for (const t of terms) {
    if (doc.tags.includes(t)) s += WEIGHTS.tagExact;
    else if (doc.tags.some((tag) => tag.includes(t))) s += WEIGHTS.tagContains;
    if (doc.description.includes(t)) s += WEIGHTS.description;
  }
  return s;
}

export function createLinearSearch(entries: readonly Entry[]): SearchIndex {
  const docs = entries.map(toDoc).sort((a, b) => a.entry.catalogNumber - b.entry.catalogNumber);
  const inCat = (doc: Doc, category: string) => doc.categories.has(category);

  return {
    search(query, opts = {}) {
      const terms = [...new Set(tokens(query))];
      const category = opts.category === undefined ? undefined : normalize(opts.category);
      const hits: { doc: Doc; exact: boolean; score: number }[] = [];
      // The whole query, not the de-duplicated terms: "Step by Step" must still equal its title.
      const phrase = normalize(query);
      for (const doc of docs) {
        if (category !== undefined && !inCat(doc, category)) continue;
        if (!terms.every((t) => doc.haystack.includes(t))) continue;
        if (opts.filter && !opts.filter(doc.entry)) continue;
        hits.push({ doc, exact: doc.title === phrase, score: terms.length ? score(doc, phrase, terms) : 0 });
      }
      // An exact title always ranks first; then weight; then catalog number (docs are pre-sorted, sort is stable).
      hits.sort((a, b) => Number(b.exact) - Number(a.exact) || b.score - a.score);
      return hits.map((h) => h.doc.entry);
    },
    inCategory(category) {
      const c = normalize(category);
      return docs.filter((d) => inCat(d, c)).map((d) => d.entry);
    },
  };
}
