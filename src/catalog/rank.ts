/**
 * Ranked search, for queries the exact search (exact.ts) cannot answer whole: sentences, synonyms,
 * inflections and typos. The query is read into concepts (concepts.ts); a pattern scores, per
 * concept, its best alternative's field-weighted BM25, and explains a share of the query (each
 * concept weighs its word's idf: rare words say most).
 *
 * Restraint, so a question about banana cake returns nothing rather than a page of weak matches:
 * a query the catalog mostly cannot read (most of its weight in words no pattern uses, with no
 * synonym) finds only a title it says whole; otherwise a pattern must explain enough of what can be
 * read, less for a long query than a short one, or be named by its title.
 */
import { STOPWORDS } from "./analyze.ts";
import { type Alternative, type Concept, createConceptReader, KIND } from "./concepts.ts";
import type { RankIndex } from "./rank-data.ts";
import { FIELD, type WordIndex } from "./search-data.ts";

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
/** The least share of a query's weight the catalog must be able to read at all. */
const MIN_READABLE = 0.5;
/** The least share of the readable weight a hit explains, by how many concepts the query has. */
const minExplained = (concepts: number) => (concepts <= 2 ? 0.5 : concepts <= 4 ? 0.4 : concepts <= 6 ? 0.3 : 0.25);
/** The share of the readable weight one concept must explain when the query holds an unreadable word. */
const MOST_OF_READABLE = 0.75;
/** Hits scoring under this share of the best one are noise beside it. */
const MIN_RELATIVE_SCORE = 0.15;
/** A title fully named by the query multiplies a hit's score by this much. */
const TITLE_BONUS = 1.5;
/**
 * How a question about doing or understanding something opens ("how do I", "what is the
 * difference", "explain how"), over normalized words. Beside a word the catalog cannot read, such a
 * question asks how a technology works, not for a screen: "How do I invalidate a cached API
 * response" is not Offline Mode. "explain why" is left out: it is a UI request ("explain why we
 * need location access").
 */
const QUESTION_OPENINGS = {
  howDoI: "how (do|does|can|could|should|would) (i|we|you|one)",
  whatIs: "what (is|are|s|was)|whats",
  why: "why (do|does|is|are|did|would)",
  explain: "explain (how|the|what|when)",
  difference: "(what s |whats |what is )?the difference between|difference between",
  isIt: "is it (better|possible|safe|ok)",
  bestWay: "(the )?best way to",
  showMe: "(show|tell) me how to",
  shouldI: "when should (i|we)|should (i|we) use",
};
const ASKS_HOW = new RegExp(`^(${Object.values(QUESTION_OPENINGS).join("|")}) `);

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
    // A one-word title counts when the query says it whole, or says nothing else ("shadcn tabs").
    return saysTitle(d, phrase) || title(d) === content;
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
   * Keeps the `hits` patterns that explain enough of query `q` or are named by its title, but those
   * in `skip`, into `out` with their final score and match; returns the best score, skipped patterns
   * included.
   */
  function keepHits(hits: number, q: Reading, skip: Uint8Array | undefined, out: Ranked): number {
    let best = 0;
    for (let j = 0; j < hits; j++) {
      const d = hit[j];
      const titled = namesTitle(d, q.phrase, q.content);
      if (q.mostlyUnread || q.elsewhere ? !saysTitle(d, q.phrase) : !titled && !explains(d, q)) continue;
      // Lucene's classic coordination: a hit explaining more of the query ranks above one scoring
      // high on a single word; a pattern the query names by its title, above both.
      const coverage = Math.min(1, explained[d] / q.readable);
      const points = total[d] * coverage * coverage * (titled ? TITLE_BONUS : 1);
      if (points > best) best = points;
      if (skip?.[d]) continue;
      out.docs.push(d);
      out.scores.push(points);
      out.match.push(matchOf(matched[d] < q.concepts ? flags[d] | FLAG.partial : flags[d]));
    }
    return best;
  }

  /** Whether pattern d explains enough of query `q` to be shown without being named. */
  function explains(d: number, q: Reading): boolean {
    // Enough of the query; and a pattern whose title and tags say none of it must show two
    // of its concepts, not one word of its prose ("tax" in a checkout's description).
    if (explained[d] < q.enough || (!strong[d] && matched[d] < 2)) return false;
    // Beside a word the catalog cannot read, one concept of the rest must be most of it:
    // "photosynthesis light reactions" is not about Emoji Reactions, "2fa enrollment" is 2FA.
    return !q.unread || matched[d] >= 2 || explained[d] >= MOST_OF_READABLE * q.readable;
  }

  /**
   * Whether the query says pattern d's title of two words or more, whole and in order ("material
   * speed dial with sub actions"): the one hit a query the catalog mostly cannot read may have.
   */
  function saysTitle(d: number, phrase: string): boolean {
    const t = title(d);
    return t.includes(" ") && phrase.includes(` ${t} `);
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
    const out: Ranked = { docs: [], scores: [], match: [] };
    if (cs.length === 0) return out;
    const q = reading(words, cs, rk.technicalAt(words).terms);
    const marked: number[] = [];
    markNamed(cs, marked);
    let hits = 0;
    try {
      for (const c of cs) hits = scoreConcept(c, hits);
      const best = keepHits(hits, q, skip, out);
      dropNoise(out, best);
      return out;
    } finally {
      reset(hits, marked);
    }
  }

  return rank;
}

/** What keeping a hit needs to know of the query. */
interface Reading {
  /** How many concepts it has, their readable weight, and how much of it a hit must explain. */
  concepts: number;
  readable: number;
  enough: number;
  /** Some concept is unreadable; most of the weight is (the query is likely about something else). */
  unread: boolean;
  mostlyUnread: boolean;
  /**
   * The query is about another subject than UI: a question about how something works
   * ({@link ASKS_HOW}) beside a word the catalog cannot read, or two technical terms or more ("a
   * dead letter queue for SQS messages"). Only a title it says whole is kept.
   */
  elsewhere: boolean;
  /** The words spaced at both ends, so a title is found in it as whole words; the content words. */
  phrase: string;
  content: string;
}

function reading(words: string[], cs: Concept[], technicalTerms: number): Reading {
  const weights = cs.reduce((n, c) => n + c.weight, 0);
  const readable = cs.reduce((n, c) => n + (c.readable ? c.weight : 0), 0);
  return {
    concepts: cs.length,
    readable,
    enough: minExplained(cs.length) * readable,
    unread: readable < weights,
    mostlyUnread: readable < MIN_READABLE * weights,
    elsewhere: technicalTerms >= 2 || (readable < weights && ASKS_HOW.test(`${words.join(" ")} `)),
    phrase: ` ${words.join(" ")} `,
    content: contentOf(words),
  };
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
