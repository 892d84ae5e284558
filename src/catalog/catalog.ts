/**
 * The catalog: resolver, search and categories over one source (source.ts), either validated
 * entries in memory or the built catalog files loaded on demand. Data access is asynchronous, so a
 * request loads only what it needs: a key shard and an entry chunk for a ref, the search tables
 * and the page's entries for a search, nothing beyond generated/catalog/head.json for list_categories.
 */
import { catalogSchema, type Entry, RULE_FIELDS } from "./schema.ts";
import { KEY_OF } from "./keys.ts";
import { createResolver, type Resolver } from "./resolve.ts";
import { lazy } from "../lazy.ts";
import { createSearchIndex, type MatchKind } from "./search.ts";
import type { SynonymRule } from "./thesaurus.ts";
import { type CatalogSource, filesSource, isCatalogFiles, memorySource, type TagCount } from "./source.ts";

export type { TagCount };

export interface Category {
  name: string;
  kind: "type" | "section";
  url: string;
  count: number;
}

export interface SearchOptions {
  /** A type, slug section, tag or UI category (normalized like the query). */
  category?: string;
  /** Only patterns with component code. */
  withCode?: boolean;
  /** How many hits to load and return (default: all); `total` counts them all. */
  limit?: number;
}

export interface Catalog extends Resolver {
  siteUrl: string;
  /** Patterns in the catalog, and how many have component code. */
  count: number;
  withCode: number;
  /**
   * Exact matches (every query token in the title, description, tags, type or slug) first, then
   * ranked ones (search.ts); `match[i]` says how `hits[i]` matched.
   */
  search(query: string, opts?: SearchOptions): Promise<{ total: number; hits: Entry[]; match: MatchKind[] }>;
  /** How many patterns a category (type, slug section, tag or UI category) holds. */
  categorySize(category: string): Promise<number>;
  /** Types, then slug sections, each sorted by name; each kind's counts add up to the catalog size. */
  categories(): Category[];
  /**
   * Every tag, most used first, then by name. `count` is what the category filter finds for the
   * name (tagged, or in the UI category of the same name), so it equals search_components' total.
   */
  tags(): TagCount[];
  url(entry: Entry): string;
  /** Every entry, in catalog-number order. Loads the whole catalog: scripts and tests only. */
  all(): Promise<Entry[]>;
}

/**
 * `raw` is either the parsed search_index.json, validated here with zod (throws with the first
 * issues when it is malformed), or generated/catalog/load.ts's exports, validated at build time and carrying
 * the thesaurus compiled in. A raw index is searched with the `synonyms` given (none by default).
 */
export function createCatalog(raw: unknown, siteUrl: string, { synonyms = [] as readonly SynonymRule[] } = {}): Catalog {
  if (isCatalogFiles(raw)) return catalogOver(filesSource(raw), siteUrl);
  const parsed = catalogSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`search_index.json is invalid: ${first}`);
  }
  const duplicate = duplicates(parsed.data);
  if (duplicate) throw new Error(`search_index.json is invalid: ${duplicate}`);
  return catalogOver(memorySource(parsed.data, synonyms), siteUrl);
}

/** The resolver's keys would be ambiguous for two entries sharing an id, number or slug: refuse such an index. */
export function duplicates(entries: readonly Entry[]): string | undefined {
  const keys = { id: KEY_OF.id, catalogNumber: KEY_OF.number, slug: KEY_OF.slug };
  for (const [field, key] of Object.entries(keys)) {
    const seen = new Set<string>();
    for (const e of entries) {
      if (seen.has(key(e))) return `duplicate ${field} ${JSON.stringify(key(e))} (${e.title})`;
      seen.add(key(e));
    }
  }
  return undefined;
}

function catalogOver(source: CatalogSource, siteUrl: string): Catalog {
  const base = siteUrl.replace(/\/$/, "");
  const resolver = createResolver(source.lookup, { siteUrl: base });
  let categories: Category[] | undefined;
  // Decoded once per catalog; a failed load is retried by the next search. A warm catalog skips the promise.
  const index = lazy(async () => createSearchIndex(await source.searchTables(), source.count));
  const all = () => Array.from({ length: source.count }, (_, d) => d);
  return {
    siteUrl: base,
    count: source.count,
    withCode: source.withCode,
    resolve: resolver.resolve,
    async search(query, opts = {}) {
      const ix = index.value ?? (await index.get());
      const { docs, match, total } = ix.search(query, { category: opts.category, filter: opts.withCode ? ix.hasCode : undefined, limit: opts.limit });
      return { total, hits: await source.entriesAt(docs), match };
    },
    categorySize: async (category) => (index.value ?? (await index.get())).inCategory(category).length,
    categories: () =>
      (categories ??= source.head().categories.map((c) => ({ name: c.name, kind: c.kind, url: c.kind === "type" ? `${base}/?type=${c.name}` : `${base}/${c.name}`, count: c.count }))),
    tags: () => source.head().tags,
    url: (entry) => base + entry.slug,
    all: () => source.entriesAt(all()),
  };
}

/** The catalog identity every tool result carries. */
export function identity(catalog: Catalog, e: Entry) {
  return { pattern_id: e.id, catalog_number: `#${e.catalogNumber}`, title: e.title, url: catalog.url(e) };
}

/** A search hit: identity plus the fields an agent needs to choose. */
export function summary(catalog: Catalog, e: Entry) {
  return {
    ...identity(catalog, e),
    description: e.description,
    tags: e.tags,
    type: e.type,
    slug: e.slug,
    has_component: e.hasGeneratedComponent,
  };
}

/** The catalog's interaction-rule fields that are present on the entry, copied as they are. */
export function ruleFields(e: Entry) {
  const out: Record<string, string[]> = {};
  for (const f of RULE_FIELDS) if (e[f]?.length) out[f] = e[f]!;
  return out;
}
