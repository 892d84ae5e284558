/**
 * Reads each pattern's words with the fields they occur in, and builds what search keeps of them per
 * pattern (src/catalog/search-data.ts reads it); rank-data.ts builds the stems' posting lists from
 * the same words.
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

/** Per pattern of `perDoc` (its words with their fields, `patternWords`), what search-data.ts reads. */
export function buildSearchData(perDoc: readonly ReadonlyMap<string, number>[]): SearchData {
  return {
    format: FORMAT,
    docWords: perDoc.map((m) => m.size),
    docFields: perDoc.map((m) => [...m.values()].reduce((a, f) => a | f, 0)),
  };
}
