/**
 * The catalog: resolver, search and categories over one reader (reader.ts). The edge function's
 * reads the built catalog, loaded on demand; tests and scripts may pass another, such as
 * search_index.json read in memory (tests/helpers/memory-catalog.ts). Data access is asynchronous, so a
 * request loads only what it needs: a lookup shard and an entry chunk for a ref, the search tables
 * and the page's entries for a search, nothing beyond generated/catalog/head.json for list_categories.
 */
import type { Entry } from "./schema.ts";
import { createResolver, type Resolver } from "./resolve.ts";
import { lazy } from "../lazy.ts";
import { createSearchIndex, type MatchKind } from "./search.ts";
import { type CatalogFiles, type CatalogReader, builtReader, isCatalogFiles, type TagCount } from "./reader.ts";

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
   * Exact matches (every query word, whole, in the title, description, tags, type or slug) first, then
   * ranked ones (search.ts); `match[i]` says how `hits[i]` matched; `absent`, the interface the
   * catalog does not carry that the query names (its normalized words), when the hits were weak
   * beside it or it is all the query asks for.
   */
  search(
    query: string,
    opts?: SearchOptions,
  ): Promise<{ total: number; hits: Entry[]; match: MatchKind[]; absent?: string }>;
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
  /** Every pattern whose slug ends in `segment` ("date-picker"), in catalog-number order: the registry's names. */
  withLastSegment(segment: string): Promise<Entry[]>;
}

/**
 * A catalog over `data`: generated/catalog/load.ts's exports (the built catalog, validated at build time and
 * carrying the thesaurus compiled in), or any other catalog reader. Throws when it is neither.
 */
export function openCatalog(data: CatalogFiles | CatalogReader, siteUrl: string): Catalog {
  if (isCatalogFiles(data)) return catalogOver(builtReader(data), siteUrl);
  if (typeof data?.lookup !== "function") {
    throw new TypeError(
      "the catalog data is neither generated/catalog/load.ts's exports nor a CatalogReader " +
        "(for search_index.json, use memoryReader in tests/helpers/memory-catalog.ts)",
    );
  }
  return catalogOver(data, siteUrl);
}

function catalogOver(reader: CatalogReader, siteUrl: string): Catalog {
  const base = siteUrl.replace(/\/$/, "");
  let categories: Category[] | undefined;
  // Decoded once per catalog; a failed load is retried by the next search. A warm catalog skips the promise.
  const index = lazy(async () => createSearchIndex(await reader.searchTables(), reader.count));
  const search: Catalog["search"] = async (query, opts = {}) => {
    const ix = index.value ?? (await index.get());
    const filter = opts.withCode ? ix.hasCode : undefined;
    const { docs, match, total, absent } = ix.search(query, { category: opts.category, filter, limit: opts.limit });
    const hits = await reader.entriesAt(docs);
    return absent === undefined ? { total, hits, match } : { total, hits, match, absent };
  };
  // A ref that names nothing is answered with the three patterns its words find best.
  const near = async (ref: string) => (await search(ref, { limit: 3 })).hits;
  const resolver = createResolver(reader.lookup, { siteUrl: base, near });
  return {
    siteUrl: base,
    count: reader.count,
    withCode: reader.withCode,
    resolve: resolver.resolve,
    search,
    categorySize: async (category) => (index.value ?? (await index.get())).inCategory(category).length,
    categories: () =>
      (categories ??= reader.head().categories.map((c) => {
        const url = c.kind === "type" ? `${base}/?type=${c.name}` : `${base}/${c.name}`;
        return { name: c.name, kind: c.kind, url, count: c.count };
      })),
    tags: () => reader.head().tags,
    url: (entry) => base + entry.slug,
    withLastSegment: (segment) => reader.lookup("last", segment),
  };
}

/** A search hit and the head of get_pattern: the pattern's identity and the fields an agent needs to choose. */
export function summary(catalog: Catalog, e: Entry) {
  return {
    pattern_id: e.id,
    catalog_number: `#${e.catalogNumber}`,
    title: e.title,
    url: catalog.url(e),
    description: e.description,
    tags: e.tags,
    type: e.type,
    slug: e.slug,
    has_component: e.hasGeneratedComponent,
  };
}

/**
 * The catalog fields that carry interaction rules; copied to tool output as they are, nothing
 * invented. Kept here, not in schema.ts, so the edge function imports only that module's types.
 */
const RULE_FIELDS = ["uiCategories", "uxFlows", "interactionRules"] as const;

/** The catalog's interaction-rule fields that are present on the entry, copied as they are. */
export function ruleFields(e: Entry) {
  const out: Record<string, string[]> = {};
  for (const f of RULE_FIELDS) if (e[f]?.length) out[f] = e[f]!;
  return out;
}
