/**
 * Builds the ranked tier's tables (src/catalog/rank-data.ts, which reads them) from the word index's
 * vocabulary, the thesaurus's rules and the technical terms.
 */
import { STOPWORDS } from "../../../src/catalog/analyze.ts";
import { wordsOf } from "../../../src/catalog/normalize.ts";
import { RANK_FORMAT, type RankData, technicalKey } from "../../../src/catalog/rank-data.ts";
import { NAMED } from "../../../src/catalog/search-data.ts";
import type { TechnicalTerm } from "./technical.ts";
import { stemOf } from "./stem.ts";
import type { SynonymRule } from "./thesaurus.ts";

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The stems of a phrase's words, joined by " " (the key form of the synonyms table). */
const stemKey = (words: readonly string[]) => words.map(stemOf).join(" ");

/** The least length of a word worth correcting, and of a correction (src/catalog/typos.ts maxEdits gives 0 below). */
const SPELLING_MIN = 4;
/** The least length of a word only the thesaurus holds that a typo is corrected toward. */
const THESAURUS_SPELLING_MIN = 5;

/**
 * `perDoc[d]` pattern d's words with the fields they occur in (search-data.ts `patternWords`), and
 * the patterns' normalized titles, both in search order. `described[d]` is pattern d's normalized
 * words of how it behaves (its UX flows and interaction rules), for the ranked tier alone.
 */
export function buildRankData(
  perDoc: readonly ReadonlyMap<string, number>[],
  titles: readonly string[],
  rules: readonly SynonymRule[],
  { technical = [], absent = [] }: { technical?: readonly TechnicalTerm[]; absent?: readonly TechnicalTerm[] } = {},
  described: readonly (readonly string[])[] = [],
): RankData {
  const stemOfWord = new Map<string, string>();
  for (const m of perDoc) for (const w of m.keys()) if (!stemOfWord.has(w)) stemOfWord.set(w, stemOf(w));
  // The content words of how a pattern behaves, by stem: only stems its own fields lack, and only
  // stems of the vocabulary, so that which query words the catalog can read, and their idf, stay
  // those of what patterns are (a word said only of behaviour reads as a word no pattern uses).
  const own = titles.map(() => new Set<string>());
  const behaviour = titles.map((_, d) =>
    (described[d] ?? []).filter((w) => !STOPWORDS.has(w) && /^[a-z]+$/.test(w)).map(stemOf),
  );
  const stems = [...new Set(stemOfWord.values())].sort(byCodeUnit);
  const id = new Map(stems.map((s, i) => [s, i]));
  // Each stem's posting list: a pattern once, ascending, with the fields of all its words of that stem.
  const byStem = stems.map(() => new Map<number, number>());
  perDoc.forEach((m, d) => {
    for (const [w, f] of m) {
      const s = stemOfWord.get(w)!;
      own[d].add(s);
      const list = byStem[id.get(s)!];
      list.set(d, (list.get(d) ?? 0) | f);
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
    for (const k of keys) {
      const list = keyRules.get(k);
      if (list) list.push(ruleTargets.length);
      else keyRules.set(k, [ruleTargets.length]);
    }
    ruleTargets.push(targets);
  }
  const sortedKeys = [...keyRules.keys()].sort(byCodeUnit);
  const rulesOf = lists(sortedKeys.map((k) => keyRules.get(k)!));
  const synonyms = {
    keys: sortedKeys.join("\n"),
    ruleStart: rulesOf.start,
    ruleIds: rulesOf.items,
    targets: ruleTargets,
  };
  const titleStems = titles.map((t) => [
    ...new Set(
      wordsOf(t)
        .filter((w) => !STOPWORDS.has(w))
        .map((w) => id.get(stemOf(w))!),
    ),
  ]);
  const spellings = new Set<string>();
  for (const m of perDoc) for (const [w, f] of m) if (f & NAMED) spellings.add(w);
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
  const postings = lists(byStem.map((m) => [...m.keys()]));
  // Per stem, the patterns whose behaviour says it, ascending.
  const behaveDocs = stems.map(() => [] as number[]);
  behaves.forEach((ids, d) => {
    for (const s of ids) behaveDocs[s].push(d);
  });
  const behave = lists(behaveDocs);
  const title = lists(titleStems);
  return {
    format: RANK_FORMAT,
    technical: termKeys(technical),
    absent: termKeys(absent),
    stems: stems.join("\n"),
    postStart: postings.start,
    postDoc: postings.items,
    postField: byStem.flatMap((m) => [...m.values()]),
    titleStart: title.start,
    titleStem: title.items,
    behaveStart: behave.start,
    behaveDoc: behave.items,
    spellings: spelling.join("\n"),
    vocabulary: short.join("\n"),
    synonyms,
  };
}

/** Lists of numbers as one array and where each list starts in it (with the end after the last). */
function lists(of: readonly (readonly number[])[]) {
  const start = [0];
  const items: number[] = [];
  for (const list of of) {
    items.push(...list);
    start.push(items.length);
  }
  return { start, items };
}

/** A term list's keys (`technicalKey`), sorted and joined by "\n". */
const termKeys = (terms: readonly TechnicalTerm[]) =>
  [...new Set(terms.map((t) => technicalKey(t.words)))].sort(byCodeUnit).join("\n");
