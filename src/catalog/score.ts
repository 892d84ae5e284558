/**
 * What each pattern scores against a query's concepts (concepts.ts), for the ranked tier (rank.ts):
 * per concept, its best alternative's BM25 over field-weighted presence (BM25F), times the
 * alternative's confidence, summed over concepts; and how much of the query it explains, each
 * concept weighing its word's idf.
 */
import { type Alternative, type Concept, KIND } from "./concepts.ts";
import type { RankIndex } from "./rank-data.ts";
import { FIELD, NAMED } from "./search-data.ts";

/** BM25's term-frequency saturation and length normalization, at their usual values. */
const K1 = 1.2;
const B = 0.75;
/** Field weights of a term's frequency (BM25F over presence per field): the title says most. */
const FIELD_WEIGHT = { title: 3, wholeTag: 2.5, tag: 1.5, description: 1, other: 0.5, behaviour: 0.5 } as const;
/** The share of a word a pattern explains when it says the word only of how it behaves. */
const BEHAVIOUR_SHARE = 0.25;

/** How a pattern matched, over all concepts: through a synonym, through a correction, or in part. */
export const FLAG = { synonym: 2, corrected: 4, partial: 8 } as const;

/**
 * What one query's concepts found, by pattern: `hits` lists the patterns matched (in the order first
 * matched, `size` of them); each column holds a value per pattern, zero for the others.
 */
export interface Tallies {
  hits: Int32Array;
  size: number;
  /** The score summed over concepts, and the share of the query's weight explained. */
  total: Float64Array;
  explained: Float64Array;
  /**
   * FLAG bits; how many concepts matched, and how many of them in the pattern's own fields (not
   * only in how it behaves); 1 when one matched a title or tag.
   */
  flags: Uint8Array;
  matched: Uint8Array;
  said: Uint8Array;
  strong: Uint8Array;
  /** 1 for a pattern the caller has listed already (the exact hits): scored, but not to be listed again. */
  listed: Uint8Array;
}

const tf = (f: number) =>
  (f & FIELD.title ? FIELD_WEIGHT.title : 0) +
  (f & FIELD.wholeTag ? FIELD_WEIGHT.wholeTag : f & FIELD.tag ? FIELD_WEIGHT.tag : 0) +
  (f & FIELD.description ? FIELD_WEIGHT.description : 0) +
  (f & FIELD.other ? FIELD_WEIGHT.other : 0);

/**
 * Scores queries over `count` patterns, in columns of typed arrays (a value per pattern) made once for
 * the scorer's life: each level (alternative, concept) adds up into its columns and clears what
 * it read, and a query's tallies are cleared once read. The one place search keeps work space between
 * queries: arrays of its own per query, or an object per pattern it reaches, cost a common word at
 * 10,000 patterns more than scoring it (`npm run bench -- --quick --only search`, search_components
 * p99 over 10,000 patterns; docs/search.md, Performance). Nothing here calls out, so no query re-enters.
 */
export function createScorer(rk: RankIndex, count: number) {
  // Per alternative: its BM25 and idf matched, and whether a title or tag matched.
  const altScore = new Float64Array(count);
  const altIdf = new Float64Array(count);
  const altStrong = new Uint8Array(count);
  const altSaid = new Uint8Array(count);
  // Per concept: its best alternative's points, share, kind (-1: none yet) and wholeness.
  const bestScore = new Float64Array(count);
  const bestShare = new Float64Array(count);
  const bestKind = new Int8Array(count).fill(-1);
  const bestWhole = new Uint8Array(count);
  const bestSaid = new Uint8Array(count);
  // Per query.
  const tallies: Tallies = {
    hits: new Int32Array(count),
    size: 0,
    total: new Float64Array(count),
    explained: new Float64Array(count),
    flags: new Uint8Array(count),
    matched: new Uint8Array(count),
    said: new Uint8Array(count),
    strong: new Uint8Array(count),
    listed: new Uint8Array(count),
  };
  const { total, explained, flags, matched, said, strong } = tallies;
  // BM25's length normalization depends on the pattern alone: once per pattern, not per posting.
  const lenNorm = Float64Array.from(rk.relLength, (rel) => K1 * (1 - B + B * rel));
  // The patterns reached by an alternative and by a concept: lists of a length, never grown.
  const inAlt = new Int32Array(count);
  const inConcept = new Int32Array(count);

  /** Adds alternative `a`'s BM25 and matched idf per pattern into altScore and altIdf; lists them in inAlt. */
  function scoreAlternative(a: Alternative): number {
    let reached = 0;
    for (const s of a.stems) {
      if (s < 0) continue;
      const idf = rk.idf[s];
      for (let i = rk.postStart[s]; i < rk.postStart[s + 1]; i++) {
        const d = rk.postDoc[i];
        const f = tf(rk.postField[i]);
        if (rk.postField[i] & NAMED) altStrong[d] = 1;
        altSaid[d] = 1;
        if (altIdf[d] === 0) inAlt[reached++] = d;
        altScore[d] += (idf * f * (K1 + 1)) / (f + lenNorm[d]);
        altIdf[d] += idf;
      }
      // What a pattern says only of how it behaves (its UX flows and interaction rules) counts, but
      // explains a quarter of the word its own fields would: a hit on it is partial, and ranks on it
      // only beside what the pattern says of itself.
      const f = FIELD_WEIGHT.behaviour;
      for (let i = rk.behaveStart[s]; i < rk.behaveStart[s + 1]; i++) {
        const d = rk.behaveDoc[i];
        if (altIdf[d] === 0) inAlt[reached++] = d;
        altScore[d] += (idf * f * (K1 + 1)) / (f + lenNorm[d]);
        altIdf[d] += BEHAVIOUR_SHARE * idf;
      }
    }
    return reached;
  }

  /** Adds concept `c` (each pattern its best alternative) into the tallies, listing patterns matched first. */
  function scoreConcept(c: Concept): void {
    let reached = 0;
    for (const a of c.alternatives) {
      const alts = scoreAlternative(a);
      for (let j = 0; j < alts; j++) {
        const d = inAlt[j];
        const share = (a.confidence * altIdf[d]) / a.idf;
        const points = (a.part * a.confidence * altScore[d]) / a.stems.length;
        const whole = altIdf[d] + 1e-9 >= a.idf;
        if (altStrong[d]) strong[d] = 1;
        if (altSaid[d]) bestSaid[d] = 1;
        altScore[d] = altIdf[d] = altStrong[d] = altSaid[d] = 0;
        if (bestKind[d] === -1) {
          inConcept[reached++] = d;
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
    for (let j = 0; j < reached; j++) {
      const d = inConcept[j];
      if (matched[d] === 0) tallies.hits[tallies.size++] = d;
      total[d] += bestScore[d];
      explained[d] += c.weight * bestShare[d];
      if (bestKind[d] === KIND.corrected) flags[d] |= FLAG.corrected;
      else if (bestKind[d] === KIND.synonym) flags[d] |= FLAG.synonym;
      // An alternative matched without all its stems explains the concept in part only.
      if (!bestWhole[d]) flags[d] |= FLAG.partial;
      matched[d]++;
      said[d] += bestSaid[d];
      bestScore[d] = bestShare[d] = bestWhole[d] = bestSaid[d] = 0;
      bestKind[d] = -1;
    }
  }

  /**
   * Scores `concepts`, the patterns in `listed` marked as such, and returns what `read` makes of the
   * tallies, valid only while it runs.
   */
  return function score<T>(
    concepts: readonly Concept[],
    listed: readonly number[],
    read: (tallies: Readonly<Tallies>) => T,
  ): T {
    try {
      for (const d of listed) tallies.listed[d] = 1;
      for (const c of concepts) scoreConcept(c);
      return read(tallies);
    } finally {
      for (let j = 0; j < tallies.size; j++) {
        const d = tallies.hits[j];
        total[d] = explained[d] = flags[d] = matched[d] = said[d] = strong[d] = 0;
      }
      for (const d of listed) tallies.listed[d] = 0;
      tallies.size = 0;
    }
  };
}
