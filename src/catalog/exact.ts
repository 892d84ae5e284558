/**
 * The exact tier of search (search.ts): every query token occurs in the title, description, tags,
 * type or slug (token-AND, as the site's topbar), ranked with the site's weights, ties broken by
 * catalog number. It runs on the word index (search-data.ts) and gives exactly the results of the
 * plain scan kept in tests/unit/catalog/search-reference.ts, in three steps:
 * 1. a token matches the words that contain it: one substring scan of the vocabulary (`scanWords`),
 *    kept in the token memo (token-memo.ts);
 * 2. the cheapest token picks the candidates from its inverted lists, the others narrow them, each
 *    from its inverted lists or the candidates' forward lists, whichever costs less (`narrow`);
 * 3. the field bits of the matched words give the tag and description weights without touching the
 *    text again; only titles holding every token are read, for the title weights (`scoreHits`).
 */
import { normalize, wordsOf } from "./normalize.ts";
import { FIELD, type WordIndex } from "./search-data.ts";
import type { TokenMatch } from "./token-memo.ts";

/** The site's topbar weights (docs/catalog.md, "The exact tier's ranking"). */
export const WEIGHTS = {
  exactTitle: 100,
  titlePrefix: 50,
  titleContains: 25,
  tagExact: 30,
  tagContains: 15,
  description: 10,
} as const;

/** Set in a per-term field array when the term occurs in the pattern at all. */
const HIT = 64;
const NO_WHOLE_TAG = 0xff ^ FIELD.wholeTag;

/** What the exact tier reads, decoded on first use (search.ts). Patterns are numbered in search order. */
export interface ExactData {
  count: number;
  index(): WordIndex;
  /** Pattern d's normalized title. */
  title(d: number): string;
  /** A normalized category's patterns, ascending. */
  inCategory(category: string): readonly number[];
  /** Every pattern, ascending. */
  all(): readonly number[];
}

export interface ExactOptions {
  /** A type, slug section, tag or UI category: only its patterns. */
  category?: string;
  /** Only the patterns for which it returns true; it may search again. */
  filter?: (d: number) => boolean;
}

/** Words containing `t`, and the one equal to it (-1 when none), by one scan of the vocabulary. */
export function scanWords({ vocab, wordAt, wordStart }: WordIndex, t: string): TokenMatch {
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

/**
 * Scratch space reused across queries. Typed arrays past 64 bytes live outside V8's heap:
 * allocating one per search (candidate lists, sort buckets) cost more than the rest of the search,
 * so per-search lists are plain arrays and these are kept.
 */
interface Scratch {
  /** Per query term, its field bits per pattern (zeroed after each query). */
  fields: Uint8Array[];
  /** Per word, 1 when a term matches it, 2 when it equals it (zeroed after each term). */
  marks: Uint8Array;
  /** The candidates found in the inverted lists, in the order found. */
  seen: Int32Array;
}

/**
 * The exact tier over `data`, its tokens matched by `match`: the patterns holding every query
 * token, in the site's order. A search that runs inside another's filter gets scratch of its own.
 */
export function exactTier(data: ExactData, match: (t: string) => TokenMatch) {
  const { count } = data;
  let busy = false;
  const kept: Scratch = { fields: [], marks: new Uint8Array(0), seen: new Int32Array(0) };
  const buckets = { array: new Int32Array(0) };

  /** `terms` arrays of field bits, and the marks and seen lists: the kept ones, grown to fit. */
  function keptScratch(terms: number, words: number): Scratch {
    if (kept.marks.length !== words) kept.marks = new Uint8Array(words);
    if (kept.seen.length !== count) kept.seen = new Int32Array(count);
    for (let j = 0; j < terms; j++) kept.fields[j] ??= new Uint8Array(count);
    return { ...kept, fields: kept.fields.slice(0, terms) };
  }
  const freshScratch = (terms: number, words: number): Scratch => ({
    fields: Array.from({ length: terms }, () => new Uint8Array(count)),
    marks: new Uint8Array(words),
    seen: new Int32Array(count),
  });

  /** The exact hits of a query already normalized (`normalize`), in the site's order. */
  return function exact(phrase: string, opts: ExactOptions = {}): number[] {
    const ix = data.index();
    const terms = [...new Set(wordsOf(phrase))];
    const category = opts.category === undefined ? undefined : normalize(opts.category);
    const matches = terms.map(match);
    if (matches.some((m) => m.words.length === 0)) return [];

    const own = busy;
    busy = true;
    const scratch = own ? freshScratch(terms.length, ix.wordAt.length) : keptScratch(terms.length, ix.wordAt.length);
    try {
      const start = category === undefined ? undefined : data.inCategory(category);
      const candidates = narrow(ix, matches, scratch, start) ?? data.all();
      const hits = scoreHits(ix, data.title, candidates, scratch.fields, phrase, opts.filter);
      return sortByKey(hits, buckets);
    } finally {
      if (!own) {
        for (const f of scratch.fields) f.fill(0);
        busy = false;
      }
    }
  };
}

/**
 * The patterns holding every token (of `matches`, starting from `candidates` when given), ascending,
 * each token's field bits per pattern left in `fields`; undefined when there is no token.
 */
function narrow(ix: WordIndex, matches: readonly TokenMatch[], scratch: Scratch, candidates?: readonly number[]) {
  const byCost = matches.map((_, j) => j).sort((a, b) => matches[a].cost - matches[b].cost);
  const perDoc = ix.fwdWord.length / Math.max(1, ix.docFields.length);
  for (const j of byCost) {
    const m = matches[j];
    const f = scratch.fields[j];
    candidates =
      candidates === undefined || m.cost < candidates.length * perDoc
        ? fromInverted(ix, m, f, candidates, scratch.seen)
        : fromForward(ix, m, f, candidates, scratch.marks);
    if (candidates.length === 0) break;
  }
  return candidates;
}

/** Inverted lists of the matched words: cost proportional to their postings. */
function fromInverted(
  ix: WordIndex,
  { words, exact }: TokenMatch,
  f: Uint8Array,
  candidates: readonly number[] | undefined,
  seen: Int32Array,
) {
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
  return first ? inOrder(seen, found, f) : candidates.filter((d) => f[d] & HIT);
}

/** Forward lists of the remaining candidates: cost proportional to their words. */
function fromForward(
  ix: WordIndex,
  { words, exact }: TokenMatch,
  f: Uint8Array,
  candidates: readonly number[],
  marks: Uint8Array,
) {
  for (const k of words) marks[k] = k === exact ? 2 : 1;
  const { docStart, fwdWord, fwdField } = ix;
  const out = candidates.filter((d) => {
    let acc = 0;
    for (let i = docStart[d], end = docStart[d + 1]; i < end; i++) {
      const m = marks[fwdWord[i]];
      if (m !== 0) acc |= HIT | (fwdField[i] & (m === 2 ? 0xff : NO_WHOLE_TAG));
    }
    f[d] = acc;
    return acc !== 0;
  });
  for (const k of words) marks[k] = 0;
  return out;
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

/** Scored hits: `sortKeys[i]` ranks `docs[i]`, every key below `size`; the higher, the earlier. */
interface Scored {
  docs: number[];
  sortKeys: number[];
  size: number;
}

/**
 * The site's score of each candidate (ascending) that passes `filter`: tag and description weights
 * per term, then the title's; an exact title ranks above every other score.
 */
function scoreHits(
  ix: WordIndex,
  title: (d: number) => string,
  candidates: readonly number[],
  fields: readonly Uint8Array[],
  phrase: string,
  filter?: (d: number) => boolean,
): Scored {
  const docs: number[] = [];
  const sortKeys: number[] = [];
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
      if (t === phrase) {
        exact = true;
        score += WEIGHTS.exactTitle;
      } else if (t.startsWith(phrase)) score += WEIGHTS.titlePrefix;
      else if (t.includes(phrase)) score += WEIGHTS.titleContains;
    }
    docs.push(d);
    sortKeys.push(exact ? best + 1 + score : score);
  }
  return { docs, sortKeys, size: 2 * best + 2 };
}

/**
 * Counting sort on the key, highest first; stable, so catalog order breaks ties. The buckets are
 * shared across queries: nothing here calls out (the filter, which may search again, has run).
 */
function sortByKey({ docs, sortKeys, size }: Scored, buckets: { array: Int32Array }): number[] {
  if (buckets.array.length < size) buckets.array = new Int32Array(size);
  else buckets.array.fill(0, 0, size);
  const b = buckets.array;
  for (const k of sortKeys) b[k]++;
  for (let k = size - 1, at = 0; k >= 0; k--) {
    const n = b[k];
    b[k] = at;
    at += n;
  }
  const out = new Array<number>(docs.length);
  for (let i = 0; i < docs.length; i++) out[b[sortKeys[i]]++] = docs[i];
  return out;
}
