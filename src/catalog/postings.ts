/**
 * The patterns holding every word of a query, for the exact tier (exact.ts), from each word's stem's
 * posting list (rank-data.ts). Each list is ascending by pattern, so the work is intersecting sorted
 * lists, and costs what the lists hold, not what the catalog holds: a query's rarest word picks the
 * candidates, and each other word narrows them by walking its list beside them, or, when they are
 * far fewer than its list holds, by a binary search of its list for each.
 */
import type { RankIndex } from "./rank-data.ts";

/** A query word as the index reads it: its stem, and how many patterns hold one of the stem's words. */
export interface Term {
  stem: number;
  cost: number;
}

/** Patterns, ascending, and per term, aligned with them, the fields (FIELD bits) its words occur in there. */
export interface Holding {
  docs: ArrayLike<number>;
  fields: ArrayLike<number>[];
}

/** Patterns, ascending, with one set of field bits each, and which of the candidates were kept (indexes). */
interface Narrowed {
  docs: ArrayLike<number>;
  fields: ArrayLike<number>;
  kept?: number[];
}

/**
 * The patterns holding every term (among `within` when given, itself ascending), ascending, with
 * where each term occurs in each.
 */
export function holdingAll(rk: RankIndex, terms: readonly Term[], within?: readonly number[]): Holding {
  const byCost = terms.map((_, j) => j).sort((a, b) => terms[a].cost - terms[b].cost);
  const fields: ArrayLike<number>[] = terms.map(() => []);
  let docs: ArrayLike<number> | undefined = within;
  const done: number[] = [];
  for (const j of byCost) {
    const { stem, cost } = terms[j];
    let found: Narrowed;
    if (docs === undefined) found = postingsOf(rk, stem);
    else if (docs.length * Math.log2(cost + 2) >= docs.length + cost) found = intersect(docs, postingsOf(rk, stem));
    else found = lookUp(rk, docs, stem);
    // The terms already read keep their fields for the patterns still held.
    const { kept } = found;
    if (kept) for (const k of done) fields[k] = kept.map((i) => fields[k][i]);
    fields[j] = found.fields;
    done.push(j);
    docs = found.docs;
    if (docs.length === 0) return { docs: [], fields: terms.map(() => []) };
  }
  return { docs: docs ?? [], fields };
}

/** Stem s's posting list, as it is in the index. */
function postingsOf(rk: RankIndex, s: number): Narrowed {
  const [from, to] = [rk.postStart[s], rk.postStart[s + 1]];
  return { docs: rk.postDoc.subarray(from, to), fields: rk.postField.subarray(from, to) };
}

/** The candidates `docs` that `list` holds, with its fields. */
function intersect(docs: ArrayLike<number>, list: Narrowed): Narrowed {
  const out = { docs: [] as number[], fields: [] as number[], kept: [] as number[] };
  for (let i = 0, j = 0; i < docs.length && j < list.docs.length; ) {
    if (docs[i] < list.docs[j]) i++;
    else if (docs[i] > list.docs[j]) j++;
    else {
      out.docs.push(docs[i]);
      out.fields.push(list.fields[j++]);
      out.kept.push(i++);
    }
  }
  return out;
}

/** The candidates `docs` that stem s's posting list holds, with its fields: a binary search for each. */
function lookUp(rk: RankIndex, docs: ArrayLike<number>, s: number): Narrowed {
  const out = { docs: [] as number[], fields: [] as number[], kept: [] as number[] };
  const end = rk.postStart[s + 1];
  // The candidates ascend, so each search starts where the one before ended.
  let from = rk.postStart[s];
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i];
    let to = end;
    while (from < to) {
      const mid = (from + to) >> 1;
      if (rk.postDoc[mid] < d) from = mid + 1;
      else to = mid;
    }
    if (from < end && rk.postDoc[from] === d) {
      out.docs.push(d);
      out.fields.push(rk.postField[from]);
      out.kept.push(i);
    }
  }
  return out;
}
