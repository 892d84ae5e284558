/**
 * The technical terms search reads as naming something other than an interface (technical-terms.txt
 * at the repository root): one term per line, a phrase of 1 to MAX_PHRASE_WORDS words, normalized like
 * queries; `#` starts a comment line, blank lines are ignored.
 */
import { normalize, wordsOf } from "../../../src/catalog/normalize.ts";
import { MAX_PHRASE_WORDS } from "../../../src/catalog/rank-data.ts";
import { stemOf } from "./stem.ts";
import type { SynonymRule } from "./thesaurus.ts";

/** One term: its normalized words, and the line it is on (for the build's refusals). */
export interface TechnicalTerm {
  words: string[];
  line: number;
}

/** The terms of a technical-terms file; throws with the line number of the first malformed line. */
export function parseTechnicalTerms(text: string): TechnicalTerm[] {
  const terms: TechnicalTerm[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const fail = (why: string) => {
      throw new Error(`technical-terms line ${i + 1}: ${why}: ${JSON.stringify(line.slice(0, 80))}`);
    };
    if (/[,=]/.test(line)) fail("one term per line, without , or =>");
    const words = wordsOf(normalize(line));
    if (words.length === 0) fail("an empty term");
    if (words.length > MAX_PHRASE_WORDS) fail(`a term of more than ${MAX_PHRASE_WORDS} words`);
    terms.push({ words, line: i + 1 });
  });
  return terms;
}

const stems = (words: readonly string[]) => words.map(stemOf).join(" ");

/**
 * Throws naming the first term that is UI vocabulary, by stem: a whole title, a word of a title
 * alone, or a run of words of a thesaurus term (the thesaurus reads it as UI). `titles` are normalized.
 */
export function refuseUiTerms(
  terms: readonly TechnicalTerm[],
  titles: readonly string[],
  rules: readonly SynonymRule[],
) {
  const titleStems = new Set(titles.map((t) => stems(wordsOf(t))));
  const titleWords = new Set(titles.flatMap(wordsOf).map(stemOf));
  // Every run of words of a thesaurus term, by stem, to the first term holding it: a lookup per
  // technical term instead of a scan of every thesaurus term (that scan was most of a catalog build's CPU).
  const thesaurus = new Map<string, string>();
  for (const p of rules.flatMap((r) => [...r.from, ...r.to])) {
    const s = p.map(stemOf);
    for (let i = 0; i < s.length; i++)
      for (let j = i + 1; j <= s.length; j++) {
        const run = s.slice(i, j).join(" ");
        if (!thesaurus.has(run)) thesaurus.set(run, s.join(" "));
      }
  }
  for (const { words, line } of terms) {
    const key = stems(words);
    const fail = (why: string) => {
      throw new Error(`technical-terms line ${line}: "${words.join(" ")}" ${why}: it is UI vocabulary`);
    };
    if (titleStems.has(key)) fail("is a pattern's title");
    if (words.length === 1 && titleWords.has(key)) fail("is a word of a pattern's title");
    const phrase = thesaurus.get(key);
    if (phrase !== undefined) fail(`is in the thesaurus ("${phrase}")`);
  }
}
