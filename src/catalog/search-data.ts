/**
 * The word index behind search, in two forms: `SearchData`, a compact serializable form written
 * at build time into generated/catalog/search.json (scripts/build-catalog.ts), and `WordIndex`, the typed
 * arrays a query runs on. Building it needs `normalize` over every field of every pattern, which a
 * cold isolate can't afford at 10,000 patterns; decoding it is a few milliseconds.
 *
 * Why words are enough: search matches a query token when it is a substring of the pattern's
 * haystack (normalized title, description, tags, the type and the normalized slug, one per line).
 * A token holds only letters, marks and digits, so each occurrence lies inside one maximal run of
 * such characters: a token matches a pattern exactly when it is a substring of one of its words.
 */
import { normalize } from "./normalize.ts";
import type { Entry } from "./schema.ts";
import { encodeVarints, varintReader } from "./varint.ts";

/** Where a word occurs in a pattern. WHOLE_TAG: one of its tags, normalized, is exactly this word. */
export const FIELD = { title: 1, description: 2, tag: 4, wholeTag: 8, other: 16 } as const;
const FIELD_BITS = 5;

export const FORMAT = 1;

export interface SearchData {
  format: typeof FORMAT;
  /** Every distinct word, sorted by code unit, joined by "\n" (words never contain one). */
  words: string;
  /** Base64 of varints: pattern count, posting count, then per pattern its word ids (delta) and fields. */
  docs: string;
}

export interface WordIndex {
  /** The words joined by "\n", for substring scans; word k starts at wordAt[k]. */
  vocab: string;
  wordAt: Int32Array;
  /** Forward: pattern d's postings are docStart[d]..docStart[d+1] (word ids ascending). */
  docStart: Int32Array;
  fwdWord: Int32Array;
  fwdField: Uint8Array;
  /** Inverted: word k's postings are wordStart[k]..wordStart[k+1] (patterns ascending). */
  wordStart: Int32Array;
  invDoc: Int32Array;
  invField: Uint8Array;
  /** Per pattern, the union of its words' fields (a title without words is all marks and punctuation). */
  docFields: Uint8Array;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The words of one pattern with the fields they occur in, exactly as the haystack holds them. */
function wordsOf(e: Entry): Map<string, number> {
  const out = new Map<string, number>();
  const add = (text: string, field: number) => {
    for (const w of text.match(WORD) ?? []) out.set(w, (out.get(w) ?? 0) | field);
  };
  add(normalize(e.title), FIELD.title);
  add(normalize(e.description), FIELD.description);
  for (const tag of e.tags) {
    const t = normalize(tag);
    add(t, FIELD.tag);
    if (t !== "" && !t.includes(" ")) out.set(t, out.get(t)! | FIELD.wholeTag);
  }
  add(e.type, FIELD.other); // the haystack holds the type as it is, not normalized
  add(normalize(e.slug), FIELD.other);
  return out;
}

/** `entries` must already be in search order (catalog number, stable). */
export function buildSearchData(entries: readonly Entry[]): SearchData {
  const perDoc = entries.map(wordsOf);
  const all = new Set<string>();
  for (const m of perDoc) for (const w of m.keys()) all.add(w);
  const words = [...all].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const id = new Map(words.map((w, i) => [w, i]));
  const out: number[] = [entries.length, perDoc.reduce((n, m) => n + m.size, 0)];
  for (const m of perDoc) {
    const postings = [...m].map(([w, f]) => [id.get(w)!, f]).sort((a, b) => a[0] - b[0]);
    out.push(postings.length);
    let prev = 0;
    for (const [k, f] of postings) {
      out.push((k - prev) * (1 << FIELD_BITS) + f);
      prev = k;
    }
  }
  return { format: FORMAT, words: words.join("\n"), docs: encodeVarints(out) };
}

/** Typed arrays for querying; throws when `data` does not describe `count` patterns. */
export function decodeSearchData(data: SearchData, count: number): WordIndex {
  if (data.format !== FORMAT) throw new Error(`search index format ${data.format} is not ${FORMAT}: rebuild the catalog`);
  const varints = varintReader(data.docs);
  const varint = varints.next;
  const n = varint();
  const total = varint();
  if (n !== count) throw new Error(`search index holds ${n} patterns, the catalog ${count}: rebuild the catalog`);

  const vocab = data.words;
  let words = vocab === "" ? 0 : 1;
  for (let i = vocab.indexOf("\n"); i !== -1; i = vocab.indexOf("\n", i + 1)) words++;
  const wordAt = new Int32Array(words + 1);
  for (let k = 1, i = vocab.indexOf("\n"); i !== -1; i = vocab.indexOf("\n", i + 1)) wordAt[k++] = i + 1;
  wordAt[words] = vocab.length + 1; // as if the last word were followed by "\n" too

  const docStart = new Int32Array(n + 1);
  const fwdWord = new Int32Array(total);
  const fwdField = new Uint8Array(total);
  const perWord = new Int32Array(words + 1);
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
      perWord[k + 1]++;
    }
  }
  docStart[n] = p;
  if (p !== total || !varints.done()) throw new Error("search index is corrupt: rebuild the catalog");

  // Counting sort of the forward postings by word gives the inverted lists, patterns ascending.
  const wordStart = perWord;
  for (let k = 0; k < words; k++) wordStart[k + 1] += wordStart[k];
  const fill = wordStart.slice(0, words);
  const invDoc = new Int32Array(total);
  const invField = new Uint8Array(total);
  for (let d = 0; d < n; d++) {
    for (let i = docStart[d]; i < docStart[d + 1]; i++) {
      const at = fill[fwdWord[i]]++;
      invDoc[at] = d;
      invField[at] = fwdField[i];
    }
  }
  return { vocab, wordAt, docStart, fwdWord, fwdField, wordStart, invDoc, invField, docFields };
}
