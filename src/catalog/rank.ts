/**
 * Ranked search, for queries the exact search (exact.ts) cannot answer whole: sentences, synonyms,
 * inflections and typos. Each content word of the query (function words dropped) is a concept, read
 * in several ways, its alternatives:
 * - what was typed, by English stem ("notifications" finds "notification"), and the stem's
 *   derivations ("comparison" finds "compare");
 * - what the thesaurus says it also means ("popup" also searches "modal" and "dialog"); a phrase of
 *   the thesaurus ("command launcher") reads all the words it spans;
 * - for a word the catalog does not hold, its split ("datepicker" is "date picker"), or else its
 *   spelling corrections ("accordian" is "accordion"); two words the catalog writes as one
 *   ("drop down") read as that word.
 * A pattern scores, per concept, its best alternative's field-weighted BM25, and explains a share
 * of the query (each concept weighs its word's idf: rare words say most).
 *
 * Restraint, so a question about banana cake returns nothing rather than a page of weak matches:
 * a query the catalog mostly cannot read (most of its weight in words no pattern uses, with no
 * synonym) finds nothing at all; otherwise a pattern must explain enough of what can be read, less
 * for a long query than a short one, or be named by its title.
 */
import { STOPWORDS, stemOf as stem } from "./analyze.ts";
import { MAX_PHRASE_WORDS, type RankIndex } from "./rank-data.ts";
import { FIELD, type WordIndex } from "./search-data.ts";
import { editDistance, maxEdits } from "./typos.ts";

/** How a hit matched, for the agent to judge it. */
export const MATCH = {
  allWords: "all_words",
  someWords: "some_words",
  corrected: "corrected",
  synonym: "synonym",
} as const;
export type MatchKind = (typeof MATCH)[keyof typeof MATCH];

/** BM25's term-frequency saturation and length normalization, at their usual values. */
const K1 = 1.2;
const B = 0.75;
/** Field weights of a term's frequency (BM25F over presence per field): the title says most. */
const FIELD_WEIGHT = { title: 3, wholeTag: 2.5, tag: 1.5, description: 1, other: 0.5 } as const;
/** How much an alternative counts against what was typed. */
const CONFIDENCE = { typed: 1, derived: 0.8, split: 0.9, synonym: 0.85, oneEdit: 0.8, twoEdits: 0.65 } as const;
/** The least share of a query's weight the catalog must be able to read at all. */
const MIN_READABLE = 0.5;
/** The least share of the readable weight a hit explains, by how many concepts the query has. */
const minExplained = (concepts: number) => (concepts <= 2 ? 0.5 : concepts <= 4 ? 0.4 : concepts <= 6 ? 0.3 : 0.25);
/** Hits scoring under this share of the best one are noise beside it. */
const MIN_RELATIVE_SCORE = 0.15;
/** A title fully named by the query multiplies a hit's score by this much. */
const TITLE_BONUS = 1.5;
/** The shortest stem whose derivations are looked up ("edit" has none: too many words start so). */
const DERIVED_PREFIX = 5;
/** English derivational endings as Porter2 leaves them on a stem: "-ison", "-or", "-i" ("notifi"). */
const SUFFIXES = [
  "i",
  "e",
  "y",
  "al",
  "er",
  "or",
  "ic",
  "iv",
  "ive",
  "ist",
  "ism",
  "ion",
  "ison",
  "ation",
  "ment",
  "abl",
  "ibl",
  "iti",
  "ical",
] as const;

const KIND = { typed: 0, synonym: 1, corrected: 2 } as const;
type Kind = (typeof KIND)[keyof typeof KIND];

/** One way to read a concept: stems that must all occur (-1: a stem the catalog does not hold). */
interface Alternative {
  stems: number[];
  /** Sum of the stems' idf, unknown ones at idfUnknown: what full credit means. */
  idf: number;
  confidence: number;
  kind: Kind;
  /** The share of its score this concept gets: a phrase spanning k concepts gives each 1/k. */
  part: number;
}

interface Concept {
  weight: number;
  /** Whether the catalog can read it: its stem, a synonym, a split or a correction is known. */
  readable: boolean;
  alternatives: Alternative[];
}

/** Ranked hits, unordered: pattern, score (higher is better), how it matched. */
export interface Ranked {
  docs: number[];
  scores: number[];
  match: MatchKind[];
}

const FLAG = { synonym: 2, corrected: 4, partial: 8 } as const;
/** Fields where a pattern says what it is. */
const STRONG = FIELD.title | FIELD.tag | FIELD.wholeTag;

/**
 * `title(d)` is pattern d's normalized title; `titles`, every title joined by "\n". Two parts: reading a
 * query into concepts, and scoring patterns against them.
 */
export function createRanker(
  ix: WordIndex,
  rk: RankIndex,
  count: number,
  title: (d: number) => string,
  titles: string,
) {
  return { rank: createScorer(ix, rk, count, title, createConceptReader(rk, titles)) };
}

/** Reads a normalized query's words into concepts, with the caches that reading keeps (stems, corrections). */
function createConceptReader(rk: RankIndex, titles: string) {
  /** Whether some title holds `words` (normalized, space-separated) as whole words. */
  const edge = (c: string | undefined) => c === undefined || c === " " || c === "\n";
  const inTitles = (words: string) => {
    for (let at = titles.indexOf(words); at !== -1; at = titles.indexOf(words, at + 1)) {
      const [before, after] = [titles[at - 1], titles[at + words.length]];
      if (edge(before) && edge(after)) return true;
    }
    return false;
  };
  // A query's words are stemmed several times over (lookups, phrases, splits): each once.
  const stems = new Map<string, string>();
  const stemOf = (w: string) => {
    let s = stems.get(w);
    if (s === undefined) {
      if (stems.size >= 4096) stems.clear();
      stems.set(w, (s = stem(w)));
    }
    return s;
  };
  const idfOf = (s: number) => (s < 0 ? rk.idfUnknown : rk.idf[s]);
  const has = (s: string) => rk.stemIdOf(s) >= 0;
  const known = (w: string) => has(stemOf(w));

  /** The nearest spelling targets of `w` (all at the least distance, at most 4), with that distance. */
  const corrections = new Map<string, { words: string[]; edits: number }>();
  function correct(w: string) {
    let c = corrections.get(w);
    if (c) return c;
    const max = maxEdits(w.length);
    let best = max + 1;
    let words: string[] = [];
    for (let len = w.length - max; len <= w.length + max; len++) {
      for (const t of rk.spellings(len)) {
        const d = editDistance(w, t, Math.min(max, best));
        if (d < best) {
          best = d;
          words = [t];
        } else if (d === best && d <= max && words.length < 4) words.push(t);
      }
    }
    c = { words: best <= max ? words : [], edits: best };
    // Bounded: a stream of junk words must not grow it without end.
    if (corrections.size >= 4096) corrections.clear();
    corrections.set(w, c);
    return c;
  }

  const alternative = (stems: readonly string[], confidence: number, kind: Kind, part = 1): Alternative => {
    const ids = stems.map(rk.stemIdOf);
    return { stems: ids, idf: ids.reduce((n, s) => n + idfOf(s), 0), confidence, kind, part };
  };
  const allKnown = (a: Alternative) => a.stems.every((s) => s >= 0);

  /**
   * Derivations of the stem `s` that Porter does not conflate ("compar" and "comparison", "edit"
   * and "editor"): a known stem that is `s` plus a derivational suffix, or `s` minus one. Only from
   * a stem the catalog holds, or a long one; "comma" is not "command", nor "lightbox" "light".
   */
  function derived(s: string): string[] {
    if (s.length < DERIVED_PREFIX || (!has(s) && s.length < 6)) return [];
    const out: string[] = [];
    for (const suffix of SUFFIXES) {
      if (has(s + suffix)) out.push(s + suffix);
      const base = s.slice(0, -suffix.length);
      if (s.endsWith(suffix) && base.length >= DERIVED_PREFIX && has(base)) out.push(base);
    }
    return out;
  }

  /**
   * A run-together word split into two words a title holds side by side ("datepicker" is "date
   * picker"), the most even split, or undefined. Any two catalog words would split too much
   * ("bandwidth" is not "band width" here).
   */
  function split(w: string): string[] | undefined {
    let best: string[] | undefined;
    for (let i = 3; i <= w.length - 3; i++) {
      const [a, b] = [w.slice(0, i), w.slice(i)];
      if (STOPWORDS.has(a) || STOPWORDS.has(b) || !known(a) || !known(b) || !inTitles(`${a} ${b}`)) continue;
      if (!best || Math.min(a.length, b.length) > Math.min(best[0].length, best[1].length)) best = [a, b];
    }
    return best;
  }

  /**
   * One content word's concept, without spelling corrections: typed, its synonyms, its
   * derivations; a word the catalog does not use may be a run-together pair ("datepicker").
   * It weighs the idf of its best reading: the typed word's, else its best known alternative's,
   * else that of a word no pattern uses (the most: an unreadable word says the query is elsewhere).
   */
  function wordConcept(w: string): Concept {
    const s = stemOf(w);
    const typed = alternative([s], CONFIDENCE.typed, KIND.typed);
    const isKnown = allKnown(typed);
    const synonyms = (rk.synonymsOf(s) ?? []).map((t) => alternative(t, CONFIDENCE.synonym, KIND.synonym));
    const alternatives = [typed, ...synonyms];
    // A derivation of a word the catalog uses is that word; of one it does not, a near guess.
    const derivedKind = isKnown ? KIND.typed : KIND.corrected;
    for (const other of derived(s)) alternatives.push(alternative([other], CONFIDENCE.derived, derivedKind));
    if (!isKnown && alternatives.length === 1) {
      const parts = split(w);
      if (parts) alternatives.push(alternative(parts.map(stemOf), CONFIDENCE.split, KIND.corrected));
    }
    return { weight: 0, readable: false, alternatives };
  }

  /**
   * A concept's weight and readability from its alternatives (the first is what was typed). A word
   * the catalog uses weighs its idf; one it reads through a synonym weighs as much as an unknown
   * word (a specialist's term: "2fa", "cta"); one it can only guess at (a derivation, a split, a
   * spelling correction) weighs what the best guess does; one it cannot read at all, the most.
   */
  function settle(c: Concept): Concept {
    const readings = c.alternatives.filter(allKnown);
    c.readable = readings.length > 0;
    if (readings[0] === c.alternatives[0]) c.weight = readings[0].idf;
    else if (readings.length === 0 || readings.some((a) => a.kind === KIND.synonym)) c.weight = rk.idfUnknown;
    else c.weight = Math.max(...readings.map((a) => a.idf / a.stems.length));
    return c;
  }

  /** Spelling corrections of an unreadable word, and their synonyms. */
  function corrected(w: string): Alternative[] {
    const { words: fixes, edits } = correct(w);
    const confidence = edits === 1 ? CONFIDENCE.oneEdit : CONFIDENCE.twoEdits;
    return fixes.flatMap((fix) => {
      const f = stemOf(fix);
      const asSynonym = (t: readonly string[]) => alternative(t, confidence * CONFIDENCE.synonym, KIND.corrected);
      const synonyms = (rk.synonymsOf(f) ?? []).map(asSynonym);
      return [alternative([f], confidence, KIND.corrected), ...synonyms];
    });
  }

  /**
   * The concepts of a normalized query's words: one per content word, plus what phrases add to the
   * words they span. A thesaurus phrase is looked up over the words as typed ("sign in", "are you
   * sure") and over the content words alone ("close my account" holds "close account").
   */
  function concepts(words: string[]): Concept[] {
    // Numbers say little about which pattern is meant ("6 digits", "v3", "over 18"), unless the
    // catalog or the thesaurus knows them ("2fa", "404").
    const says = (w: string) => !STOPWORDS.has(w) && (!/\d/.test(w) || known(w) || rk.synonymsOf(stemOf(w)));
    const content = words.map((w, i) => ({ w, i })).filter(({ w }) => says(w));
    const concept = new Map(content.map(({ w, i }) => [i, wordConcept(w)]));
    const wordStems = words.map(stemOf);
    const spans = new Set<string>();
    /** Adds `alternatives(k)` to every concept among word positions `at`, each with 1/k of the score. */
    const spanning = (at: number[], make: (part: number) => Alternative[]) => {
      const own = at.filter((i) => concept.has(i));
      const id = own.join(",");
      if (own.length === 0 || spans.has(id)) return;
      spans.add(id);
      for (const i of own) {
        const c = concept.get(i)!;
        c.alternatives.push(...make(1 / own.length));
      }
    };
    const phrase = (at: number[]) => {
      if (at.length < 2) return;
      const targets = rk.synonymsOf(at.map((i) => wordStems[i]).join(" "));
      if (targets) spanning(at, (part) => targets.map((t) => alternative(t, CONFIDENCE.synonym, KIND.synonym, part)));
    };
    for (let i = 0; i < words.length; i++) {
      for (let len = 2; len <= MAX_PHRASE_WORDS && i + len <= words.length; len++) {
        phrase(Array.from({ length: len }, (_, j) => i + j));
      }
    }
    for (let j = 0; j < content.length; j++) {
      for (let len = 2; len <= MAX_PHRASE_WORDS && j + len <= content.length; len++) {
        phrase(content.slice(j, j + len).map((c) => c.i));
      }
      // A two-word phrase with one word between ("inline code suggestion" holds "inline suggestion").
      if (j + 2 < content.length) phrase([content[j].i, content[j + 2].i]);
      // "drop down" for "dropdown": two words the catalog writes as one.
      const next = content[j + 1];
      if (next && next.i === content[j].i + 1 && known(content[j].w + next.w)) {
        const joined = stemOf(content[j].w + next.w);
        spanning([content[j].i, next.i], (part) => [alternative([joined], CONFIDENCE.typed, KIND.typed, part)]);
      }
    }
    // Spelling last, for words nothing else could read, and only when they are few: a query with
    // several words no pattern uses is most likely about something else, and correcting them would
    // turn "contract" into "contact" and "ratio" into "radio". A typo is one word of a few. Words of
    // UI vocabulary (a title, a tag, the thesaurus) that no pattern reads alone do not count against
    // it: "hero" in "carousle for hero images" says the query is about UI.
    const unreadable = content.filter(({ i }) => !concept.get(i)!.alternatives.some(allKnown));
    const foreign = unreadable.filter(({ w }) => !rk.spellings(w.length).includes(w));
    if (foreign.length <= Math.max(1, Math.floor(content.length / 3))) {
      for (const { w, i } of unreadable) concept.get(i)!.alternatives.push(...corrected(w));
    }
    return [...concept.values()].map(settle);
  }

  return concepts;
}

/** Scores patterns against a query's concepts, in scratch space sized for the catalog and reused by every query. */
function createScorer(
  ix: WordIndex,
  rk: RankIndex,
  count: number,
  title: (d: number) => string,
  concepts: (words: string[]) => Concept[],
) {
  // Scratch space, reused by every query (nothing in here calls out, so no query re-enters).
  const bits = new Uint8Array(count);
  const altScore = new Float64Array(count);
  const altIdf = new Float64Array(count);
  const bestScore = new Float64Array(count);
  const bestShare = new Float64Array(count);
  const bestKind = new Int8Array(count).fill(-1);
  const bestWhole = new Uint8Array(count);
  const altStrong = new Uint8Array(count);
  const strong = new Uint8Array(count);
  const matched = new Uint8Array(count);
  const total = new Float64Array(count);
  const explained = new Float64Array(count);
  const flags = new Uint8Array(count);
  const named = new Uint8Array(rk.stems.length);

  const tf = (f: number) =>
    (f & FIELD.title ? FIELD_WEIGHT.title : 0) +
    (f & FIELD.wholeTag ? FIELD_WEIGHT.wholeTag : f & FIELD.tag ? FIELD_WEIGHT.tag : 0) +
    (f & FIELD.description ? FIELD_WEIGHT.description : 0) +
    (f & FIELD.other ? FIELD_WEIGHT.other : 0);

  /**
   * Whether the query names pattern d's title: every word of it, through any alternative, when the
   * title has two words or more or one specific to a few patterns ("Autosave", not "Card"); or the
   * title as a phrase ("did you mean"). `phrase` is the query spaced at both ends, `content` its
   * content words.
   */
  function namesTitle(d: number, phrase: string, content: string): boolean {
    const from = rk.titleStart[d];
    const to = rk.titleStart[d + 1];
    if (from === to) return false;
    for (let i = from; i < to; i++) if (named[rk.titleStem[i]] === 0) return false;
    if (to - from >= 2 || rk.idf[rk.titleStem[from]] >= rk.idfSpecific) return true;
    const t = title(d);
    // A one-word title counts when the query says it whole, or says nothing else ("shadcn tabs").
    return (phrase.includes(` ${t} `) && t.includes(" ")) || t === content;
  }

  // Lists of patterns, reused: a typed array per list and a length, no array grown per query.
  const inStem = new Int32Array(count);
  const inAlt = new Int32Array(count);
  const inConcept = new Int32Array(count);
  const hit = new Int32Array(count);

  /**
   * Adds alternative `a`'s BM25 and matched idf per pattern into altScore and altIdf; lists them in
   * inAlt, returns how many.
   */
  function score(a: Alternative): number {
    let alts = 0;
    for (const s of a.stems) {
      if (s < 0) continue;
      let n = 0;
      for (let j = rk.stemStart[s]; j < rk.stemStart[s + 1]; j++) {
        const k = rk.stemWords[j];
        for (let i = ix.wordStart[k]; i < ix.wordStart[k + 1]; i++) {
          const d = ix.invDoc[i];
          if (bits[d] === 0) inStem[n++] = d;
          bits[d] |= ix.invField[i] | 0x80;
        }
      }
      const idf = rk.idf[s];
      for (let j = 0; j < n; j++) {
        const d = inStem[j];
        const f = tf(bits[d]);
        if (bits[d] & STRONG) altStrong[d] = 1;
        bits[d] = 0;
        if (altIdf[d] === 0) inAlt[alts++] = d;
        altScore[d] += (idf * f * (K1 + 1)) / (f + K1 * (1 - B + B * rk.relLength[d]));
        altIdf[d] += idf;
      }
    }
    return alts;
  }

  /** Marks in `named` every stem the concepts read, and lists them in `marked` for the reset. */
  function markNamed(cs: Concept[], marked: number[]): void {
    for (const c of cs) {
      for (const a of c.alternatives) {
        for (const s of a.stems) {
          if (s < 0 || named[s] === 1) continue;
          named[s] = 1;
          marked.push(s);
        }
      }
    }
  }

  /**
   * Scores concept `c` (each pattern its best alternative) into total, explained, flags, matched and
   * strong; lists patterns matched for the first time in `hit` from `hits` on, returns the new count.
   */
  function scoreConcept(c: Concept, hits: number): number {
    let concepts = 0;
    for (const a of c.alternatives) {
      const alts = score(a);
      for (let j = 0; j < alts; j++) {
        const d = inAlt[j];
        const share = (a.confidence * altIdf[d]) / a.idf;
        const points = (a.part * a.confidence * altScore[d]) / a.stems.length;
        const whole = altIdf[d] + 1e-9 >= a.idf;
        if (altStrong[d]) strong[d] = 1;
        altScore[d] = altIdf[d] = altStrong[d] = 0;
        if (bestKind[d] === -1) {
          inConcept[concepts++] = d;
          bestKind[d] = a.kind;
        }
        if (share > bestShare[d] || (share === bestShare[d] && a.kind < bestKind[d])) {
          bestShare[d] = share;
          bestKind[d] = a.kind;
          bestWhole[d] = whole ? 1 : 0;
        }
        if (points > bestScore[d]) bestScore[d] = points;
      }
    }
    for (let j = 0; j < concepts; j++) {
      const d = inConcept[j];
      if (matched[d] === 0) hit[hits++] = d;
      total[d] += bestScore[d];
      explained[d] += c.weight * bestShare[d];
      if (bestKind[d] === KIND.corrected) flags[d] |= FLAG.corrected;
      else if (bestKind[d] === KIND.synonym) flags[d] |= FLAG.synonym;
      // An alternative matched without all its stems explains the concept in part only.
      if (!bestWhole[d]) flags[d] |= FLAG.partial;
      matched[d]++;
      bestScore[d] = bestShare[d] = bestWhole[d] = 0;
      bestKind[d] = -1;
    }
    return hits;
  }

  /**
   * Keeps the `hits` patterns that explain enough of the query (`enough` of `readable` weight over
   * `concepts` concepts) or are named by its title, but those in `skip`, into `out` with their final
   * score and match; returns the best score, skipped patterns included.
   */
  function keepHits(
    hits: number,
    concepts: number,
    phrase: string,
    content: string,
    enough: number,
    readable: number,
    skip: Uint8Array | undefined,
    out: Ranked,
  ): number {
    let best = 0;
    for (let j = 0; j < hits; j++) {
      const d = hit[j];
      const titled = namesTitle(d, phrase, content);
      // Enough of the query; and a pattern whose title and tags say none of it must show two
      // of its concepts, not one word of its prose ("tax" in a checkout's description).
      if (!titled && (explained[d] < enough || (!strong[d] && matched[d] < 2))) continue;
      // Lucene's classic coordination: a hit explaining more of the query ranks above one scoring
      // high on a single word; a pattern the query names by its title, above both.
      const coverage = Math.min(1, explained[d] / readable);
      const points = total[d] * coverage * coverage * (titled ? TITLE_BONUS : 1);
      if (points > best) best = points;
      if (skip?.[d]) continue;
      out.docs.push(d);
      out.scores.push(points);
      out.match.push(matchOf(matched[d] < concepts ? flags[d] | FLAG.partial : flags[d]));
    }
    return best;
  }

  /** Clears what a query left in the scratch space: the `hits` patterns' sums and the marked stems. */
  function reset(hits: number, marked: number[]): void {
    for (let j = 0; j < hits; j++) {
      const d = hit[j];
      total[d] = explained[d] = flags[d] = matched[d] = strong[d] = 0;
    }
    for (const s of marked) named[s] = 0;
  }

  /**
   * Ranked patterns for a normalized query's words, unordered, with their scores, but those marked
   * in `skip` (the exact hits, already listed). Which ones are kept does not depend on what a caller
   * filters afterwards (category, code): a filtered search is the same list, filtered.
   * Steps: read the concepts → mark the stems they name → score each concept → keep the hits that
   * explain enough → drop the noise beside the best; the scratch space is reset whatever happens.
   */
  function rank(words: string[], skip?: Uint8Array): Ranked {
    const cs = concepts(words);
    const weights = cs.reduce((n, c) => n + c.weight, 0);
    const readable = cs.reduce((n, c) => n + (c.readable ? c.weight : 0), 0);
    const out: Ranked = { docs: [], scores: [], match: [] };
    if (cs.length === 0 || readable < MIN_READABLE * weights) return out;
    const enough = minExplained(cs.length) * readable;
    // Spaced at both ends, so a title is found in it as whole words.
    const phrase = ` ${words.join(" ")} `;
    const content = contentOf(words);
    const marked: number[] = [];
    markNamed(cs, marked);
    let hits = 0;
    try {
      for (const c of cs) hits = scoreConcept(c, hits);
      const best = keepHits(hits, cs.length, phrase, content, enough, readable, skip, out);
      dropNoise(out, best);
      return out;
    } finally {
      reset(hits, marked);
    }
  }

  return rank;
}

/** A normalized query's content words, function words (and library names) dropped. */
const contentOf = (words: string[]) => words.filter((w) => !STOPWORDS.has(w)).join(" ");

/** Drops, in place, the hits scoring under MIN_RELATIVE_SCORE of the best: noise beside it. */
function dropNoise(out: Ranked, best: number): void {
  let kept = 0;
  for (let j = 0; j < out.docs.length; j++) {
    if (out.scores[j] < best * MIN_RELATIVE_SCORE) continue;
    out.docs[kept] = out.docs[j];
    out.scores[kept] = out.scores[j];
    out.match[kept++] = out.match[j];
  }
  out.docs.length = out.scores.length = out.match.length = kept;
}

function matchOf(flags: number): MatchKind {
  if (flags & FLAG.partial) return MATCH.someWords;
  if (flags & FLAG.corrected) return MATCH.corrected;
  if (flags & FLAG.synonym) return MATCH.synonym;
  return MATCH.allWords;
}
