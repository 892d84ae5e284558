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
 * 1. a query word matches the catalog's words of its stem, by one lookup of the stem table;
 * 2. the patterns holding every word come from the stems' posting lists (postings.ts);
 * 3. the field bits of the matched words give the tag, description and title weights without
 *    touching the text again; only titles holding every word are read, to compare them with the query.
 */
import { FUNCTION_WORDS, SUFFIXES, stemOf } from "./analyze.ts";
import { normalize, wordsOf } from "./normalize.ts";
import { type Holding, holdingAll, type Term } from "./postings.ts";
import type { RankIndex, TechnicalTerms } from "./rank-data.ts";
import { FIELD, type WordIndex } from "./search-data.ts";

/** The site's topbar weights (docs/catalog.md, "The exact tier's ranking"). */
export const WEIGHTS = {
  exactTitle: 100,
  titlePrefix: 50,
  titleContains: 25,
  tagExact: 30,
  tagContains: 15,
  description: 10,
} as const;

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

/** The stem of `t` and how many patterns hold a word of it (-1 and 0 when none does), by one lookup. */
function stemTerm(rk: RankIndex, t: string): Term {
  const stem = rk.stemIdOf(stemOf(t));
  return { stem, cost: stem < 0 ? 0 : rk.postStart[stem + 1] - rk.postStart[stem] };
}

/**
 * The words of a normalized query the exact tier requires, distinct by stem, each with its position:
 * all of them, or none when every one is a function word ("a" says nothing, and would be in nearly
 * every description).
 */
function requiredWords(words: readonly string[]): { w: string; i: number }[] {
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
  terms: Term[];
  /** Per term, the stems its derivations have (for the title weights), undefined when none. */
  derived: (Set<number> | undefined)[];
  phrase: string;
  /** The phrase's words' stems, joined by " ". */
  stems: string;
}

/** Scored hits: `sortKeys[i]` ranks `docs[i]` (ascending); the higher, the earlier. */
interface Scored {
  docs: number[];
  sortKeys: number[];
}

/** The exact tier over `data`: the patterns holding every required word, in the site's order. */
export function exactTier(data: ExactData) {
  /**
   * The readings of a normalized query: its required words, and the same with a pair of neighbours
   * read as the one word the catalog writes ("drop down" as "dropdown"); none when a required word
   * matches nothing in any reading.
   */
  function readings(words: string[]): Reading[] {
    const rk = data.rank();
    const match = (t: string) => stemTerm(rk, t);
    const req = requiredWords(words);
    const joins: number[] = [];
    for (let j = 0; j + 1 < req.length && joins.length < MAX_JOINS; j++) {
      if (req[j + 1].i === req[j].i + 1 && match(req[j].w + req[j + 1].w).stem >= 0) joins.push(j++);
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
      if (terms.length === 0 || terms.some((m) => m.stem < 0)) continue;
      out.push({
        terms,
        derived: terms.map((m) => derivations(rk, m.stem)),
        phrase: phrase.join(" "),
        stems: phrase.map(stemOf).join(" "),
      });
    }
    return out;
  }

  /**
   * The exact hits of a normalized query's words, in the site's order; none when they name a
   * technical term (its words name another subject: "list" in "linked list").
   */
  return function exact(words: string[], technical: TechnicalTerms, opts: ExactOptions = {}): number[] {
    const category = opts.category === undefined ? undefined : normalize(opts.category);
    const start = category === undefined ? undefined : data.inCategory(category);
    // No words at all filters nothing (a category's patterns; a title without words equals ""
    // and comes first); words that say nothing find nothing.
    if (words.length === 0) {
      const ix = data.index();
      const kept = (start ?? data.all()).filter((d) => !opts.filter || opts.filter(d));
      const untitled = (d: number) => !(ix.docFields[d] & FIELD.title);
      return [...kept.filter(untitled), ...kept.filter((d) => !untitled(d))];
    }
    if (technical.terms > 0) return [];
    const all = readings(words);
    if (all.length === 0) return [];
    const terms = Math.max(...all.map((r) => r.terms.length));
    let scored: Scored | undefined;
    for (const r of all) {
      const hits = scoreHits(r, holdingAll(data.rank(), r.terms, start), terms, opts.filter);
      scored = scored === undefined ? hits : merge(scored, hits);
    }
    return sortByKey(scored!, 2 * maxScore(terms) + 2);
  };

  /**
   * The site's score of each pattern holding the reading's words (ascending) that passes `filter`:
   * tag and description weights per term, then the title's; an exact title ranks above every other score.
   */
  function scoreHits(r: Reading, holding: Holding, terms: number, filter?: (d: number) => boolean): Scored {
    const rk = data.rank();
    const { fields } = holding;
    const out: Scored = { docs: [], sortKeys: [] };
    const best = maxScore(terms);
    const words = r.phrase.split(" ").length;
    for (let i = 0; i < holding.docs.length; i++) {
      const d = holding.docs[i];
      if (filter && !filter(d)) continue;
      let score = 0;
      let held = 0;
      for (const f of fields) {
        const v = f[i];
        if (v & FIELD.wholeTag) score += WEIGHTS.tagExact;
        else if (v & FIELD.tag) score += WEIGHTS.tagContains;
        if (v & FIELD.description) score += WEIGHTS.description;
        if (v & FIELD.title) held++;
      }
      if (held < fields.length) held += derivedInTitle(rk, d, r, fields, i);
      let exact = false;
      if (held === fields.length) {
        // The title holds every word: it may equal the query (as typed or by stems), start with it, or hold its words.
        const t = data.title(d);
        if (t === r.phrase || (t.split(" ").length === words && wordsOf(t).map(stemOf).join(" ") === r.stems)) {
          exact = true;
          score += WEIGHTS.exactTitle;
        } else if (t.startsWith(`${r.phrase} `)) score += WEIGHTS.titlePrefix;
        else score += WEIGHTS.titleContains;
      } else score += Math.floor((WEIGHTS.titleContains * held) / fields.length);
      out.docs.push(d);
      out.sortKeys.push(exact ? best + 1 + score : score);
    }
    return out;
  }
}

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

/** More than any score of a hit whose title does not equal the query, with `terms` words. */
const maxScore = (terms: number) => WEIGHTS.exactTitle + terms * (WEIGHTS.tagExact + WEIGHTS.description);

/**
 * How many of the terms whose field bits (`fields[j][at]` for term j, pattern d) do not place them in
 * its title it holds by a derivation of the word ("loading" in "Skeleton Loader").
 */
function derivedInTitle(
  rk: RankIndex,
  d: number,
  r: Reading,
  fields: readonly ArrayLike<number>[],
  at: number,
): number {
  const from = rk.titleStart[d];
  const to = rk.titleStart[d + 1];
  let held = 0;
  for (let j = 0; j < fields.length; j++) {
    const derived = r.derived[j];
    if (derived === undefined || fields[j][at] & FIELD.title) continue;
    for (let i = from; i < to; i++) {
      if (derived.has(rk.titleStem[i])) {
        held++;
        break;
      }
    }
  }
  return held;
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
 * Counting sort on the key (every key below `size`, a few hundred), highest first; stable, so catalog
 * order breaks ties. Linear in the hits, which a common word has by the thousand at 10,000 patterns.
 */
function sortByKey({ docs, sortKeys }: Scored, size: number): number[] {
  const at = new Array<number>(size).fill(0);
  for (const k of sortKeys) at[k]++;
  for (let k = size - 1, next = 0; k >= 0; k--) {
    const n = at[k];
    at[k] = next;
    next += n;
  }
  const out = new Array<number>(docs.length);
  for (let i = 0; i < docs.length; i++) out[at[sortKeys[i]]++] = docs[i];
  return out;
}
