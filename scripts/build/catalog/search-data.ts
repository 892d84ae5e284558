/**
 * Builds the word index of search (src/catalog/search-data.ts, which reads it): every distinct word
 * of the patterns, and per pattern its words with the fields they occur in.
 */
import { normalize } from "../../../src/catalog/normalize.ts";
import type { Entry } from "../../../src/catalog/schema.ts";
import { FIELD, FORMAT, type SearchData } from "../../../src/catalog/search-data.ts";

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
  const out: SearchData = {
    format: FORMAT,
    words: words.join("\n"),
    docStart: [0],
    fwdWord: [],
    fwdField: [],
    docFields: [],
  };
  for (const m of perDoc) {
    let union = 0;
    for (const [k, f] of [...m].map(([w, f]) => [id.get(w)!, f]).sort((a, b) => a[0] - b[0])) {
      out.fwdWord.push(k);
      out.fwdField.push(f);
      union |= f;
    }
    out.docStart.push(out.fwdWord.length);
    out.docFields.push(union);
  }
  return out;
}
