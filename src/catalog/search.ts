/**
 * Search over the catalog, in two tiers:
 * 1. exact (exact.ts): every query word is a whole word of the title, description, tags, type or
 *    slug, by stem (token-AND over words, where the site's topbar matches inside words), ranked with
 *    the site's weights, ties broken by catalog number. These hits come first, in this order,
 *    whatever follows;
 * 2. ranked (rank.ts): stems, synonyms and spelling corrections, field-weighted BM25, and only
 *    patterns that explain enough of the query.
 * Both run on tables built at build time (scripts/build/catalog/tables.ts) and decoded on first use.
 */
import { exactTier, type ExactData, type ExactOptions } from "./exact.ts";
import { STOPWORDS, stemOf } from "./analyze.ts";
import { normalize, wordsOf } from "./normalize.ts";
import { thesaurusPhrases } from "./phrases.ts";
import {
  type AbsentTerms,
  decodeRankData,
  MAX_PHRASE_WORDS,
  type RankData,
  type RankIndex,
  type TechnicalTerms,
} from "./rank-data.ts";
import { createRanker, MATCH, type MatchKind, type Ranked } from "./rank.ts";
import { once } from "../lazy.ts";
import { decodeSearchData, type SearchData, type WordIndex } from "./search-data.ts";

export { MATCH, type MatchKind };
export { WEIGHTS } from "./exact.ts";

/**
 * Everything search needs, none of it the entries themselves: built at build time into
 * generated/catalog/search.json (scripts/build/catalog/tables.ts), so a search loads the entries of the page it
 * returns and no others.
 * Patterns are numbered by search order (`d`), as the entry chunks are.
 */
export interface SearchTables {
  words: SearchData;
  /** Stems, their frequencies and the compiled thesaurus, for the ranked tier. */
  rank: RankData;
  /** Normalized titles, joined by "\n" (a normalized title never holds one): the title weights need them. */
  titles: string;
  /** Normalized category (type, slug section, tag or UI category) to its patterns, ascending. */
  categories: Record<string, number[]>;
  /** Patterns with generated component code, ascending. */
  withCode: number[];
}

/** The first `limit` hits of both tiers (search order numbers), best first, how each matched, and how many in all. */
export interface SearchHits {
  docs: number[];
  match: MatchKind[];
  total: number;
  /**
   * An interface the catalog does not carry, in the query's normalized words, when the hits were
   * weak beside it or it is all the query asks for.
   */
  absent?: string;
}

export interface SearchIndex {
  /** Exact hits first, then ranked ones; `limit` of them (default: all). */
  search(query: string, opts?: ExactOptions & { limit?: number }): SearchHits;
  /** The exact tier alone: every word matches a whole word, the site's order. */
  exact(query: string, opts?: ExactOptions): number[];
  /** Patterns in a category (type, slug section, tag or UI category), ascending. */
  inCategory(category: string): readonly number[];
  /** Whether pattern `d` has component code. */
  hasCode(d: number): boolean;
}

export const slugSection = (slug: string) => slug.split("/")[1] ?? "";

const NONE: readonly number[] = Object.freeze([]);
const NO_TERMS: TechnicalTerms = Object.freeze({ at: new Set<number>(), terms: 0 });

/** Queries over `tables` of `count` patterns; throws (on first use) when they describe another count. */
export function createSearchIndex(tables: SearchTables, count: number): SearchIndex {
  const data = decodedOnFirstUse(tables, count);
  const exact = exactTier(data);
  const ranked = rankedTier(tables, data);
  /** A query's normalized words, and the technical terms among them: read once for both tiers. */
  const read = (query: string) => {
    const words = wordsOf(normalize(query));
    return { words, technical: words.length === 0 ? NO_TERMS : data.rank().technicalAt(words) };
  };
  /**
   * The interface the catalog does not carry that is all a query asks for ("3d model", "I need a
   * bar chart component"), if it is: no pattern says it (the build leaves out one a pattern says),
   * so a hit would match its words apart ("3d model" is not Model Picker, "360 view" not Quick
   * View). Stopwords beside it ask for nothing, unless they make a thesaurus phrase ("show more" is
   * Load More, "you may also like" Personalized Recommendations). Named as the first one found.
   */
  const onlyAbsent = (words: string[], absent: () => AbsentTerms | undefined): string | undefined => {
    let content = 0;
    for (const w of words) if (!STOPWORDS.has(w)) content++;
    if (content === 0 || content > MAX_PHRASE_WORDS) return undefined;
    const found = absent();
    if (found === undefined || words.some((w, i) => !found.at.has(i) && !STOPWORDS.has(w))) return undefined;
    const beside = (at: number[]) => at.some((i) => !found.at.has(i));
    return thesaurusPhrases(data.rank(), words.length, [], words.map(stemOf), beside).length ? undefined : found.named;
  };

  function search(query: string, opts: ExactOptions & { limit?: number } = {}): SearchHits {
    const limit = opts.limit ?? Number.POSITIVE_INFINITY;
    const { words, technical } = read(query);
    // Looked up once for the query, by whichever step asks first (most queries: none).
    const absent = once(() => data.rank().absentAt(words, technical.at));
    const named = onlyAbsent(words, absent);
    if (named !== undefined) return { docs: [], match: [], total: 0, absent: named };
    const first = exact(words, technical, opts);
    const page = first.length > limit ? first.slice(0, limit) : first;
    const out: SearchHits = { docs: page, match: page.map(() => MATCH.allWords), total: first.length };
    if (words.length === 0) return out;
    const { kept, of: more, byScore } = ranked(words, technical, first, opts, absent);
    out.total += kept.length;
    if (more.absent !== undefined) out.absent = more.absent;
    // The best of the ranked hits fill what the exact ones left of the page: a selection, not a sort of them all.
    const room = Math.min(limit - page.length, kept.length);
    if (room <= 0) return out;
    const top = room === kept.length ? kept.sort(byScore) : selectTop(kept, room, byScore);
    if (out.docs === first) {
      out.docs = [...first];
      out.match = [...out.match];
    }
    for (const j of top) {
      out.docs.push(more.docs[j]);
      out.match.push(more.match[j]);
    }
    return out;
  }

  return {
    search,
    exact(query, opts) {
      const { words, technical } = read(query);
      return exact(words, technical, opts);
    },
    inCategory: (category) => data.inCategory(normalize(category)),
    hasCode: data.hasCode,
  };
}

/** The tables as the tiers read them, each part decoded when first asked for. */
function decodedOnFirstUse(tables: SearchTables, count: number): ExactData & { hasCode(d: number): boolean } {
  let ix: WordIndex | undefined;
  let rk: RankIndex | undefined;
  let titles: string[] | undefined;
  let code: Uint8Array | undefined;
  let all: readonly number[] | undefined;
  const index = () => (ix ??= decodeSearchData(tables.words, count));
  return {
    count,
    index,
    rank: () => (rk ??= decodeRankData(tables.rank, index(), count)),
    title: (d) => (titles ??= count === 0 ? [] : tables.titles.split("\n"))[d],
    // Own keys only: a category named "constructor" must not find Object.prototype's.
    inCategory: (category) => (Object.hasOwn(tables.categories, category) ? tables.categories[category] : NONE),
    all: () => (all ??= Array.from({ length: count }, (_, d) => d)),
    hasCode(d) {
      if (!code) {
        code = new Uint8Array(count);
        for (const c of tables.withCode) code[c] = 1;
      }
      return code[d] === 1;
    },
  };
}

/** The ranked hits kept, as indexes into the ranker's answer `of`; `byScore` orders them best first. */
interface RankedHits {
  kept: number[];
  of: Ranked;
  byScore: (a: number, b: number) => number;
}

/**
 * The ranked tier: the patterns it finds for `words` beyond the exact hits (`first`), in the
 * caller's category and filter. The ranker and its tables are built on first use.
 */
function rankedTier(tables: SearchTables, data: ReturnType<typeof decodedOnFirstUse>) {
  let ranker: ReturnType<typeof createRanker> | undefined;
  const ranked = () => (ranker ??= createRanker(data.rank(), data.count, data.title, tables.titles));

  return function rank(
    words: string[],
    technical: TechnicalTerms,
    first: readonly number[],
    opts: ExactOptions,
    absent: () => AbsentTerms | undefined,
  ): RankedHits {
    const category = opts.category === undefined ? undefined : data.inCategory(normalize(opts.category));
    // Ranking lists only the patterns the exact tier did not; the caller's filter runs last (it may search again).
    const more = ranked()(words, technical, first, absent);
    const keep: number[] = [];
    for (let j = 0; j < more.docs.length; j++) if (category === undefined || has(category, more.docs[j])) keep.push(j);
    const kept = opts.filter ? keep.filter((j) => opts.filter!(more.docs[j])) : keep;
    const byScore = (a: number, b: number) => more.scores[b] - more.scores[a] || more.docs[a] - more.docs[b];
    return { kept, of: more, byScore };
  };
}

/** The first `k` of `xs` in `order`, in that order: one pass keeping a sorted list of k. */
function selectTop(xs: readonly number[], k: number, order: (a: number, b: number) => number): number[] {
  const top: number[] = [];
  for (const x of xs) {
    if (top.length === k && order(x, top[k - 1]) >= 0) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (order(x, top[mid]) < 0) hi = mid;
      else lo = mid + 1;
    }
    top.splice(lo, 0, x);
    if (top.length > k) top.pop();
  }
  return top;
}

/** Whether ascending `list` holds `d`. */
function has(list: readonly number[], d: number): boolean {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] === d) return true;
    if (list[mid] < d) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
