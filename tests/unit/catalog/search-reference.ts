/**
 * The exact tier written as a plain linear scan over each pattern's words, the reference the
 * equivalence tests compare the index against (src/catalog/exact.ts). It reads the same definitions
 * (normalize, English stems, function words, derivational suffixes) and nothing else of the index.
 * Change it only together with the semantics of src/catalog/exact.ts.
 *
 * Every query word is a whole word of the pattern's title, description, tags, type or slug, by stem,
 * or two neighbours are one word of the catalog ("drop down" and "dropdown"); a query of function
 * words alone finds nothing, nor one naming a technical term, an empty one everything. Ranked with
 * the site's weights, the title's share of the query's words counting where the title does not hold
 * them all; ties by catalog number.
 */
import { FUNCTION_WORDS, STOPWORDS, SUFFIXES, stemOf } from "../../../src/catalog/analyze.ts";
import { normalize, wordsOf } from "../../../src/catalog/normalize.ts";
import { technicalKey } from "../../../src/catalog/rank-data.ts";
import type { Entry } from "../../../src/catalog/schema.ts";

/** The site's topbar weights (docs/catalog.md, "The exact tier's ranking"). */
export const WEIGHTS = {
  exactTitle: 100,
  titlePrefix: 50,
  titleContains: 25,
  tagExact: 30,
  tagContains: 15,
  description: 10,
} as const;

interface Doc {
  entry: Entry;
  title: string;
  /** Stems of the title's words, in order; of its words but function words and request words, as a set. */
  titleStems: string[];
  titleContent: Set<string>;
  /** Stems of single-word tags, of every tag word, of the description's words, of every word. */
  wholeTags: Set<string>;
  tagStems: Set<string>;
  descriptionStems: Set<string>;
  all: Set<string>;
  /** Type, slug section, tags and UI categories, for the category filter. */
  categories: Set<string>;
}

export interface SearchIndex {
  /** Ranked matches; `filter` keeps only entries for which it returns true. */
  search(query: string, opts?: { category?: string; filter?: (e: Entry) => boolean }): Entry[];
  /** Entries in a category (type, slug section, tag or UI category), in catalog order. */
  inCategory(category: string): Entry[];
}

export const slugSection = (slug: string) => slug.split("/")[1] ?? "";
const stems = (text: string) => wordsOf(text).map(stemOf);

function toDoc(entry: Entry): Doc {
  const title = normalize(entry.title);
  const tags = entry.tags.map(normalize);
  const description = normalize(entry.description);
  const titleStems = stems(title);
  const titleContent = new Set(
    wordsOf(title)
      .filter((w) => !STOPWORDS.has(w))
      .map(stemOf),
  );
  const wholeTags = new Set(tags.filter((t) => t !== "" && !t.includes(" ")).map(stemOf));
  const tagStems = new Set(tags.flatMap(stems));
  const descriptionStems = new Set(stems(description));
  const rest = [...stems(normalize(entry.type)), ...stems(normalize(entry.slug))];
  const all = new Set([...titleStems, ...tagStems, ...descriptionStems, ...rest]);
  const section = slugSection(entry.slug);
  const categories = new Set([entry.type, normalize(section), ...tags, ...(entry.uiCategories ?? []).map(normalize)]);
  return { entry, title, titleStems, titleContent, wholeTags, tagStems, descriptionStems, all, categories };
}

/** Whether a title stem `t` derives from the query stem `s` or `s` from it, by one English suffix. */
const derives = (s: string, t: string) =>
  SUFFIXES.some((x) => (s.length >= 4 && t === s + x) || (t.length >= 4 && s === t + x));

/** The readings of the query's words: the terms each requires, and the phrase the title is compared with. */
function readings(
  words: string[],
  known: Set<string>,
  technical: Set<string>,
): { terms: string[]; phrase: string[] }[] {
  if (words.every((w) => FUNCTION_WORDS.has(w))) return [];
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= 4 && i + n <= words.length; n++)
      if (technical.has(technicalKey(words.slice(i, i + n)))) return [];
  }
  const seen = new Set<string>();
  const req: { w: string; i: number }[] = [];
  words.forEach((w, i) => {
    if (!seen.has(stemOf(w))) req.push({ w, i });
    seen.add(stemOf(w));
  });
  const joins: number[] = [];
  for (let j = 0; j + 1 < req.length && joins.length < 2; j++) {
    if (req[j + 1].i === req[j].i + 1 && known.has(stemOf(req[j].w + req[j + 1].w))) joins.push(j++);
  }
  const out: { terms: string[]; phrase: string[] }[] = [];
  for (let mask = 0; mask < 1 << joins.length; mask++) {
    const joined = joins.filter((_, b) => mask & (1 << b));
    const terms: string[] = [];
    const phrase: string[] = [];
    let at = 0;
    for (let j = 0; j < req.length; j++) {
      const join = joined.includes(j);
      const w = join ? req[j].w + req[j + 1].w : req[j].w;
      terms.push(w);
      while (at < req[j].i) phrase.push(words[at++]);
      phrase.push(w);
      at += join ? 2 : 1;
      if (join) j++;
    }
    while (at < words.length) phrase.push(words[at++]);
    out.push({ terms, phrase });
  }
  return out;
}

function score(doc: Doc, terms: string[], phrase: string[]): { exact: boolean; score: number } {
  let s = 0;
  let held = 0;
  for (const t of terms.map(stemOf)) {
    if (doc.wholeTags.has(t)) s += WEIGHTS.tagExact;
    else if (doc.tagStems.has(t)) s += WEIGHTS.tagContains;
    if (doc.descriptionStems.has(t)) s += WEIGHTS.description;
    if (doc.titleStems.includes(t) || [...doc.titleContent].some((c) => derives(t, c))) held++;
  }
  if (held < terms.length)
    return { exact: false, score: s + Math.floor((WEIGHTS.titleContains * held) / terms.length) };
  const p = phrase.join(" ");
  if (doc.title === p || doc.titleStems.join(" ") === phrase.map(stemOf).join(" "))
    return { exact: true, score: s + WEIGHTS.exactTitle };
  return { exact: false, score: s + (doc.title.startsWith(`${p} `) ? WEIGHTS.titlePrefix : WEIGHTS.titleContains) };
}

/** The linear search over `entries`, with the `technical` terms (normalized words). */
export function createLinearSearch(entries: readonly Entry[], technical: readonly string[][] = []): SearchIndex {
  const docs = entries.map(toDoc).sort((a, b) => a.entry.catalogNumber - b.entry.catalogNumber);
  const known = new Set(docs.flatMap((d) => [...d.all]));
  const terms = new Set(technical.map(technicalKey));
  const inCat = (doc: Doc, category: string) => doc.categories.has(category);

  return {
    search(query, opts = {}) {
      const words = wordsOf(normalize(query));
      const category = opts.category === undefined ? undefined : normalize(opts.category);
      const inScope = docs.filter(
        (d) => (category === undefined || inCat(d, category)) && (!opts.filter || opts.filter(d.entry)),
      );
      if (words.length === 0) {
        return [...inScope.filter((d) => d.title === ""), ...inScope.filter((d) => d.title !== "")].map((d) => d.entry);
      }
      const all = readings(words, known, terms);
      const most = Math.max(0, ...all.map((r) => r.terms.length));
      const best = WEIGHTS.exactTitle + most * (WEIGHTS.tagExact + WEIGHTS.description);
      const hits: { doc: Doc; key: number }[] = [];
      for (const doc of inScope) {
        let key = -1;
        for (const r of all) {
          if (!r.terms.every((t) => doc.all.has(stemOf(t)))) continue;
          const s = score(doc, r.terms, r.phrase);
          key = Math.max(key, s.exact ? best + 1 + s.score : s.score);
        }
        if (key >= 0) hits.push({ doc, key });
      }
      // Highest key first; then catalog number (docs are pre-sorted, sort is stable).
      hits.sort((a, b) => b.key - a.key);
      return hits.map((h) => h.doc.entry);
    },
    inCategory(category) {
      const c = normalize(category);
      return docs.filter((d) => inCat(d, c)).map((d) => d.entry);
    },
  };
}
