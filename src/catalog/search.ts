/**
 * Search over the catalog, in two tiers:
 * 1. exact: every query token occurs in the title, description, tags, type or slug (token-AND, as
 *    the site's topbar), ranked with the site's weights, ties broken by catalog number. These hits
 *    come first, in this order, whatever follows;
 * 2. ranked (rank.ts): stems, synonyms and spelling corrections, field-weighted BM25, and only
 *    patterns that explain at least half of the query.
 *
 * The exact tier
 * It runs on a word index (search-data.ts), built at build time (scripts/lib/catalog/tables.ts), and gives exactly
 * the results of the plain scan kept in tests/catalog/search-reference.ts: a token matches the words
 * that contain it (one substring scan of the vocabulary), the rarest token picks the candidates from
 * the inverted lists, the others narrow them, and the field bits of the matched words give the
 * tag and description weights without touching the text again.
 */
import { normalize, wordsOf } from "./normalize.ts";
import { decodeRankData, type RankData } from "./rank-data.ts";
import { createRanker, MATCH, type MatchKind } from "./rank.ts";
import { decodeSearchData, FIELD, type SearchData, type WordIndex } from "./search-data.ts";
import { type TokenMatch, type TokenMemo, tokenMemo } from "./token-memo.ts";

export { MATCH, type MatchKind };

/** The site's topbar weights (DESIGN.md). */
export const WEIGHTS = { exactTitle: 100, titlePrefix: 50, titleContains: 25, tagExact: 30, tagContains: 15, description: 10 } as const;

/**
 * Everything search needs, none of it the entries themselves: built at build time into
 * catalog/search.json (scripts/lib/catalog/tables.ts), so a search loads the entries of the page it
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

export interface SearchOptions {
  /** A type, slug section, tag or UI category: only its patterns. */
  category?: string;
  /** Only the patterns (search order) for which it returns true. */
  filter?: (d: number) => boolean;
}

/** The first `limit` hits of both tiers (search order numbers), best first, how each matched, and how many there are. */
export interface SearchHits {
  docs: number[];
  match: MatchKind[];
  total: number;
}

export interface SearchIndex {
  /** Exact hits first, then ranked ones; `limit` of them (default: all). */
  search(query: string, opts?: SearchOptions & { limit?: number }): SearchHits;
  /** The exact tier alone: every token matches, the site's order. */
  exact(query: string, opts?: SearchOptions): number[];
  /** Patterns in a category (type, slug section, tag or UI category), ascending. */
  inCategory(category: string): readonly number[];
  /** Whether pattern `d` has component code. */
  hasCode(d: number): boolean;
}

export const slugSection = (slug: string) => slug.split("/")[1] ?? "";

/** Set in a per-term field array when the term occurs in the pattern at all. */
const HIT = 64;
const NO_WHOLE_TAG = 0xff ^ FIELD.wholeTag;

/**
 * Queries over `tables` of `count` patterns; throws (on first use) when they describe another count.
 * `memo` keeps recent tokens' vocabulary matches (tests pass a small one to exercise eviction).
 */
export function createSearchIndex(tables: SearchTables, count: number, { memo = tokenMemo() }: { memo?: TokenMemo } = {}): SearchIndex {
  let ix: WordIndex | undefined;
  let titles: string[] | undefined;
  let code: Uint8Array | undefined;
  let all: readonly number[] | undefined;
  const index = () => (ix ??= decodeSearchData(tables.words, count));
  const title = (d: number) => (titles ??= count === 0 ? [] : tables.titles.split("\n"))[d];
  // Own keys only: a category named "constructor" must not find Object.prototype's.
  const categoryDocs = (category: string): readonly number[] => (Object.hasOwn(tables.categories, category) ? tables.categories[category] : NONE);

  const matchWords = (t: string) => memo.match(t, scanWords);

  /** Words containing `t`, and the one equal to it (-1 when none), by one scan of the vocabulary. */
  function scanWords(t: string): TokenMatch {
    const { vocab, wordAt, wordStart } = index();
    const words: number[] = [];
    let exact = -1;
    let cost = 0;
    for (let p = vocab.indexOf(t); p !== -1; ) {
      let lo = 0;
      let hi = wordAt.length - 2;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (wordAt[mid] <= p) lo = mid;
        else hi = mid - 1;
      }
      words.push(lo);
      cost += wordStart[lo + 1] - wordStart[lo];
      if (p === wordAt[lo] && p + t.length === wordAt[lo + 1] - 1) exact = lo;
      p = vocab.indexOf(t, wordAt[lo + 1]);
    }
    return Object.freeze({ words, exact, cost });
  }

  // Scratch space reused across queries; a re-entrant call (from a filter) gets its own. Typed
  // arrays past 64 bytes live outside V8's heap: allocating one per search (candidate lists, sort
  // buckets) cost more than the rest of the search, so per-search lists are plain arrays.
  let busy = false;
  const pool: Uint8Array[] = [];
  let mark = new Uint8Array(0);
  let scratch = new Int32Array(0);
  let buckets = new Int32Array(0);

  let ranker: ReturnType<typeof createRanker> | undefined;
  const ranked = () => (ranker ??= createRanker(index(), decodeRankData(tables.rank, index(), count), count, title, tables.titles));

  function search(query: string, opts: SearchOptions & { limit?: number } = {}): SearchHits {
    const limit = opts.limit ?? Number.POSITIVE_INFINITY;
    const first = exact(query, opts);
    const words = wordsOf(normalize(query));
    const page = first.length > limit ? first.slice(0, limit) : first;
    const out: SearchHits = { docs: page, match: page.map(() => MATCH.allWords), total: first.length };
    if (words.length === 0) return out;
    const category = opts.category === undefined ? undefined : categoryDocs(normalize(opts.category));
    // The exact hits are marked, so ranking lists only the others; the caller's filter runs last,
    // once the marks are cleared (it may search again).
    const own = marks(first);
    let more: ReturnType<ReturnType<typeof createRanker>["rank"]>;
    try {
      more = ranked().rank(words, own);
    } finally {
      for (const d of first) own[d] = 0;
      if (own === shared) sharedBusy = false;
    }
    const keep: number[] = [];
    for (let j = 0; j < more.docs.length; j++) if (category === undefined || has(category, more.docs[j])) keep.push(j);
    const kept = opts.filter ? keep.filter((j) => opts.filter!(more.docs[j])) : keep;
    out.total += kept.length;
    // The best of the ranked hits fill what the exact ones left of the page: a selection, not a sort of them all.
    const room = Math.min(limit - page.length, kept.length);
    if (room <= 0) return out;
    const byScore = (a: number, b: number) => more.scores[b] - more.scores[a] || more.docs[a] - more.docs[b];
    const top = room === kept.length ? kept.sort(byScore) : selectTop(kept, room, byScore);
    if (out.docs === first) (out.docs = [...first]), (out.match = [...out.match]);
    for (const j of top) {
      out.docs.push(more.docs[j]);
      out.match.push(more.match[j]);
    }
    return out;
  }

  // One mark array for the exact hits, reused unless a search runs inside another's filter.
  const shared = new Uint8Array(count);
  let sharedBusy = false;
  function marks(ds: readonly number[]): Uint8Array {
    const m = sharedBusy ? new Uint8Array(count) : ((sharedBusy = true), shared);
    for (const d of ds) m[d] = 1;
    return m;
  }

  function exact(query: string, opts: SearchOptions = {}): number[] {
    const ix = index();
    const phrase = normalize(query);
    const terms = [...new Set(wordsOf(phrase))];
    const category = opts.category === undefined ? undefined : normalize(opts.category);
    const matches = terms.map(matchWords);
    if (matches.some((m) => m.words.length === 0)) return [];

    const own = busy;
    busy = true;
    const fields = own ? terms.map(() => new Uint8Array(count)) : terms.map((_, j) => (pool[j] ??= new Uint8Array(count)));
    const marks = own ? new Uint8Array(ix.wordAt.length) : (mark.length === ix.wordAt.length ? mark : (mark = new Uint8Array(ix.wordAt.length)));
    const seen = own ? new Int32Array(count) : (scratch.length === count ? scratch : (scratch = new Int32Array(count)));
    try {
      let candidates: readonly number[] | undefined = category === undefined ? undefined : categoryDocs(category);
      const byCost = terms.map((_, j) => j).sort((a, b) => matches[a].cost - matches[b].cost);
      const perDoc = ix.fwdWord.length / Math.max(1, count);
      for (const j of byCost) {
        const { words, exact, cost } = matches[j];
        const f = fields[j];
        if (candidates === undefined || cost < candidates.length * perDoc) {
          // Inverted lists of the matched words: cost proportional to their postings.
          const { wordStart, invDoc, invField } = ix;
          const first = candidates === undefined;
          let found = 0;
          for (const k of words) {
            const keep = k === exact ? 0xff : NO_WHOLE_TAG;
            for (let i = wordStart[k], end = wordStart[k + 1]; i < end; i++) {
              const d = invDoc[i];
              if (first && f[d] === 0) seen[found++] = d;
              f[d] |= HIT | (invField[i] & keep);
            }
          }
          candidates = first ? inOrder(seen, found, f) : candidates!.filter((d) => f[d] & HIT);
        } else {
          // Forward lists of the remaining candidates: cost proportional to their words.
          for (const k of words) marks[k] = k === exact ? 2 : 1;
          const { docStart, fwdWord, fwdField } = ix;
          candidates = candidates.filter((d) => {
            let acc = 0;
            for (let i = docStart[d], end = docStart[d + 1]; i < end; i++) {
              const m = marks[fwdWord[i]];
              if (m !== 0) acc |= HIT | (fwdField[i] & (m === 2 ? 0xff : NO_WHOLE_TAG));
            }
            f[d] = acc;
            return acc !== 0;
          });
          for (const k of words) marks[k] = 0;
        }
        if (candidates.length === 0) break;
      }
      return rank(candidates ?? (all ??= Array.from({ length: count }, (_, d) => d)), fields, phrase, opts.filter);
    } finally {
      if (!own) {
        for (const f of fields) f.fill(0);
        busy = false;
      }
    }
  }

  /** Scores the candidates (ascending) and orders them: exact title first, then weight, then catalog order. */
  function rank(candidates: readonly number[], fields: Uint8Array[], phrase: string, filter?: (d: number) => boolean): number[] {
    const ix = index();
    const hitDocs: number[] = [];
    const keys: number[] = [];
    const best = WEIGHTS.exactTitle + fields.length * (WEIGHTS.tagExact + WEIGHTS.description);
    for (const d of candidates) {
      if (filter && !filter(d)) continue;
      let score = 0;
      let inTitle = true;
      for (const f of fields) {
        const v = f[d];
        if (v & FIELD.wholeTag) score += WEIGHTS.tagExact;
        else if (v & FIELD.tag) score += WEIGHTS.tagContains;
        if (v & FIELD.description) score += WEIGHTS.description;
        if (!(v & FIELD.title)) inTitle = false;
      }
      let exact = false;
      if (fields.length === 0) {
        // No terms: the phrase is "", which only a title without words equals.
        exact = !(ix.docFields[d] & FIELD.title);
      } else if (inTitle) {
        // Only a title holding every term can equal, start with or contain the phrase.
        const t = title(d);
        if (t === phrase) (exact = true), (score += WEIGHTS.exactTitle);
        else if (t.startsWith(phrase)) score += WEIGHTS.titlePrefix;
        else if (t.includes(phrase)) score += WEIGHTS.titleContains;
      }
      hitDocs.push(d);
      keys.push(exact ? best + 1 + score : score);
    }
    // Counting sort on the key, highest first; stable, so catalog order breaks ties. The buckets are
    // shared: nothing below calls out (a filter, which may search again, has run).
    const size = 2 * best + 2;
    if (buckets.length < size) buckets = new Int32Array(size);
    else buckets.fill(0, 0, size);
    for (const k of keys) buckets[k]++;
    for (let k = size - 1, at = 0; k >= 0; k--) {
      const n = buckets[k];
      buckets[k] = at;
      at += n;
    }
    const out = new Array<number>(hitDocs.length);
    for (let i = 0; i < hitDocs.length; i++) out[buckets[keys[i]]++] = hitDocs[i];
    return out;
  }

  return {
    search,
    exact,
    inCategory: (category) => categoryDocs(normalize(category)),
    hasCode(d) {
      if (!code) {
        code = new Uint8Array(count);
        for (const c of tables.withCode) code[c] = 1;
      }
      return code[d] === 1;
    },
  };
}

const NONE: readonly number[] = Object.freeze([]);

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

/** The first `found` entries of `seen`, ascending: sorted when few, else re-read from the marks in order. */
function inOrder(seen: Int32Array, found: number, f: Uint8Array): number[] {
  const out = new Array<number>(found);
  if (found * 16 < f.length) {
    for (let i = 0; i < found; i++) out[i] = seen[i];
    return out.sort((a, b) => a - b);
  }
  for (let d = 0, i = 0; i < found; d++) if (f[d] !== 0) out[i++] = d;
  return out;
}
