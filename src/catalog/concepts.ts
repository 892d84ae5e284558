/**
 * Reading a query for ranked search (rank.ts): each content word of the query (function words
 * dropped) is a concept, read in several ways, its alternatives:
 * - what was typed, by English stem ("notifications" finds "notification"), and the stem's
 *   derivations ("comparison" finds "compare");
 * - what the thesaurus says it also means ("popup" also searches "modal" and "dialog"); a phrase of
 *   the thesaurus ("command launcher", "drawer from the bottom") reads all the words it spans, also
 *   over words split or corrected ("reciept scanner");
 * - for a word the catalog does not hold, its split ("datepicker" is "date picker", "darkmode" "dark
 *   mode"), its base ("reupload" is "upload"), or else its spelling corrections ("accordian" is
 *   "accordion"); two words the catalog writes as one ("drop down") read as that word;
 * - a technical term ("terraform", "helm chart", technical-terms.txt) as a subject the catalog
 *   cannot read, never as its words.
 * Each concept weighs its word's idf (rare words say most), and says whether the catalog can read it.
 * The guesses at a word live in guesses.ts, the thesaurus's phrases in phrases.ts; each query is read
 * afresh, nothing is kept from one to the next.
 */
import { STOPWORDS, stemOf } from "./analyze.ts";
import { type Correction, corrections, derivations, inTitles, splitStems } from "./guesses.ts";
import { type FoundPhrase, phrasesAround, thesaurusPhrases } from "./phrases.ts";
import type { RankIndex, TechnicalTerms } from "./rank-data.ts";

/** How much an alternative counts against what was typed. */
const CONFIDENCE = { typed: 1, derived: 0.8, split: 0.9, synonym: 0.85, oneEdit: 0.8, twoEdits: 0.65 } as const;
/** Words after a product a query compares with ("amazon style"), and before one ("like notion", "from trello"). */
const STYLE_MARKERS: ReadonlySet<string> = new Set(["style", "styled", "esque", "inspired"]);
const LIKE_MARKERS: ReadonlySet<string> = new Set(["like", "unlike"]);
const FROM = "from";

/**
 * What normalizing leaves of English contractions and the possessive after a word ("they're",
 * "don't", "the user's place"). They say nothing of which pattern is meant, yet the catalog's own
 * prose ("don't", "you're") gives them an idf: "t" found User Menu for "controls greyed out because
 * you don't have admin rights", and "re" weighs as a rare word.
 */
const CLITICS: ReadonlySet<string> = new Set(["s", "t", "re", "ve", "ll", "d", "m"]);

/**
 * What an alternative reads: the word typed, a synonym, or a guess (a correction, a split, a
 * derivation of an unknown word).
 */
export const KIND = { typed: 0, synonym: 1, corrected: 2 } as const;
export type Kind = (typeof KIND)[keyof typeof KIND];

/** One way to read a concept: stems that must all occur (-1: a stem the catalog does not hold). */
export interface Alternative {
  stems: number[];
  /** Sum of the stems' idf, unknown ones at idfUnknown: what full credit means. */
  idf: number;
  confidence: number;
  kind: Kind;
  /** Read through the thesaurus: a synonym of the word, of its correction or of its split. */
  thesaurus: boolean;
  /** The share of its score this concept gets: a phrase spanning k concepts gives each 1/k. */
  part: number;
}

export interface Concept {
  weight: number;
  /** Whether the catalog can read it: its stem, a synonym, a split or a correction is known. */
  readable: boolean;
  alternatives: Alternative[];
}

/** Reads a normalized query's words into concepts, over the catalog's stem table and its titles (joined by "\n"). */
export function createConceptReader(rk: RankIndex, titles: string) {
  const idfOf = (s: number) => (s < 0 ? rk.idfUnknown : rk.idf[s]);
  const has = (s: string) => rk.stemIdOf(s) >= 0;

  const alternative = (
    stems: readonly string[],
    confidence: number,
    kind: Kind,
    part = 1,
    thesaurus: boolean = kind === KIND.synonym,
  ): Alternative => {
    const ids = stems.map(rk.stemIdOf);
    return { stems: ids, idf: ids.reduce((n, s) => n + idfOf(s), 0), confidence, kind, part, thesaurus };
  };
  const allKnown = (a: Alternative) => a.stems.every((s) => s >= 0);
  /** A concept of its own that the catalog cannot read: a technical term, or a phrase of function words. */
  const opaque = (): Concept => ({ weight: 0, readable: false, alternatives: [alternative([""], 0, KIND.typed)] });

  /**
   * One content word's concept, by its stem `s`, without spelling corrections: typed, its synonyms,
   * its derivations; a word the catalog does not use may be a run-together pair (`split`, its stems).
   * It weighs the idf of its best reading: the typed word's, else its best known alternative's,
   * else that of a word no pattern uses (the most: an unreadable word says the query is elsewhere).
   */
  function wordConcept(s: string, split: string[] | undefined): Concept {
    const typed = alternative([s], CONFIDENCE.typed, KIND.typed);
    const isKnown = allKnown(typed);
    const synonyms = (rk.synonymsOf(s) ?? []).map((t) => alternative(t, CONFIDENCE.synonym, KIND.synonym));
    const alternatives = [typed, ...synonyms];
    // A derivation of a word the catalog uses is that word; of one it does not, a near guess.
    const derivedKind = isKnown ? KIND.typed : KIND.corrected;
    for (const other of derivations(rk, s)) alternatives.push(alternative([other], CONFIDENCE.derived, derivedKind));
    if (!isKnown && alternatives.length === 1 && split) {
      alternatives.push(alternative(split, CONFIDENCE.split, KIND.corrected));
      for (const t of rk.synonymsOf(split.join(" ")) ?? []) {
        alternatives.push(alternative(t, CONFIDENCE.synonym, KIND.corrected, 1, true));
      }
    }
    return { weight: 0, readable: false, alternatives };
  }

  /**
   * A concept's weight and readability from its alternatives (the first is what was typed). A word
   * the catalog uses weighs its idf; one it reads through the thesaurus (its synonym, or its
   * correction's or split's) weighs as much as an unknown word (a specialist's term: "2fa", "cta",
   * "refferal"); one it can only guess at (a derivation, a split, a spelling correction) weighs
   * what the best guess does; one it cannot read at all, the most.
   */
  function settle(c: Concept): Concept {
    const readings = c.alternatives.filter(allKnown);
    c.readable = readings.length > 0;
    if (readings[0] === c.alternatives[0]) c.weight = readings[0].idf;
    else if (readings.length === 0 || readings.some((a) => a.thesaurus)) c.weight = rk.idfUnknown;
    else c.weight = Math.max(...readings.map((a) => a.idf / a.stems.length));
    return c;
  }

  /** The alternatives of a spelling correction, and of their synonyms. */
  function corrected({ stems, edits }: Correction): Alternative[] {
    const confidence = edits === 1 ? CONFIDENCE.oneEdit : CONFIDENCE.twoEdits;
    return stems.flatMap((f) => {
      const asSynonym = (t: readonly string[]) =>
        alternative(t, confidence * CONFIDENCE.synonym, KIND.corrected, 1, true);
      const synonyms = (rk.synonymsOf(f) ?? []).map(asSynonym);
      return [alternative([f], confidence, KIND.corrected), ...synonyms];
    });
  }

  /**
   * Positions of the products a query names for comparison or as a source, not as what it asks
   * for: up to two words before "style" ("amazon style filters", "google docs style share dialog",
   * "ios style toggle"), with the marker, and after "like" or "from" ("slash commands like notion",
   * "like in vs code", "import data from trello"). A word of some title is never one ("card style
   * list" asks for cards, "drawer from the bottom" for a bottom sheet). `stems` are the words' stems.
   */
  function comparedTo(words: string[], stems: string[]): Set<number> {
    const out = new Set<number>();
    const product = (j: number) =>
      j >= 0 && j < words.length && !STOPWORDS.has(words[j]) && !inTitles(titles, words[j]);
    // After "from", a product only if no pattern uses the word: "from the bottom" is a direction.
    const source = (j: number) => product(j) && !has(stems[j]);
    for (let i = 0; i < words.length; i++) {
      if (STYLE_MARKERS.has(words[i]) && product(i - 1)) {
        out.add(i).add(i - 1);
        if (product(i - 2)) out.add(i - 2);
      } else if (LIKE_MARKERS.has(words[i]) || words[i] === FROM) {
        const is = words[i] === FROM ? source : product;
        let j = i + 1;
        while (j < words.length && STOPWORDS.has(words[j]) && !LIKE_MARKERS.has(words[j]) && words[j] !== FROM) j++;
        for (let k = 0; k < 2 && is(j); k++, j++) out.add(j);
      }
    }
    return out;
  }

  /**
   * The concepts of a normalized query's words: one per content word (but products named for
   * comparison), plus what phrases add to the words they span. A thesaurus phrase is looked up over
   * the words as typed ("sign in", "are you sure"), over the content words alone ("close my account"
   * holds "close account"), and over a word split or corrected; spelling comes last, but for the
   * words at the positions `uncorrected()` gives.
   */
  return function concepts(
    words: string[],
    technical: TechnicalTerms,
    context = false,
    uncorrected: () => ReadonlySet<number> | undefined = () => undefined,
  ): Concept[] {
    const typed = words.map(stemOf);
    // Numbers say little about which pattern is meant ("6 digits", "v3", "over 18"), unless the
    // catalog or the thesaurus knows them ("2fa", "404"); nor do contractions' tails (CLITICS).
    const says = (w: string, i: number) =>
      !STOPWORDS.has(w) && !(i > 0 && CLITICS.has(w)) && (!/\d/.test(w) || has(typed[i]) || rk.synonymsOf(typed[i]));
    const named = comparedTo(words, typed);
    // A technical term's words name another subject, and are read as nothing else: no stem,
    // synonym, phrase or correction ("helm" is not "help", nor "chart" in "helm chart" a chart).
    // The term is one concept the catalog cannot read, weighing as a word no pattern uses.
    // In a query asking for an interface the terms are its context, not its subject, and weigh nothing.
    const other: Concept[] = Array.from({ length: context ? 0 : technical.terms }, opaque);
    const content = words
      .map((w, i) => ({ w, i }))
      .filter(({ w, i }) => says(w, i) && !named.has(i) && !technical.at.has(i));
    // A word the catalog does not use may be two run together: read for its concept and again for phrases.
    const unknown = content.filter(({ i }) => !has(typed[i]));
    const splits = new Map(unknown.map(({ w, i }) => [i, splitStems(rk, titles, w)]));
    const concept = new Map(content.map(({ i }) => [i, wordConcept(typed[i], splits.get(i))]));
    const spans = new Set<string>();
    /** Adds `alternatives(k)` to every concept among word positions `at`, each with 1/k of the score. */
    const spanning = (at: number[], make: (part: number) => Alternative[]) => {
      if (at.some((i) => technical.at.has(i))) return;
      // A phrase of function words and numbers only ("are you over 18") is a concept of its own,
      // read through the thesaurus alone.
      if (!at.some((i) => concept.has(i))) concept.set(at[0], opaque());
      const own = at.filter((i) => concept.has(i));
      const id = own.join(",");
      if (spans.has(id)) return;
      spans.add(id);
      for (const i of own) concept.get(i)!.alternatives.push(...make(1 / own.length));
    };
    /** The thesaurus's phrases over `stems`; read over a split, corrected or synonym word, each counts `confidence`. */
    const readFound = (found: FoundPhrase[], confidence: number, kind: Kind) => {
      const conf = CONFIDENCE.synonym * confidence;
      for (const { at, targets } of found)
        spanning(at, (part) => targets.map((t) => alternative(t, conf, kind, part, true)));
    };
    const readPhrases = (stems: string[], confidence = 1, when?: (at: number[]) => boolean) =>
      readFound(
        thesaurusPhrases(rk, words.length, content, stems, when),
        confidence,
        confidence === 1 ? KIND.synonym : KIND.corrected,
      );
    readPhrases(typed);
    // A phrase of the thesaurus as typed, over a word's one-word synonym: "written by gpt" is
    // "written by ai". Only a run of words as typed: read over skipped or reversed words, a synonym
    // finds phrases the request does not say ("account from an unfamiliar phone" is no "new account").
    for (const { i } of content) {
      for (const t of rk.synonymsOf(typed[i]) ?? []) {
        if (t.length !== 1) continue;
        const stems = typed.slice();
        stems[i] = t[0];
        readFound(phrasesAround(rk, words.length, stems, i), CONFIDENCE.synonym, KIND.synonym);
      }
    }
    for (let j = 0; j + 1 < content.length; j++) {
      // "drop down" for "dropdown": two words the catalog writes as one.
      const [a, b] = [content[j], content[j + 1]];
      if (b.i !== a.i + 1) continue;
      const joined = stemOf(a.w + b.w);
      if (has(joined)) spanning([a.i, b.i], (part) => [alternative([joined], CONFIDENCE.typed, KIND.typed, part)]);
    }
    // Spelling last, for words nothing else could read, and only when they are few: a query with
    // several words no pattern uses is most likely about something else, and correcting them would
    // turn "contract" into "contact" and "ratio" into "radio". A typo is one word of a few. Words of
    // UI vocabulary (a title, a tag, the thesaurus) that no pattern reads alone do not count against
    // it: "hero" in "carousle for hero images" says the query is about UI.
    const unreadable = content.filter(({ i }) => !concept.get(i)!.alternatives.some(allKnown));
    const foreign = unreadable.filter(({ w }) => !rk.isVocabulary(w)).length + technical.terms;
    const correcting = foreign <= Math.max(1, Math.floor((content.length + technical.terms) / 3));
    // Nor is a word of an interface the catalog does not carry ("compass" is not "composer"): looked
    // up only when a word would be corrected.
    const kept = correcting && unreadable.length > 0 ? uncorrected() : undefined;
    const correctable = kept ? unreadable.filter(({ i }) => !kept.has(i)) : unreadable;
    // A misspelt word is corrected for its concept and again for phrases: its corrections, once.
    const fixes = new Map<string, Correction>();
    const fix = (w: string) => fixes.get(w) ?? fixes.set(w, corrections(rk, w)).get(w)!;
    if (correcting) for (const { w, i } of correctable) concept.get(i)!.alternatives.push(...corrected(fix(w)));
    // The thesaurus's phrases again, over the words as split or corrected: "darkmode toggle" is
    // "dark mode toggle", "reciept scanner" "receipt scanner", "ios toogle" "ios toggle" (of its
    // corrections, google and toggle, the one a phrase holds).
    const misspelt = new Set(correctable.map(({ i }) => i));
    for (const { w, i } of unknown) {
      const split = splits.get(i);
      const readings = split ? [split.join(" ")] : correcting && misspelt.has(i) ? fix(w).stems : [];
      for (const reading of readings) {
        const stems = typed.slice();
        stems[i] = reading;
        readPhrases(stems, CONFIDENCE.twoEdits, (at) => at.includes(i));
      }
    }
    return [...concept.values(), ...other].map(settle);
  };
}
