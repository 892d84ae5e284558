/**
 * Builds the word index of search (src/catalog/search-data.ts, which reads it): every distinct word
 * of the patterns, and per pattern its words with the fields they occur in.
 */
import { normalize } from "../../../src/catalog/normalize.ts";
import type { Entry } from "../../../src/catalog/schema.ts";
import { FIELD, FIELD_BITS, FORMAT, type SearchData } from "../../../src/catalog/search-data.ts";
import { encodeVarints } from "./varint.ts";

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The words of one pattern with the fields they occur in, exactly as the haystack holds them. */
export function patternWords(e: Entry): Map<string, number> {
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
  const perDoc = entries.map(patternWords);
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
