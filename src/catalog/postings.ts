/**
 * The patterns holding every word of a query, for the exact tier (exact.ts), from the word index's
 * posting lists (search-data.ts). Each list is ascending by pattern, so the work is merging and
 * intersecting sorted lists, and costs what the lists hold, not what the catalog holds: a query's
 * rarest word picks the candidates, and each other word narrows them from its own lists or from the
 * candidates' forward lists, whichever holds fewer postings.
 */
import type { WordIndex } from "./search-data.ts";

/** A query word as the index reads it: the catalog's words it matches, and how many postings they have. */
export interface Term {
  words: readonly number[];
  cost: number;
}

/** Patterns, ascending, and per term, aligned with them, the fields (FIELD bits) its words occur in there. */
export interface Holding {
  docs: ArrayLike<number>;
  fields: ArrayLike<number>[];
}

/** Patterns, ascending, with one set of field bits each: a word's inverted list as it is, or lists merged. */
interface List {
  docs: ArrayLike<number>;
  fields: ArrayLike<number>;
}

/**
 * The patterns holding every term (among `within` when given, itself ascending), ascending, with
 * where each term occurs in each.
 */
export function holdingAll(ix: WordIndex, terms: readonly Term[], within?: readonly number[]): Holding {
  const byCost = terms.map((_, j) => j).sort((a, b) => terms[a].cost - terms[b].cost);
  const perDoc = ix.fwdWord.length / Math.max(1, ix.docFields.length);
  const fields: ArrayLike<number>[] = terms.map(() => []);
  let docs: ArrayLike<number> | undefined = within;
  const done: number[] = [];
  for (const j of byCost) {
    const { words, cost } = terms[j];
    let found: List & { kept?: number[] };
    if (docs === undefined) found = postingsOf(ix, words);
    else if (cost < docs.length * perDoc) found = intersect(docs, postingsOf(ix, words));
    else found = fromForward(ix, docs, words);
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

/** The patterns holding one of `words`, ascending, each with the union of those words' fields in it. */
function postingsOf(ix: WordIndex, words: readonly number[]): List {
  const list = (k: number): List => {
    const [from, to] = [ix.wordStart[k], ix.wordStart[k + 1]];
    return { docs: ix.invDoc.subarray(from, to), fields: ix.invField.subarray(from, to) };
  };
  let out = list(words[0]);
  for (let j = 1; j < words.length; j++) out = union(out, list(words[j]));
  return out;
}

/** Both lists' patterns, each once with the union of its fields. */
function union(a: List, b: List): List {
  const out = { docs: [] as number[], fields: [] as number[] };
  let i = 0;
  let j = 0;
  while (i < a.docs.length || j < b.docs.length) {
    const da = i < a.docs.length ? a.docs[i] : Number.POSITIVE_INFINITY;
    const db = j < b.docs.length ? b.docs[j] : Number.POSITIVE_INFINITY;
    out.docs.push(Math.min(da, db));
    out.fields.push((da <= db ? a.fields[i++] : 0) | (db <= da ? b.fields[j++] : 0));
  }
  return out;
}

/** The candidates `docs` that `list` holds, with its fields, and which of them were kept (indexes). */
function intersect(docs: ArrayLike<number>, list: List) {
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

/**
 * The candidates `docs` whose forward lists hold one of `words` (a stem's few), with their fields,
 * and which of them were kept (indexes).
 */
function fromForward(ix: WordIndex, docs: ArrayLike<number>, words: readonly number[]) {
  const out = { docs: [] as number[], fields: [] as number[], kept: [] as number[] };
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i];
    let bits = 0;
    for (let p = ix.docStart[d]; p < ix.docStart[d + 1]; p++) if (words.includes(ix.fwdWord[p])) bits |= ix.fwdField[p];
    if (bits === 0) continue;
    out.docs.push(d);
    out.fields.push(bits);
    out.kept.push(i);
  }
  return out;
}
