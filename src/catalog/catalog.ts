/** The catalog: validated entries plus the resolver and search index built over them. */
import { catalogSchema, type Entry, RULE_FIELDS } from "./schema.ts";
import { createResolver, type Resolver } from "./resolve.ts";
import { createSearchIndex, type SearchIndex, slugSection } from "./search.ts";

export interface Category {
  name: string;
  kind: "type" | "section";
  url: string;
  count: number;
}

export interface Catalog extends Resolver, SearchIndex {
  entries: readonly Entry[];
  siteUrl: string;
  categories(): Category[];
  url(entry: Entry): string;
}

/** Validates `raw` with zod; throws with the first issues when the index is malformed. */
export function createCatalog(raw: unknown, siteUrl: string): Catalog {
  const parsed = catalogSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`search_index.json is invalid: ${first}`);
  }
  return buildCatalog(parsed.data, siteUrl);
}

export function buildCatalog(entries: readonly Entry[], siteUrl: string): Catalog {
  const base = siteUrl.replace(/\/$/, "");
  const resolver = createResolver(entries);
  const index = createSearchIndex(entries);
  let categories: Category[] | undefined;
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
      const sorted = (m: Map<string, number>) => [...m].sort(([a], [b]) => a.localeCompare(b));
      categories = [
        ...sorted(types).map(([name, count]) => ({ name, kind: "type" as const, url: `${base}/?type=${name}`, count })),
        ...sorted(sections).map(([name, count]) => ({ name, kind: "section" as const, url: `${base}/${name}`, count })),
      ];
      return categories;
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
