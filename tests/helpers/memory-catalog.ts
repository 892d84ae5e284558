/**
 * search_index.json read in memory, a stand-in for the built catalog in tests: validated as the build validates it, and
 * searched through the same tables the build writes, made on first use. The edge function never
 * loads this: it reads the built catalog (generated/catalog/load.ts, src/catalog/reader.ts).
 */
import { type Catalog, openCatalog } from "../../src/catalog/catalog.ts";
import { LOOKUP_KEY, type LookupKind } from "../../src/catalog/lookup.ts";
import type { SearchTables } from "../../src/catalog/search.ts";
import { type CatalogHead, type CatalogReader, isCatalogFiles } from "../../src/catalog/reader.ts";
import { parseCatalog } from "../../scripts/build/catalog/parse.ts";
import { buildSearchTables, summarize } from "../../scripts/build/catalog/tables.ts";
import type { TechnicalTerm } from "../../scripts/build/catalog/technical.ts";
import type { SynonymRule } from "../../scripts/build/catalog/thesaurus.ts";

/**
 * What an in-memory catalog searches with: the thesaurus's rules, the technical terms and the absent
 * interfaces (none by default).
 */
export interface Vocabulary {
  synonyms?: readonly SynonymRule[];
  technical?: readonly TechnicalTerm[];
  absent?: readonly TechnicalTerm[];
}

/** The default vocabulary, one value, so readers without one share their tables too. */
const NO_RULES: readonly SynonymRule[] = [];
const NO_TERMS: readonly TechnicalTerm[] = [];

/**
 * The tables of a catalog and vocabulary, built once for every reader of them: ~0.15 s each, and the
 * unit and integration tests search through about 90 apps over a dozen catalogs. They are only read,
 * as an isolate's built catalog is; a catalog changed in place since (its JSON differs) gets new ones.
 * Keyed by the catalog, then by each list of the vocabulary in turn.
 */
const tablesOf = new WeakMap<object, { json: string; built: Map<unknown, unknown> }>();
function builtTables(
  raw: unknown,
  order: Parameters<typeof buildSearchTables>[0],
  { synonyms, technical, absent }: Required<Vocabulary>,
): SearchTables {
  const build = () => buildSearchTables(order, synonyms, technical, absent);
  if (typeof raw !== "object" || raw === null) return build();
  const json = JSON.stringify(raw);
  let cache = tablesOf.get(raw);
  if (cache?.json !== json) tablesOf.set(raw, (cache = { json, built: new Map() }));
  const level = (m: Map<unknown, unknown>, key: unknown) => {
    if (!m.has(key)) m.set(key, new Map());
    return m.get(key) as Map<unknown, unknown>;
  };
  const byAbsent = level(level(cache.built, synonyms), technical);
  if (!byAbsent.has(absent)) byAbsent.set(absent, build());
  return byAbsent.get(absent) as SearchTables;
}

/**
 * A parsed search_index.json as a catalog reader, searched with its vocabulary; maps and tables are
 * built on first use.
 */
export function memoryReader(
  raw: unknown,
  { synonyms = NO_RULES, technical = NO_TERMS, absent = NO_TERMS }: Vocabulary = {},
): CatalogReader {
  const order = parseCatalog(raw);
  const maps = new Map<LookupKind, Map<string, number[]>>();
  let tables: SearchTables | undefined;
  let head: CatalogHead | undefined;
  const searchTables = () => (tables ??= builtTables(raw, order, { synonyms, technical, absent }));
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
 * thesaurus and term lists compiled in).
 */
export function createCatalog(raw: unknown, siteUrl: string, opts: Vocabulary = {}): Catalog {
  return openCatalog(isCatalogFiles(raw) ? raw : memoryReader(raw, opts), siteUrl);
}
