/**
 * The UI vocabulary search expands queries with (thesaurus.txt at the repository root), in the
 * Solr / Elasticsearch synonyms format, so it reads like any search team's file:
 * - `a, b, c`       an equivalence group: a query naming any of them also searches for the others;
 * - `a, b => c, d`  one way: a query naming a or b also searches for c and d;
 * - `#` starts a comment line; blank lines are ignored.
 * Terms are phrases, normalized like queries (`cmd+k` is "cmd k", `pop-up` is "pop up").
 * Unlike Solr's one-way rules, the words typed are always searched too: an expansion adds, never replaces.
 */
import { normalize, wordsOf } from "../../../src/catalog/normalize.ts";
import { MAX_PHRASE_WORDS } from "../../../src/catalog/rank-data.ts";

/** One rule: any phrase of `from` also searches for every phrase of `to` (normalized words). */
export interface SynonymRule {
  from: string[][];
  to: string[][];
}

/** The rules of a thesaurus file; throws with the line number of the first malformed line. */
export function parseThesaurus(text: string): SynonymRule[] {
  const rules: SynonymRule[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const fail = (why: string) => {
      throw new Error(`thesaurus line ${i + 1}: ${why}: ${JSON.stringify(line.slice(0, 80))}`);
    };
    const sides = line.split("=>");
    if (sides.length > 2) fail("more than one =>");
    const phrases = (side: string) =>
      side.split(",").map((p) => {
        const words = wordsOf(normalize(p));
        if (words.length === 0) fail("an empty term");
        if (words.length > MAX_PHRASE_WORDS) fail(`a term of more than ${MAX_PHRASE_WORDS} words`);
        return words;
      });
    const from = phrases(sides[0]);
    if (sides.length === 2) rules.push({ from, to: phrases(sides[1]) });
    else if (from.length < 2) fail("a group needs at least two terms");
    else rules.push({ from, to: from });
  });
  return rules;
}
