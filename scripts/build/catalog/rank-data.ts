/**
 * Builds the ranked tier's tables (src/catalog/rank-data.ts, which reads them) from the word index's
 * vocabulary, the thesaurus's rules and the technical terms.
 */
import { STOPWORDS, stemOf } from "../../../src/catalog/analyze.ts";
import { wordsOf } from "../../../src/catalog/normalize.ts";
import { RANK_FORMAT, type RankData, technicalKey } from "../../../src/catalog/rank-data.ts";
import type { TechnicalTerm } from "./technical.ts";
import type { SynonymRule } from "./thesaurus.ts";
import { encodeVarints } from "./varint.ts";

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The stems of a phrase's words, joined by " " (the key form of the synonyms table). */
const stemKey = (words: readonly string[]) => words.map(stemOf).join(" ");

/** The least length of a word worth correcting, and of a correction (src/catalog/typos.ts maxEdits gives 0 below). */
const SPELLING_MIN = 4;
/** The least length of a word only the thesaurus holds that a typo is corrected toward. */
const THESAURUS_SPELLING_MIN = 5;

/**
 * `words` in vocabulary order, `docsOf(k)` the patterns word k occurs in, `named(k)` whether it is
 * a word of some title or tag, and the patterns' normalized titles in search order. `described[d]`
 * is pattern d's normalized words of how it behaves (its UX flows and interaction rules), for the
 * ranked tier alone.
 */
export function buildRankData(
  words: readonly string[],
  docsOf: (k: number) => Iterable<number>,
  named: (k: number) => boolean,
  titles: readonly string[],
  rules: readonly SynonymRule[],
  technical: readonly TechnicalTerm[] = [],
  described: readonly (readonly string[])[] = [],
): RankData {
  const wordStem = words.map(stemOf);
  // The content words of how a pattern behaves, by stem: only stems its own fields lack, and only
  // stems of the vocabulary, so that which query words the catalog can read, and their idf, stay
  // those of what patterns are (a word said only of behaviour reads as a word no pattern uses).
  const own = titles.map(() => new Set<string>());
  const behaviour = titles.map((_, d) =>
    (described[d] ?? []).filter((w) => !STOPWORDS.has(w) && /^[a-z]+$/.test(w)).map(stemOf),
  );
  const stems = [...new Set(wordStem)].sort(byCodeUnit);
  const id = new Map(stems.map((s, i) => [s, i]));
  const docs = stems.map(() => new Set<number>());
  wordStem.forEach((s, k) => {
    for (const d of docsOf(k)) {
      docs[id.get(s)!].add(d);
      own[d]?.add(s);
    }
  });
  const behaves = behaviour.map((ws, d) => [
    ...new Set(ws.filter((s) => id.has(s) && !own[d].has(s)).map((s) => id.get(s)!)),
  ]);

  const ruleTargets: string[][] = [];
  const keyRules = new Map<string, number[]>();
  for (const rule of rules) {
    const targets = [
      ...new Set(
        rule.to
          .map((p) => p.filter((w) => !STOPWORDS.has(w)))
          .filter((p) => p.length > 0 && p.some((w) => id.has(stemOf(w))))
          .map(stemKey),
      ),
    ];
    // A phrase is looked up as typed and, when function words sit inside it, by its content
    // words alone ("close my account" holds "close account"), if two or more remain.
    const keys = new Set<string>();
    for (const from of rule.from) {
      const content = from.filter((w) => !STOPWORDS.has(w));
      keys.add(stemKey(from));
      if (content.length >= 2) keys.add(stemKey(content));
    }
    // An equivalence group's keys are its targets too: a key never searches for itself.
    if (!targets.some((t) => [...keys].some((k) => k !== t))) continue;
    for (const k of keys) keyRules.set(k, [...(keyRules.get(k) ?? []), ruleTargets.length]);
    ruleTargets.push(targets);
  }
  const sortedKeys = [...keyRules.keys()].sort(byCodeUnit);
  const synonyms = {
    keys: sortedKeys.join("\n"),
    rules: encodeVarints(sortedKeys.flatMap((k) => [keyRules.get(k)!.length, ...keyRules.get(k)!])),
    targets: ruleTargets,
  };
  const titleStems = titles.flatMap((t) => {
    const own = [
      ...new Set(
        wordsOf(t)
          .filter((w) => !STOPWORDS.has(w))
          .map((w) => id.get(stemOf(w))!),
      ),
    ];
    return [own.length, ...own];
  });
  const spellings = new Set(words.filter((_, k) => named(k)));
  const vocabulary = new Set<string>();
  for (const rule of rules) {
    for (const p of [...rule.from, ...rule.to]) {
      for (const w of p) (w.length >= THESAURUS_SPELLING_MIN ? spellings : vocabulary).add(w);
    }
  }
  const spelling = [...spellings]
    .filter((w) => w.length >= SPELLING_MIN && /^[a-z]+$/.test(w))
    .sort((a, b) => a.length - b.length || byCodeUnit(a, b));
  const short = [...vocabulary].filter((w) => !spellings.has(w) && /^[a-z0-9]+$/.test(w)).sort(byCodeUnit);
  return {
    format: RANK_FORMAT,
    technical: technicalKeys(technical),
    stems: stems.join("\n"),
    wordStems: encodeVarints(wordStem.map((s) => id.get(s)!)),
    df: encodeVarints(docs.map((s) => s.size)),
    titleStems: encodeVarints(titleStems),
    described: encodeVarints(behaves.flatMap((ids) => [ids.length, ...deltas(ids.sort((a, b) => a - b))])),
    spellings: spelling.join("\n"),
    vocabulary: short.join("\n"),
    synonyms,
  };
}

/** Ascending `ids` as the first and the gaps after it. */
const deltas = (ids: readonly number[]) => ids.map((s, i) => (i === 0 ? s : s - ids[i - 1]));

/** The technical terms' keys (`technicalKey`), sorted and joined by "\n". */
const technicalKeys = (terms: readonly TechnicalTerm[]) =>
  [...new Set(terms.map((t) => technicalKey(t.words)))].sort(byCodeUnit).join("\n");
