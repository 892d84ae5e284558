/**
 * The search's stemmer (src/catalog/analyze.ts `stemOf`) for the build, each word's stem kept for the
 * process: a catalog build stems the thesaurus's ~10,000 phrases and the whole vocabulary, most of it
 * the same words every time, and the stemmer was two thirds of a build's time (a 61-pattern catalog:
 * 81 → 28 ms; the tests build hundreds). The words come from the thesaurus, the technical terms and
 * the catalogs built, so the map stays the size of their vocabulary.
 */
import { stemOf as snowballStem } from "../../../src/catalog/analyze.ts";

const stemmed = new Map<string, string>();

export function stemOf(word: string): string {
  let s = stemmed.get(word);
  if (s === undefined) stemmed.set(word, (s = snowballStem(word)));
  return s;
}
