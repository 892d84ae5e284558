/**
 * search_index.json read in memory, for tests and scripts: validated as the build validates it, and
 * searched through the same tables the build writes, made on first use. The edge function never
 * loads this: it reads the built catalog (generated/catalog/load.ts, src/catalog/reader.ts).
 */
import { type Catalog, openCatalog } from "../../../src/catalog/catalog.ts";
import { LOOKUP_KEY, type LookupKind } from "../../../src/catalog/lookup.ts";
import { catalogSchema, type Entry } from "../../../src/catalog/schema.ts";
import type { SearchTables } from "../../../src/catalog/search.ts";
import { type CatalogHead, type CatalogReader, isCatalogFiles } from "../../../src/catalog/reader.ts";
import { buildSearchTables, searchOrder, summarize } from "./tables.ts";
import type { TechnicalTerm } from "./technical.ts";
import type { SynonymRule } from "./thesaurus.ts";

/** The resolver's keys would be ambiguous for two entries sharing an id, number or slug: refuse such an index. */
export function duplicates(entries: readonly Entry[]): string | undefined {
  const unique = { id: LOOKUP_KEY.id, catalogNumber: LOOKUP_KEY.number, slug: LOOKUP_KEY.slug };
  for (const [field, key] of Object.entries(unique)) {
    const seen = new Set<string>();
    for (const e of entries) {
      if (seen.has(key(e))) return `duplicate ${field} ${JSON.stringify(key(e))} (${e.title})`;
      seen.add(key(e));
    }
  }
  return undefined;
}

/**
 * The entries of a parsed search_index.json, validated with zod (defaults applied) and refused when
 * two share an id, number or slug, in search order (catalog number). Throws with the first issues.
 */
export function parseCatalog(raw: unknown): Entry[] {
  const parsed = catalogSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join(".")}: ${i.message}`)
      .join("; ");
    throw new Error(`search_index.json is invalid: ${first}`);
  }
  const duplicate = duplicates(parsed.data);
  if (duplicate) throw new Error(`search_index.json is invalid: ${duplicate}`);
  return searchOrder(parsed.data);
}

/** What an in-memory catalog searches with: the thesaurus's rules and the technical terms (none by default). */
export interface Vocabulary {
  synonyms?: readonly SynonymRule[];
  technical?: readonly TechnicalTerm[];
}

/**
 * A parsed search_index.json as a catalog reader, searched with `synonyms` and `technical`; maps and
 * tables are built on first use.
 */
export function memoryReader(raw: unknown, { synonyms = [], technical = [] }: Vocabulary = {}): CatalogReader {
  const order = parseCatalog(raw);
  const maps = new Map<LookupKind, Map<string, number[]>>();
  let tables: SearchTables | undefined;
  let head: CatalogHead | undefined;
  const searchTables = () => (tables ??= buildSearchTables(order, synonyms, technical));
  function map(kind: LookupKind) {
    let m = maps.get(kind);
    if (!m) {
      m = new Map();
      order.forEach((e, d) => {
        const key = LOOKUP_KEY[kind](e);
        const list = m!.get(key);
        if (list) list.push(d);
        else m!.set(key, [d]);
      });
      maps.set(kind, m);
    }
    return m;
  }
  return {
    count: order.length,
    withCode: order.filter((e) => e.hasGeneratedComponent).length,
    head: () => (head ??= summarize(order, searchTables(), { indexSha256: "", chunkSize: 0, shards: 0 })),
    lookup: async (kind, key) => (map(kind).get(key) ?? []).map((d) => order[d]),
    entriesAt: async (ds) => ds.map((d) => order[d]),
    searchTables: async () => searchTables(),
  };
}

/**
 * A catalog over `raw`: the parsed search_index.json (validated here; throws when it is malformed),
 * searched with `opts`' vocabulary, or generated/catalog/load.ts's exports (the built catalog,
 * thesaurus and technical terms compiled in).
 */
export function createCatalog(raw: unknown, siteUrl: string, opts: Vocabulary = {}): Catalog {
  return openCatalog(isCatalogFiles(raw) ? raw : memoryReader(raw, opts), siteUrl);
}
