/**
 * The word index behind search, in two forms: `SearchData`, its JSON form written at build time
 * into generated/catalog/search.json (scripts/build/catalog/search-data.ts builds it), and `WordIndex`,
 * the typed arrays a query runs on, copied from it. Building it needs `normalize` over every field of
 * every pattern, which a cold isolate can't afford at 10,000 patterns; copying it is a fraction of a
 * millisecond.
 *
 * Why words are enough: search reads a query as words and matches them whole (by stem, through the
 * stem table in rank-data.ts), so a pattern is the set of its normalized words, each with the fields
 * it occurs in (title, description, tags, and the type and slug as `other`).
 */

/** Where a word occurs in a pattern. WHOLE_TAG: one of its tags, normalized, is exactly this word. */
export const FIELD = { title: 1, description: 2, tag: 4, wholeTag: 8, other: 16 } as const;

export const FORMAT = 2;

/**
 * The index as the arrays a query reads, numbers in JSON: V8 parses a JSON array of small integers
 * fast, and a typed array copies it in one call. Decoding the same index from varints cost a cold
 * isolate's first search ~2 ms of loops.
 */
export interface SearchData {
  format: typeof FORMAT;
  /** Every distinct word, sorted by code unit, joined by "\n" (words never contain one). */
  words: string;
  /** As in WordIndex. */
  docStart: number[];
  fwdWord: number[];
  fwdField: number[];
  docFields: number[];
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
  const n = data.docFields.length;
  if (n !== count) throw new Error(`search index holds ${n} patterns, the catalog ${count}: rebuild the catalog`);
  const total = data.fwdWord.length;
  if (data.docStart.length !== n + 1 || data.docStart[n] !== total || data.fwdField.length !== total) {
    throw new Error("search index is corrupt: rebuild the catalog");
  }
  const vocab = data.words;
  let words = vocab === "" ? 0 : 1;
  for (let i = vocab.indexOf("\n"); i !== -1; i = vocab.indexOf("\n", i + 1)) words++;
  return {
    vocab,
    words,
    docStart: new Int32Array(data.docStart),
    fwdWord: new Int32Array(data.fwdWord),
    fwdField: new Uint8Array(data.fwdField),
    docFields: new Uint8Array(data.docFields),
  };
}
