/**
 * What search needs of each pattern's own words, as a whole (the words themselves are read through
 * their stems' posting lists, rank-data.ts): how many distinct words it has, and the fields they
 * occur in. Written at build time into generated/catalog/search.json (scripts/build/catalog/search-data.ts
 * builds it, with the words of each pattern the posting lists are built from).
 *
 * Why words are enough: search reads a query as words and matches them whole, by stem, so a pattern
 * is the set of its normalized words, each with the fields it occurs in (title, description, tags,
 * and the type and slug as `other`).
 */

/** Where a word occurs in a pattern. WHOLE_TAG: one of its tags, normalized, is exactly this word. */
export const FIELD = { title: 1, description: 2, tag: 4, wholeTag: 8, other: 16 } as const;
/** The fields where a pattern names itself: its title and tags. */
export const NAMED = FIELD.title | FIELD.tag | FIELD.wholeTag;

export const FORMAT = 3;

/** Numbers in JSON arrays: V8 parses a JSON array of small integers fast, and a typed array copies it in one call. */
export interface SearchData {
  format: typeof FORMAT;
  /** Per pattern, how many distinct words it has: BM25's length. */
  docWords: number[];
  /** Per pattern, the union of its words' fields (a title without words is all marks and punctuation). */
  docFields: number[];
}

export interface WordIndex {
  docWords: Int32Array;
  docFields: Uint8Array;
}

/** Typed arrays for querying; throws when `data` does not describe `count` patterns. */
export function decodeSearchData(data: SearchData, count: number): WordIndex {
  if (data.format !== FORMAT) {
    throw new Error(`search index format ${data.format} is not ${FORMAT}: rebuild the catalog`);
  }
  const n = data.docFields.length;
  if (n !== count || data.docWords.length !== n) {
    throw new Error(`search index holds ${n} patterns, the catalog ${count}: rebuild the catalog`);
  }
  return { docWords: new Int32Array(data.docWords), docFields: new Uint8Array(data.docFields) };
}
