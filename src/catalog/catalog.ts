/** The catalog: validated entries plus the resolver and search index built over them. */
import { catalogSchema, type Entry, RULE_FIELDS } from "./schema.ts";
import { compactId, createResolver, type Resolver } from "./resolve.ts";
import { createSearchIndex, type SearchIndex, slugSection } from "./search.ts";
import type { SearchData } from "./search-data.ts";
import { isPrebuilt } from "./prebuilt.ts";

export interface Category {
  name: string;
  kind: "type" | "section";
  url: string;
  count: number;
}

export interface TagCount {
  name: string;
  count: number;
}

export interface Catalog extends Resolver, SearchIndex {
  entries: readonly Entry[];
  siteUrl: string;
  /** Types, then slug sections, each sorted by name; each kind's counts add up to the catalog size. */
  categories(): Category[];
  /**
   * Every tag, most used first, then by name. `count` is what the category filter finds for the
   * name (tagged, or in the UI category of the same name), so it equals search_components' total.
   */
  tags(): TagCount[];
  url(entry: Entry): string;
}

/** Validates `raw` with zod; throws with the first issues when the index is malformed. */
export function createCatalog(raw: unknown, siteUrl: string): Catalog {
  // search_index.prebuilt.json was validated (and indexed) at build time; a test keeps it current.
  if (isPrebuilt(raw)) return buildCatalog(raw.entries, siteUrl, raw.search);
  const parsed = catalogSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`search_index.json is invalid: ${first}`);
  }
  const duplicate = duplicates(parsed.data);
  if (duplicate) throw new Error(`search_index.json is invalid: ${duplicate}`);
  return buildCatalog(parsed.data, siteUrl);
}

/** The resolver's maps would silently keep one of two entries sharing an id, number or slug: refuse such an index. */
export function duplicates(entries: readonly Entry[]): string | undefined {
  const keys = { id: (e: Entry) => compactId(e.id), catalogNumber: (e: Entry) => String(e.catalogNumber), slug: (e: Entry) => e.slug };
  for (const [field, key] of Object.entries(keys)) {
    const seen = new Set<string>();
    for (const e of entries) {
      if (seen.has(key(e))) return `duplicate ${field} ${JSON.stringify(key(e))} (${e.title})`;
      seen.add(key(e));
    }
  }
  return undefined;
}

export function buildCatalog(entries: readonly Entry[], siteUrl: string, search?: SearchData): Catalog {
  const base = siteUrl.replace(/\/$/, "");
  const resolver = createResolver(entries, { siteUrl: base });
  const index = createSearchIndex(entries, search);
  let categories: Category[] | undefined;
  let tags: TagCount[] | undefined;
  return {
    entries,
    siteUrl: base,
    resolve: resolver.resolve,
    search: index.search,
    inCategory: index.inCategory,
    url: (entry) => base + entry.slug,
    categories() {
      if (categories) return categories;
      const types = new Map<string, number>();
      const sections = new Map<string, number>();
      for (const e of entries) {
        types.set(e.type, (types.get(e.type) ?? 0) + 1);
        const s = slugSection(e.slug);
        sections.set(s, (sections.get(s) ?? 0) + 1);
      }
      // Code-point order, not localeCompare: the same on every runtime and locale.
      const sorted = (m: Map<string, number>) => [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      categories = [
        ...sorted(types).map(([name, count]) => ({ name, kind: "type" as const, url: `${base}/?type=${name}`, count })),
        ...sorted(sections).map(([name, count]) => ({ name, kind: "section" as const, url: `${base}/${name}`, count })),
      ];
      return categories;
    },
    tags() {
      if (tags) return tags;
      const names = new Set(entries.flatMap((e) => e.tags));
      tags = [...names].map((name) => ({ name, count: index.inCategory(name).length })).sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : 1));
      return tags;
    },
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
