/**
 * The two term lists search reads beside the thesaurus, both at the repository root and in one format
 * (one term per line, a phrase of 1 to MAX_PHRASE_WORDS words, normalized like queries; `#` starts a
 * comment line, blank lines are ignored): the technical terms, which name something other than an
 * interface (technical-terms.txt), and the interfaces the catalog does not carry
 * (absent-interfaces.txt).
 */
import { normalize, wordsOf } from "../../../src/catalog/normalize.ts";
import type { Entry } from "../../../src/catalog/schema.ts";
import { MAX_PHRASE_WORDS } from "../../../src/catalog/rank-data.ts";
import { stemOf } from "./stem.ts";
import type { SynonymRule } from "./thesaurus.ts";

/** One term: its normalized words, and the line it is on (for the build's refusals). */
export interface TechnicalTerm {
  words: string[];
  line: number;
}

/** The terms of a technical-terms file; throws with the line number of the first malformed line. */
export const parseTechnicalTerms = (text: string) => parseTerms(text, "technical-terms");

/** The terms of an absent-interfaces file; throws with the line number of the first malformed line. */
export const parseAbsentInterfaces = (text: string) => parseTerms(text, "absent-interfaces");

function parseTerms(text: string, file: string): TechnicalTerm[] {
  const terms: TechnicalTerm[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const fail = (why: string) => {
      throw new Error(`${file} line ${i + 1}: ${why}: ${JSON.stringify(line.slice(0, 80))}`);
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
 * alone, or a run of words of a thesaurus term (`thesaurus`, from `thesaurusRuns`: the thesaurus
 * reads it as UI). `titles` are normalized.
 */
export function refuseUiTerms(
  terms: readonly TechnicalTerm[],
  titles: readonly string[],
  thesaurus: ReadonlyMap<string, string>,
) {
  const titleStems = new Set(titles.map((t) => stems(wordsOf(t))));
  const titleWords = new Set(titles.flatMap(wordsOf).map(stemOf));
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

/**
 * Every run of words of a thesaurus term, by stem, to the first term holding it: a lookup per
 * term of a list instead of a scan of every thesaurus term (that scan was most of a catalog build's
 * CPU). Made once per build, for both lists' refusals.
 */
export function thesaurusRuns(rules: readonly SynonymRule[]): Map<string, string> {
  const runs = new Map<string, string>();
  for (const p of rules.flatMap((r) => [...r.from, ...r.to])) {
    const s = p.map(stemOf);
    for (let i = 0; i < s.length; i++)
      for (let j = i + 1; j <= s.length; j++) {
        const run = s.slice(i, j).join(" ");
        if (!runs.has(run)) runs.set(run, s.join(" "));
      }
  }
  return runs;
}

/**
 * Throws naming the first absent interface listed twice (by stem) or read otherwise by the
 * repository's other lists: a run of words of a thesaurus term (`thesaurus`, from `thesaurusRuns`:
 * the thesaurus leads it to a pattern), or a technical term (a term is in one list).
 */
export function refuseMisplaced(
  absent: readonly TechnicalTerm[],
  thesaurus: ReadonlyMap<string, string>,
  technical: readonly TechnicalTerm[],
) {
  const techs = new Set(technical.map((t) => stems(t.words)));
  const seen = new Map<string, number>();
  for (const { words, line } of absent) {
    const key = stems(words);
    const fail = (why: string) => {
      throw new Error(`absent-interfaces line ${line}: "${words.join(" ")}" ${why}`);
    };
    const first = seen.get(key);
    if (first !== undefined) fail(`is line ${first} again`);
    seen.set(key, line);
    const phrase = thesaurus.get(key);
    if (phrase !== undefined) fail(`is in the thesaurus ("${phrase}"), which leads it to a pattern`);
    if (techs.has(key)) fail("is a technical term");
  }
}

/** A pattern's title, and what it says of itself in each of its own fields, normalized. */
export const ownText = (e: Entry) => ({
  title: e.title,
  texts: [e.title, ...e.tags, e.description, ...(e.uxFlows ?? []), ...(e.interactionRules ?? [])].map(normalize),
});

/**
 * The absent interfaces some pattern says of itself (`patterns`, from `ownText`: in its title, a
 * tag, its description, a UX flow or an interaction rule, by stem), each with the first such
 * pattern's title: that catalog carries them.
 */
export function carried(absent: readonly TechnicalTerm[], patterns: readonly { title: string; texts: string[] }[]) {
  // Each term under its first stem: one pass over the catalog's words finds them all.
  const byFirst = new Map<string, { term: TechnicalTerm; stems: string[] }[]>();
  for (const term of absent) {
    const s = term.words.map(stemOf);
    byFirst.set(s[0], [...(byFirst.get(s[0]) ?? []), { term, stems: s }]);
  }
  const said = new Map<TechnicalTerm, string>();
  for (const p of patterns)
    for (const text of p.texts) {
      const s = wordsOf(text).map(stemOf);
      for (let i = 0; i < s.length; i++)
        for (const t of byFirst.get(s[i]) ?? [])
          if (!said.has(t.term) && t.stems.every((x, k) => s[i + k] === x)) said.set(t.term, p.title);
    }
  return absent.flatMap((term) => {
    const title = said.get(term);
    return title === undefined ? [] : [{ term, title }];
  });
}
