/**
 * The word index behind search, in two forms: `SearchData`, a compact serializable form written
 * at build time into generated/catalog/search.json (scripts/build/catalog/search-data.ts builds it), and
 * `WordIndex`, the typed arrays a query runs on. Building it needs `normalize` over every field of
 * every pattern, which a cold isolate can't afford at 10,000 patterns; decoding it is a few
 * milliseconds.
 *
 * Why words are enough: search reads a query as words and matches them whole (by stem, through the
 * stem table in rank-data.ts), so a pattern is the set of its normalized words, each with the fields
 * it occurs in (title, description, tags, and the type and slug as `other`).
 */
import { varintReader } from "./varint.ts";

/** Where a word occurs in a pattern. WHOLE_TAG: one of its tags, normalized, is exactly this word. */
export const FIELD = { title: 1, description: 2, tag: 4, wholeTag: 8, other: 16 } as const;
/** Bits of a posting that hold its fields; the word id (as a delta) is above them. */
export const FIELD_BITS = 5;

export const FORMAT = 1;

export interface SearchData {
  format: typeof FORMAT;
  /** Every distinct word, sorted by code unit, joined by "\n" (words never contain one). */
  words: string;
  /** Base64 of varints: pattern count, posting count, then per pattern its word ids (delta) and fields. */
  docs: string;
}

export interface WordIndex {
  /** The words joined by "\n" (word k is the k-th), and how many there are. */
  vocab: string;
  words: number;
  /** Forward: pattern d's postings are docStart[d]..docStart[d+1] (word ids ascending). */
  docStart: Int32Array;
  fwdWord: Int32Array;
  fwdField: Uint8Array;
  /** Per pattern, the union of its words' fields (a title without words is all marks and punctuation). */
  docFields: Uint8Array;
}

/** Typed arrays for querying; throws when `data` does not describe `count` patterns. */
export function decodeSearchData(data: SearchData, count: number): WordIndex {
  if (data.format !== FORMAT) {
    throw new Error(`search index format ${data.format} is not ${FORMAT}: rebuild the catalog`);
  }
  const varints = varintReader(data.docs);
  const varint = varints.next;
  const n = varint();
  const total = varint();
  if (n !== count) throw new Error(`search index holds ${n} patterns, the catalog ${count}: rebuild the catalog`);

  const vocab = data.words;
  let words = vocab === "" ? 0 : 1;
  for (let i = vocab.indexOf("\n"); i !== -1; i = vocab.indexOf("\n", i + 1)) words++;

  const docStart = new Int32Array(n + 1);
  const fwdWord = new Int32Array(total);
  const fwdField = new Uint8Array(total);
  const docFields = new Uint8Array(n);
  let p = 0;
  for (let d = 0; d < n; d++) {
    docStart[d] = p;
    let k = 0;
    for (let left = varint(); left > 0; left--) {
      const v = varint();
      k += Math.floor(v / (1 << FIELD_BITS));
      fwdWord[p] = k;
      fwdField[p] = v & ((1 << FIELD_BITS) - 1);
      docFields[d] |= fwdField[p++];
    }
  }
  docStart[n] = p;
  if (p !== total || !varints.done()) throw new Error("search index is corrupt: rebuild the catalog");

  return { vocab, words, docStart, fwdWord, fwdField, docFields };
}
