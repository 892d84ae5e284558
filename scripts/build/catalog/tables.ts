/**
 * The built catalog's tables, made from validated entries: the search tables (generated/catalog/search.json,
 * read by src/catalog/search.ts), the head (generated/catalog/head.json, src/catalog/reader.ts) and how many
 * lookup shards to write. scripts/build/catalog.ts writes them; in-memory catalogs
 * (memory.ts) build the same on first use.
 */
import { normalize, wordsOf } from "../../../src/catalog/normalize.ts";
import type { Entry } from "../../../src/catalog/schema.ts";
import { type SearchTables, slugSection } from "../../../src/catalog/search.ts";
import { CATALOG_FORMAT, type CatalogHead } from "../../../src/catalog/reader.ts";
import { buildRankData } from "./rank-data.ts";
import { buildSearchData, patternWords } from "./search-data.ts";
import { carried, ownText, type TechnicalTerm } from "./technical.ts";
import type { SynonymRule } from "./thesaurus.ts";

/** Patterns in search order: by catalog number, stable. */
export const searchOrder = (entries: readonly Entry[]) =>
  [...entries].sort((a, b) => a.catalogNumber - b.catalogNumber);

/**
 * The search tables of `entries`, which must be in search order, with the thesaurus's `rules`, the
 * `technical` terms and the `absent` interfaces, but those a pattern says of itself: these
 * patterns carry them. Leaving them out, rather than failing, keeps a catalog that gains such a
 * pattern buildable; a test names them for the shipped list.
 */
export function buildSearchTables(
  entries: readonly Entry[],
  rules: readonly SynonymRule[] = [],
  technical: readonly TechnicalTerm[] = [],
  absent: readonly TechnicalTerm[] = [],
): SearchTables {
  const memo = new Map<string, string>();
  const norm = (s: string) => {
    let n = memo.get(s);
    if (n === undefined) memo.set(s, (n = normalize(s)));
    return n;
  };
  const categories = new Map<string, number[]>();
  entries.forEach((e, d) => {
    const own = new Set([e.type, norm(slugSection(e.slug)), ...e.tags.map(norm), ...(e.uiCategories ?? []).map(norm)]);
    for (const c of own) {
      const list = categories.get(c);
      if (list) list.push(d);
      else categories.set(c, [d]);
    }
  });
  const perDoc = entries.map(patternWords);
  const titles = entries.map((e) => normalize(e.title));
  return {
    words: buildSearchData(perDoc),
    rank: buildRankData(
      perDoc,
      titles,
      rules,
      { technical, absent: withoutCarried(absent, entries) },
      entries.map(behaviourWords),
    ),
    titles: titles.join("\n"),
    categories: Object.fromEntries(categories),
    withCode: entries.flatMap((e, d) => (e.hasGeneratedComponent ? [d] : [])),
  };
}

/** The absent interfaces no pattern of `entries` says of itself. */
function withoutCarried(absent: readonly TechnicalTerm[], entries: readonly Entry[]) {
  if (absent.length === 0) return absent;
  const said = new Set(carried(absent, entries.map(ownText)).map((c) => c.term));
  return absent.filter((t) => !said.has(t));
}

/** The normalized words of how pattern `e` behaves: its UX flows and interaction rules. */
const behaviourWords = (e: Entry) =>
  wordsOf(normalize([...(e.uxFlows ?? []), ...(e.interactionRules ?? [])].join(" ")));

/** Code-point order, not localeCompare: the same on every runtime and locale. */
const byName = ([a]: [string, number], [b]: [string, number]) => (a < b ? -1 : a > b ? 1 : 0);

/** The head of `entries` (in search order) and their search tables. */
export function summarize(
  entries: readonly Entry[],
  tables: SearchTables,
  shape: { indexSha256: string; chunkSize: number; shards: number },
): CatalogHead {
  const types = new Map<string, number>();
  const sections = new Map<string, number>();
  for (const e of entries) {
    types.set(e.type, (types.get(e.type) ?? 0) + 1);
    const s = slugSection(e.slug);
    sections.set(s, (sections.get(s) ?? 0) + 1);
  }
  const categories = [
    ...[...types].sort(byName).map(([name, count]) => ({ name, kind: "type" as const, count })),
    ...[...sections].sort(byName).map(([name, count]) => ({ name, kind: "section" as const, count })),
  ];
  // A tag's count is its category's size (tagged, or in the UI category of the same name): search_components' total.
  const size = (name: string) => {
    const key = normalize(name);
    return Object.hasOwn(tables.categories, key) ? tables.categories[key].length : 0;
  };
  const tags = [...new Set(entries.flatMap((e) => e.tags))]
    .map((name) => ({ name, count: size(name) }))
    .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : 1));
  return {
    format: CATALOG_FORMAT,
    ...shape,
    count: entries.length,
    withCode: tables.withCode.length,
    categories,
    tags,
  };
}

/** About one shard per 128 patterns, a power of two: a shard stays a few KB at any catalog size. */
export function shardCount(patterns: number): number {
  let n = 1;
  while (n * 128 < patterns) n *= 2;
  return n;
}
