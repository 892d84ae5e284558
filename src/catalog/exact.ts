/**
 * The exact tier of search (search.ts): every query word is a whole word of the pattern's title,
 * description, tags, type or slug, by its English stem ("notifications" is "notification"), or two
 * neighbours are one word the catalog writes as one ("drop down" is "dropdown"). A query of function
 * words alone ("a", "to the") finds nothing, nor one naming a technical term ("linked list",
 * rank-data.ts): its words mean something else there. Hits are ranked with the site's weights, the
 * title's read over words, ties broken by catalog number.
 *
 * It departs from the site's topbar, a type-ahead box, which matches a query word inside longer words
 * ("fab" in "fabricated", "age" in "agent"): an agent's query is words (docs/catalog.md). It runs on
 * the word index (search-data.ts) and the stem table (rank-data.ts), and gives exactly the results of
 * the plain scan kept in tests/unit/catalog/search-reference.ts, in three steps:
 * 1. a query word matches the words of its stem, kept in the token memo (token-memo.ts);
 * 2. the cheapest word picks the candidates from its inverted lists, the others narrow them, each
 *    from its inverted lists or the candidates' forward lists, whichever costs less (`narrow`);
 * 3. the field bits of the matched words give the tag, description and title weights without
 *    touching the text again; only titles holding every word are read, to compare them with the query.
 */
import { FUNCTION_WORDS, SUFFIXES, stemOf } from "./analyze.ts";
import { normalize, wordsOf } from "./normalize.ts";
import type { RankIndex } from "./rank-data.ts";
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
/** The shortest stem a derivation is read off for the title weights ("load" and "loader"). */
const DERIVED_BASE = 4;
/** Two words read as one are tried for at most this many pairs of a query (each doubles the work). */
const MAX_JOINS = 2;

/** What the exact tier reads, decoded on first use (search.ts). Patterns are numbered in search order. */
export interface ExactData {
  count: number;
  index(): WordIndex;
  /** The stem table: a word's stem, a stem's words, each title's stems. */
  rank(): RankIndex;
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

const NO_MATCH: TokenMatch = Object.freeze({ words: Object.freeze([]), stem: -1, cost: 0 });

/** The words of `t`'s stem (none when no pattern holds it), by one lookup of the stem table. */
export function stemWords(ix: WordIndex, rk: RankIndex, t: string): TokenMatch {
  const stem = rk.stemIdOf(stemOf(t));
  if (stem < 0) return NO_MATCH;
  const words = Array.from(rk.stemWords.subarray(rk.stemStart[stem], rk.stemStart[stem + 1]));
  let cost = 0;
  for (const k of words) cost += ix.wordStart[k + 1] - ix.wordStart[k];
  return Object.freeze({ words, stem, cost });
}

/**
 * The words of a normalized query the exact tier requires, distinct by stem, each with its position:
 * all of them, or none when every one is a function word ("a" says nothing, and would be in nearly
 * every description).
 */
export function requiredWords(words: readonly string[]): { w: string; i: number }[] {
  if (words.every((w) => FUNCTION_WORDS.has(w))) return [];
  const seen = new Set<string>();
  const out: { w: string; i: number }[] = [];
  words.forEach((w, i) => {
    const s = stemOf(w);
    if (seen.has(s)) return;
    seen.add(s);
    out.push({ w, i });
  });
  return out;
}

/** One way to read the query: the words it requires (with their matches) and the phrase the title weights compare. */
interface Reading {
  terms: TokenMatch[];
  /** Per term, the stems its derivations have (for the title weights), undefined when none. */
  derived: (Set<number> | undefined)[];
  phrase: string;
  /** The phrase's words' stems, joined by " ". */
  stems: string;
}

/**
 * Scratch space reused across queries. Typed arrays past 64 bytes live outside V8's heap:
 * allocating one per search (candidate lists, sort buckets) cost more than the rest of the search,
 * so per-search lists are plain arrays and these are kept.
 */
interface Scratch {
  /** Per query term, its field bits per pattern (zeroed after each reading). */
  fields: Uint8Array[];
  /** Per word, 1 when a term matches it (zeroed after each term). */
  marks: Uint8Array;
  /** The candidates found in the inverted lists, in the order found. */
  seen: Int32Array;
}

/**
 * The exact tier over `data`, its words matched by `match`: the patterns holding every required
 * word, in the site's order. A search that runs inside another's filter gets scratch of its own.
 */
export function exactTier(data: ExactData, match: (t: string) => TokenMatch) {
  const { count } = data;
  let busy = false;
  const kept: Scratch = { fields: [], marks: new Uint8Array(0), seen: new Int32Array(0) };
  const buckets = { array: new Int32Array(0) };
  // Stem sequences of titles compared whole (only those that may equal a query): each stemmed once.
  const titleStems = new Map<number, string>();
  const stemsOfTitle = (d: number) => {
    let s = titleStems.get(d);
    if (s === undefined) {
      if (titleStems.size >= 4096) titleStems.clear();
      titleStems.set(d, (s = wordsOf(data.title(d)).map(stemOf).join(" ")));
    }
    return s;
  };

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

  /** The stems that derive from stem `s` or it from them ("load", "loader"), by the catalog's stems. */
  function derivations(rk: RankIndex, s: number): Set<number> | undefined {
    const stem = rk.stems[s];
    let out: Set<number> | undefined;
    for (const suffix of SUFFIXES) {
      const longer = stem.length >= DERIVED_BASE ? rk.stemIdOf(stem + suffix) : -1;
      const base = stem.endsWith(suffix) ? stem.slice(0, -suffix.length) : "";
      const shorter = base.length >= DERIVED_BASE ? rk.stemIdOf(base) : -1;
      for (const id of [longer, shorter]) if (id >= 0) (out ??= new Set()).add(id);
    }
    return out;
  }

  /**
   * The readings of a normalized query: its required words, and the same with a pair of neighbours
   * read as the one word the catalog writes ("drop down" as "dropdown"); none when a required word
   * matches nothing in any reading.
   */
  function readings(words: string[]): Reading[] {
    const rk = data.rank();
    // A technical term's words name another subject ("list" in "linked list"): no pattern holds them.
    if (rk.technicalAt(words).terms > 0) return [];
    const req = requiredWords(words);
    const joins: number[] = [];
    for (let j = 0; j + 1 < req.length && joins.length < MAX_JOINS; j++) {
      if (req[j + 1].i === req[j].i + 1 && match(req[j].w + req[j + 1].w).words.length > 0) joins.push(j++);
    }
    const out: Reading[] = [];
    for (let mask = 0; mask < 1 << joins.length; mask++) {
      const joined = new Set(joins.filter((_, b) => mask & (1 << b)));
      const own: string[] = [];
      const phrase = words.slice();
      for (let j = 0; j < req.length; j++) {
        if (joined.has(j)) {
          own.push(req[j].w + req[j + 1].w);
          phrase.splice(req[j].i - (words.length - phrase.length), 2, req[j].w + req[j + 1].w);
          j++;
        } else own.push(req[j].w);
      }
      const terms = own.map(match);
      if (terms.length === 0 || terms.some((m) => m.words.length === 0)) continue;
      out.push({
        terms,
        derived: terms.map((m) => derivations(rk, m.stem)),
        phrase: phrase.join(" "),
        stems: phrase.map(stemOf).join(" "),
      });
    }
    return out;
  }

  /** The exact hits of a query already normalized (`normalize`), in the site's order. */
  return function exact(phrase: string, opts: ExactOptions = {}): number[] {
    const ix = data.index();
    const words = wordsOf(phrase);
    const category = opts.category === undefined ? undefined : normalize(opts.category);
    const start = category === undefined ? undefined : data.inCategory(category);
    // No words at all filters nothing (a category's patterns; a title without words equals ""
    // and comes first); words that say nothing find nothing.
    if (words.length === 0) {
      const kept = (start ?? data.all()).filter((d) => !opts.filter || opts.filter(d));
      const untitled = (d: number) => !(ix.docFields[d] & FIELD.title);
      return [...kept.filter(untitled), ...kept.filter((d) => !untitled(d))];
    }
    const all = readings(words);
    if (all.length === 0) return [];
    const terms = Math.max(...all.map((r) => r.terms.length));

    const own = busy;
    busy = true;
    const scratch = own ? freshScratch(terms, ix.wordAt.length) : keptScratch(terms, ix.wordAt.length);
    const size = 2 * maxScore(terms) + 2;
    try {
      let scored: Scored | undefined;
      for (const r of all) {
        const fields = scratch.fields.slice(0, r.terms.length);
        try {
          const candidates = narrow(ix, r.terms, { ...scratch, fields }, start) ?? data.all();
          const hits = scoreHits(r, fields, candidates, terms, opts.filter);
          scored = scored === undefined ? hits : merge(scored, hits);
        } finally {
          for (const f of fields) f.fill(0);
        }
      }
      return sortByKey(scored!, size, buckets);
    } finally {
      if (!own) busy = false;
    }
  };

  /**
   * The site's score of each candidate (ascending) that passes `filter`: tag and description weights
   * per term, then the title's; an exact title ranks above every other score.
   */
  function scoreHits(
    r: Reading,
    fields: readonly Uint8Array[],
    candidates: readonly number[],
    terms: number,
    filter?: (d: number) => boolean,
  ): Scored {
    const rk = data.rank();
    const docs: number[] = [];
    const sortKeys: number[] = [];
    const best = maxScore(terms);
    const words = r.phrase.split(" ").length;
    for (const d of candidates) {
      if (filter && !filter(d)) continue;
      let score = 0;
      let held = 0;
      for (const f of fields) {
        const v = f[d];
        if (v & FIELD.wholeTag) score += WEIGHTS.tagExact;
        else if (v & FIELD.tag) score += WEIGHTS.tagContains;
        if (v & FIELD.description) score += WEIGHTS.description;
        if (v & FIELD.title) held++;
      }
      if (held < fields.length) held += derivedInTitle(rk, d, r, fields);
      let exact = false;
      if (held === fields.length) {
        // The title holds every word: it may equal the query (as typed or by stems), start with it, or hold its words.
        const t = data.title(d);
        if (t === r.phrase || (t.split(" ").length === words && stemsOfTitle(d) === r.stems)) {
          exact = true;
          score += WEIGHTS.exactTitle;
        } else if (t.startsWith(`${r.phrase} `)) score += WEIGHTS.titlePrefix;
        else score += WEIGHTS.titleContains;
      } else score += Math.floor((WEIGHTS.titleContains * held) / fields.length);
      docs.push(d);
      sortKeys.push(exact ? best + 1 + score : score);
    }
    return { docs, sortKeys };
  }
}

/** More than any score of a hit whose title does not equal the query, with `terms` words. */
const maxScore = (terms: number) => WEIGHTS.exactTitle + terms * (WEIGHTS.tagExact + WEIGHTS.description);

/**
 * How many of the terms whose field bits do not place them in pattern d's title it holds by a
 * derivation of the word ("loading" in "Skeleton Loader").
 */
function derivedInTitle(rk: RankIndex, d: number, r: Reading, fields: readonly Uint8Array[]): number {
  const from = rk.titleStart[d];
  const to = rk.titleStart[d + 1];
  let held = 0;
  for (let j = 0; j < fields.length; j++) {
    const derived = r.derived[j];
    if (derived === undefined || fields[j][d] & FIELD.title) continue;
    for (let i = from; i < to; i++) {
      if (derived.has(rk.titleStem[i])) {
        held++;
        break;
      }
    }
  }
  return held;
}

/**
 * The patterns holding every term (of `matches`, starting from `candidates` when given), ascending,
 * each term's field bits per pattern left in `fields`; undefined when there is no term.
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
  { words }: TokenMatch,
  f: Uint8Array,
  candidates: readonly number[] | undefined,
  seen: Int32Array,
) {
  const { wordStart, invDoc, invField } = ix;
  const first = candidates === undefined;
  let found = 0;
  for (const k of words) {
    for (let i = wordStart[k], end = wordStart[k + 1]; i < end; i++) {
      const d = invDoc[i];
      if (first && f[d] === 0) seen[found++] = d;
      f[d] |= HIT | invField[i];
    }
  }
  return first ? inOrder(seen, found, f) : candidates.filter((d) => f[d] & HIT);
}

/** Forward lists of the remaining candidates: cost proportional to their words. */
function fromForward(
  ix: WordIndex,
  { words }: TokenMatch,
  f: Uint8Array,
  candidates: readonly number[],
  marks: Uint8Array,
) {
  for (const k of words) marks[k] = 1;
  const { docStart, fwdWord, fwdField } = ix;
  const out = candidates.filter((d) => {
    let acc = 0;
    for (let i = docStart[d], end = docStart[d + 1]; i < end; i++) {
      if (marks[fwdWord[i]] !== 0) acc |= HIT | fwdField[i];
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

/** Scored hits: `sortKeys[i]` ranks `docs[i]` (ascending); the higher, the earlier. */
interface Scored {
  docs: number[];
  sortKeys: number[];
}

/** The hits of two readings, each pattern once at its better key, ascending. */
function merge(a: Scored, b: Scored): Scored {
  const out: Scored = { docs: [], sortKeys: [] };
  let i = 0;
  let j = 0;
  while (i < a.docs.length || j < b.docs.length) {
    const da = i < a.docs.length ? a.docs[i] : Number.POSITIVE_INFINITY;
    const db = j < b.docs.length ? b.docs[j] : Number.POSITIVE_INFINITY;
    if (da === db) {
      out.docs.push(da);
      out.sortKeys.push(Math.max(a.sortKeys[i++], b.sortKeys[j++]));
    } else if (da < db) {
      out.docs.push(da);
      out.sortKeys.push(a.sortKeys[i++]);
    } else {
      out.docs.push(db);
      out.sortKeys.push(b.sortKeys[j++]);
    }
  }
  return out;
}

/**
 * Counting sort on the key (every key below `size`), highest first; stable, so catalog order breaks
 * ties. The buckets are shared across queries: nothing here calls out (the filter, which may search
 * again, has run).
 */
function sortByKey({ docs, sortKeys }: Scored, size: number, buckets: { array: Int32Array }): number[] {
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
