/**
 * What ranked search (rank.ts) adds to the word index (search-data.ts), built at build time into
 * generated/catalog/search.json (scripts/build/catalog/rank-data.ts builds it) so a cold isolate copies
 * tables and never analyzes the catalog: the English stems of the catalog's words, each stem's
 * posting list, the thesaurus compiled to stems, and the technical terms. The tables are stored as the arrays a query
 * reads, numbers in JSON (search-data.ts says why): a first search runs no loop over the postings.
 */
import { stemOf } from "./analyze.ts";
import type { WordIndex } from "./search-data.ts";

export const RANK_FORMAT = 6;

/**
 * Longest phrase of the thesaurus, so of a synonyms key: the parser refuses longer ones, and ranked
 * search tries every length up to it at each query word.
 */
export const MAX_PHRASE_WORDS = 4;

/**
 * The key of a technical term or of a run of query words: the words as written but the last, which
 * is stemmed ("hash tables" is "hash table", "linked lists" "linked list", but "link list" is not).
 */
export const technicalKey = (words: readonly string[]) =>
  words.length === 0 ? "" : [...words.slice(0, -1), stemOf(words[words.length - 1])].join(" ");

export interface RankData {
  format: typeof RANK_FORMAT;
  /** Every distinct stem of the vocabulary, sorted by code unit, joined by "\n". */
  stems: string;
  /** As in RankIndex: each stem's posting list (a stem's document frequency is its length). */
  postStart: number[];
  postDoc: number[];
  postField: number[];
  /** As in RankIndex: each pattern's title stems. */
  titleStart: number[];
  titleStem: number[];
  /**
   * As in RankIndex: per stem, the patterns whose UX flows and interaction rules say it and their own
   * fields do not. Only the ranked tier reads them: the exact tier is the site's.
   */
  behaveStart: number[];
  behaveDoc: number[];
  /**
   * What a misspelt word may be corrected to, by length then code unit, joined by "\n": the words
   * of titles and tags (what patterns are called) and of the thesaurus. Descriptions are left out:
   * correcting toward their every word finds junk.
   */
  spellings: string;
  /**
   * Words of UI vocabulary no misspelt word is corrected toward, by code unit, joined by "\n": the
   * thesaurus's words under five letters ("hero", "uppy"), too easily one edit from another word
   * ("puppy"). They still say a query is about UI.
   */
  vocabulary: string;
  /**
   * The thesaurus compiled: a query phrase whose stems (joined by " ") are the i-th key also searches
   * for the targets of each of its rules (stems joined by " ", function words dropped). `keys` are
   * sorted by code unit and joined by "\n" (one string, not thousands of JSON values: a cold isolate
   * parses it in a fraction of the time), so a lookup is a binary search; key k's rules are
   * `ruleIds[ruleStart[k]..ruleStart[k+1]]`, indexes into `targets`. Rules that cannot find anything
   * are left out.
   */
  synonyms: { keys: string; ruleStart: number[]; ruleIds: number[]; targets: string[][] };
  /**
   * Technical terms that name something other than an interface (technical-terms.txt), as keys
   * (`technicalKey`), sorted by code unit and joined by "\n": the words of a query that form one
   * are read as that subject (concepts.ts), and such a query has no exact hits (exact.ts).
   */
  technical: string;
  /**
   * Interfaces the catalog does not carry (absent-interfaces.txt: "video call", "pie chart"), as
   * keys like `technical`'s: beside one, hits that all match only some of a query's words give way
   * to what the rest of it finds (rank.ts).
   */
  absent: string;
}

const NONE: readonly string[] = Object.freeze([]);

/** The index of `s` in `sorted` (by code unit), or -1. */
function indexOf(sorted: readonly string[], s: string): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = sorted[mid];
    if (at === s) return mid;
    if (at < s) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The decoded tables ranked search runs on. */
export interface RankIndex {
  /** The stems, sorted by code unit: a stem's id is its index. */
  stems: string[];
  /** The id of stem `s`, or -1 when no pattern holds it. */
  stemIdOf(s: string): number;
  /**
   * Stem s's posting list: the patterns holding one of its words are postDoc[postStart[s]..postStart[s+1]]
   * (ascending), each with the fields those words occur in, OR'd (postField). Both tiers read a
   * query word by its stem, so they read these rather than merge the lists of the stem's words.
   */
  postStart: Int32Array;
  postDoc: Int32Array;
  postField: Uint8Array;
  /** The patterns saying stem s only of how they behave: behaveDoc[behaveStart[s]..behaveStart[s+1]], ascending. */
  behaveStart: Int32Array;
  behaveDoc: Int32Array;
  /** Inverse document frequency per stem (BM25's), and the one of a word no pattern holds. */
  idf: Float64Array;
  idfUnknown: number;
  /** The least idf of a specific word: one held by at most 1% of the patterns (and at least 2). */
  idfSpecific: number;
  /** Per pattern, its number of distinct words over the average: BM25's length normalization. */
  relLength: Float64Array;
  /** Pattern d's title stems (its words but function words) are titleStem[titleStart[d]..titleStart[d+1]]. */
  titleStart: Int32Array;
  titleStem: Int32Array;
  /** The phrases a query phrase's stems (joined by " ") also search for, each as stems. */
  synonymsOf(key: string): readonly (readonly string[])[] | undefined;
  /** The spelling targets of `length` letters (see RankData.spellings). */
  spellings(length: number): readonly string[];
  /** Whether `w` is a word of UI vocabulary: a spelling target, or a short word of the thesaurus. */
  isVocabulary(w: string): boolean;
  /** The technical terms among normalized query words (see TechnicalTerms). */
  technicalAt(words: readonly string[]): TechnicalTerms;
  /**
   * The interfaces the catalog does not carry that normalized query words name, but those
   * overlapping the positions of a technical term (`technical`: "long polling" is not a poll).
   */
  absentAt(words: readonly string[], technical: ReadonlySet<number>): AbsentTerms | undefined;
}

/**
 * The technical terms among a query's words ("terraform", "helm chart", "shard key"): the positions
 * they cover and how many there are, the longest term first at each word.
 */
export interface TechnicalTerms {
  at: Set<number>;
  terms: number;
}

/**
 * The interfaces the catalog does not carry among a query's words: the first as the query says it,
 * and the positions of all.
 */
export interface AbsentTerms {
  named: string;
  at: Set<number>;
}

/** Decodes `data`; what only some queries need (the thesaurus's keys, the spellings) is read on first use. */
export function decodeRankData(data: RankData, ix: WordIndex, count: number): RankIndex {
  if (data?.format !== RANK_FORMAT) {
    throw new Error(`rank tables format ${data?.format} is not ${RANK_FORMAT}: rebuild the catalog`);
  }
  const stems = data.stems === "" ? [] : data.stems.split("\n");
  // Lists of lists must end where their last list does: what a table of another catalog would break.
  const ends = (start: number[], lists: number, items: number) => start.length === lists + 1 && start[lists] === items;
  const fits =
    ends(data.postStart, stems.length, data.postDoc.length) &&
    data.postField.length === data.postDoc.length &&
    ends(data.behaveStart, stems.length, data.behaveDoc.length) &&
    ends(data.titleStart, count, data.titleStem.length) &&
    // One start per thesaurus key and one past the last: the keys are split only when first looked up.
    data.synonyms.ruleStart.at(-1) === data.synonyms.ruleIds.length;
  if (!fits) throw new Error("rank tables are corrupt: rebuild the catalog");
  const postStart = new Int32Array(data.postStart);
  const idf = new Float64Array(stems.length);
  for (let s = 0; s < stems.length; s++) {
    const df = postStart[s + 1] - postStart[s];
    idf[s] = Math.log(1 + (count - df + 0.5) / (df + 0.5));
  }
  const relLength = new Float64Array(count);
  let words = 0;
  for (let d = 0; d < count; d++) words += ix.docWords[d];
  const average = count === 0 ? 1 : words / count;
  for (let d = 0; d < count; d++) relLength[d] = ix.docWords[d] / average;

  // The keys, split on the first lookup.
  let keys: string[] | undefined;
  const { ruleStart, ruleIds, targets } = data.synonyms;
  function synonymsOf(key: string): string[][] | undefined {
    keys ??= data.synonyms.keys === "" ? [] : data.synonyms.keys.split("\n");
    const at = indexOf(keys, key);
    if (at < 0) return undefined;
    const phrasesOf = (r: number) => targets[r].filter((t) => t !== key).map((t) => t.split(" "));
    const own = ruleIds.slice(ruleStart[at], ruleStart[at + 1]).flatMap(phrasesOf);
    return own.length ? own : undefined;
  }
  let byLength: Map<number, string[]> | undefined;
  function spellings(length: number): readonly string[] {
    if (!byLength) {
      byLength = new Map();
      for (const w of data.spellings === "" ? [] : data.spellings.split("\n")) {
        const list = byLength.get(w.length);
        if (list) list.push(w);
        else byLength.set(w.length, [w]);
      }
    }
    return byLength.get(length) ?? NONE;
  }
  let vocabulary: Set<string> | undefined;
  let technical: readonly string[] | undefined;
  let absent: readonly string[] | undefined;
  const specific = Math.max(2, Math.floor(count / 100));
  return {
    stems,
    stemIdOf: (s) => indexOf(stems, s),
    postStart,
    postDoc: new Int32Array(data.postDoc),
    postField: new Uint8Array(data.postField),
    behaveStart: new Int32Array(data.behaveStart),
    behaveDoc: new Int32Array(data.behaveDoc),
    idf,
    idfUnknown: Math.log(1 + (count + 0.5) / 0.5),
    idfSpecific: Math.log(1 + (count - specific + 0.5) / (specific + 0.5)),
    relLength,
    titleStart: new Int32Array(data.titleStart),
    titleStem: new Int32Array(data.titleStem),
    synonymsOf,
    spellings,
    isVocabulary(w) {
      vocabulary ??= new Set(data.vocabulary === "" ? [] : data.vocabulary.split("\n"));
      return vocabulary.has(w) || spellings(w.length).includes(w);
    },
    technicalAt(words) {
      const at = new Set<number>();
      let terms = 0;
      technical ??= data.technical === "" ? NONE : data.technical.split("\n");
      eachTerm(technical, words, (i, len) => {
        for (let k = i; k < i + len; k++) at.add(k);
        terms++;
      });
      return { at, terms };
    },
    absentAt(words, technical) {
      absent ??= data.absent === "" ? NONE : data.absent.split("\n");
      let found: AbsentTerms | undefined;
      eachTerm(absent, words, (i, len) => {
        for (let k = i; k < i + len; k++) if (technical.has(k)) return;
        found ??= { named: words.slice(i, i + len).join(" "), at: new Set() };
        for (let k = i; k < i + len; k++) found.at.add(k);
      });
      return found;
    },
  };
}

/**
 * Calls `found(i, len)` for each term of `terms` (sorted keys, `technicalKey`) among `words`, from
 * the first word on: at each word, the longest term starting there, then the word after it.
 */
function eachTerm(terms: readonly string[], words: readonly string[], found: (i: number, len: number) => void) {
  if (terms.length === 0) return;
  const stems = words.map(stemOf);
  for (let i = 0; i < words.length; ) {
    let len = Math.min(MAX_PHRASE_WORDS, words.length - i);
    const key = (n: number) => [...words.slice(i, i + n - 1), stems[i + n - 1]].join(" ");
    while (len > 0 && indexOf(terms, key(len)) < 0) len--;
    if (len > 0) found(i, len);
    i += Math.max(1, len);
  }
}
