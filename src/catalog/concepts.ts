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
 */
import { STOPWORDS, SUFFIXES, stemOf as stem } from "./analyze.ts";
import { MAX_PHRASE_WORDS, type RankIndex } from "./rank-data.ts";
import { editDistance, maxEdits } from "./typos.ts";

/** How much an alternative counts against what was typed. */
const CONFIDENCE = { typed: 1, derived: 0.8, split: 0.9, synonym: 0.85, oneEdit: 0.8, twoEdits: 0.65 } as const;
/** The shortest stem whose derivations are looked up ("edit" has none: too many words start so). */
const DERIVED_PREFIX = 5;
/** The prefix of doing again, and the shortest base it is read off ("redo" stays "redo"). */
const REPEAT = "re";
const REPEAT_BASE = 4;
/** Words after a product a query compares with ("amazon style"), and before one ("like notion", "from trello"). */
const STYLE_MARKERS: ReadonlySet<string> = new Set(["style", "styled", "esque", "inspired"]);
const LIKE_MARKERS: ReadonlySet<string> = new Set(["like", "unlike"]);
const FROM = "from";

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

/** Reads a normalized query's words into concepts, with the caches that reading keeps (stems, corrections). */
export function createConceptReader(rk: RankIndex, titles: string) {
  /** Whether some title holds `words` (normalized, space-separated) as whole words. */
  const edge = (c: string | undefined) => c === undefined || c === " " || c === "\n";
  const inTitles = (words: string) => {
    for (let at = titles.indexOf(words); at !== -1; at = titles.indexOf(words, at + 1)) {
      const [before, after] = [titles[at - 1], titles[at + words.length]];
      if (edge(before) && edge(after)) return true;
    }
    return false;
  };
  // A query's words are stemmed several times over (lookups, phrases, splits): each once.
  const stems = new Map<string, string>();
  const stemOf = (w: string) => {
    let s = stems.get(w);
    if (s === undefined) {
      if (stems.size >= 4096) stems.clear();
      stems.set(w, (s = stem(w)));
    }
    return s;
  };
  const idfOf = (s: number) => (s < 0 ? rk.idfUnknown : rk.idf[s]);
  const has = (s: string) => rk.stemIdOf(s) >= 0;
  const known = (w: string) => has(stemOf(w));

  /** The nearest spelling targets of `w` (all at the least distance, at most 4), with that distance. */
  const corrections = new Map<string, { words: string[]; edits: number }>();
  function correct(w: string) {
    let c = corrections.get(w);
    if (c) return c;
    const max = maxEdits(w.length);
    let best = max + 1;
    let words: string[] = [];
    for (let len = w.length - max; len <= w.length + max; len++) {
      for (const t of rk.spellings(len)) {
        const d = editDistance(w, t, Math.min(max, best));
        if (d < best) {
          best = d;
          words = [t];
        } else if (d === best && d <= max && words.length < 4) words.push(t);
      }
    }
    c = { words: best <= max ? words : [], edits: best };
    // Bounded: a stream of junk words must not grow it without end.
    if (corrections.size >= 4096) corrections.clear();
    corrections.set(w, c);
    return c;
  }

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

  /**
   * Derivations of the stem `s` that Porter does not conflate ("compar" and "comparison", "edit"
   * and "editor"): a known stem that is `s` plus a derivational suffix, or `s` minus one. Only from
   * a stem the catalog holds, or a long one; "comma" is not "command", nor "lightbox" "light".
   */
  function derived(s: string): string[] {
    if (s.length < DERIVED_PREFIX || (!has(s) && s.length < 6)) return [];
    const out: string[] = [];
    for (const suffix of SUFFIXES) {
      if (has(s + suffix)) out.push(s + suffix);
      const base = s.slice(0, -suffix.length);
      if (s.endsWith(suffix) && base.length >= DERIVED_PREFIX && has(base)) out.push(base);
    }
    // "reorder" is to order again, "reupload" to upload again: a "re-" word the catalog does not use
    // reads as its base. Not the other way: "search" is not "research", nor "store" "restore".
    const again = s.slice(REPEAT.length);
    if (!has(s) && s.startsWith(REPEAT) && again.length >= REPEAT_BASE && has(again)) out.push(again);
    return out;
  }

  /**
   * A run-together word split into two words a title holds side by side ("datepicker" is "date
   * picker") or the thesaurus reads as a phrase ("darkmode" is "dark mode"), the most even split,
   * or undefined. Any two catalog words would split too much ("bandwidth" is not "band width" here).
   */
  const splits = new Map<string, string[] | undefined>();
  function split(w: string): string[] | undefined {
    if (splits.has(w)) return splits.get(w);
    let best: string[] | undefined;
    for (let i = 3; i <= w.length - 3; i++) {
      const [a, b] = [w.slice(0, i), w.slice(i)];
      if (STOPWORDS.has(a) || STOPWORDS.has(b) || !known(a) || !known(b)) continue;
      if (!inTitles(`${a} ${b}`) && !rk.synonymsOf(`${stemOf(a)} ${stemOf(b)}`)) continue;
      if (!best || Math.min(a.length, b.length) > Math.min(best[0].length, best[1].length)) best = [a, b];
    }
    // Kept, as corrections are: a word is split for its concept and again for the phrases it is in.
    if (splits.size >= 4096) splits.clear();
    splits.set(w, best);
    return best;
  }

  /**
   * One content word's concept, without spelling corrections: typed, its synonyms, its
   * derivations; a word the catalog does not use may be a run-together pair ("datepicker").
   * It weighs the idf of its best reading: the typed word's, else its best known alternative's,
   * else that of a word no pattern uses (the most: an unreadable word says the query is elsewhere).
   */
  function wordConcept(w: string): Concept {
    const s = stemOf(w);
    const typed = alternative([s], CONFIDENCE.typed, KIND.typed);
    const isKnown = allKnown(typed);
    const synonyms = (rk.synonymsOf(s) ?? []).map((t) => alternative(t, CONFIDENCE.synonym, KIND.synonym));
    const alternatives = [typed, ...synonyms];
    // A derivation of a word the catalog uses is that word; of one it does not, a near guess.
    const derivedKind = isKnown ? KIND.typed : KIND.corrected;
    for (const other of derived(s)) alternatives.push(alternative([other], CONFIDENCE.derived, derivedKind));
    if (!isKnown && alternatives.length === 1) {
      const parts = split(w)?.map(stemOf);
      if (parts) {
        alternatives.push(alternative(parts, CONFIDENCE.split, KIND.corrected));
        for (const t of rk.synonymsOf(parts.join(" ")) ?? []) {
          alternatives.push(alternative(t, CONFIDENCE.synonym, KIND.corrected, 1, true));
        }
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

  /** Spelling corrections of an unreadable word, and their synonyms. */
  function corrected(w: string): Alternative[] {
    const { words: fixes, edits } = correct(w);
    const confidence = edits === 1 ? CONFIDENCE.oneEdit : CONFIDENCE.twoEdits;
    return fixes.flatMap((fix) => {
      const f = stemOf(fix);
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
   * list" asks for cards, "drawer from the bottom" for a bottom sheet).
   */
  function comparedTo(words: string[]): Set<number> {
    const out = new Set<number>();
    const product = (j: number) => j >= 0 && j < words.length && !STOPWORDS.has(words[j]) && !inTitles(words[j]);
    // After "from", a product only if no pattern uses the word: "from the bottom" is a direction.
    const source = (j: number) => product(j) && !known(words[j]);
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
   * Thesaurus phrases over the query's words, each word read as `stems[i]`: runs of up to
   * MAX_PHRASE_WORDS words as typed and of content words alone, two content words with one between
   * ("inline code suggestion" holds "inline suggestion"), and two joined by function words, reversed
   * ("drawer from the bottom" is a bottom drawer). `when` picks the spans looked up; a phrase read
   * over a split or corrected word counts `confidence` times a typed one, and says corrected.
   */
  function phrases(
    words: string[],
    content: { i: number }[],
    stems: string[],
    spanning: (at: number[], make: (part: number) => Alternative[]) => void,
    confidence = 1,
    when: (at: number[]) => boolean = () => true,
  ): void {
    const kind = confidence === 1 ? KIND.synonym : KIND.corrected;
    const conf = CONFIDENCE.synonym * confidence;
    const lookup = (at: number[], key: string) => {
      if (!when(at)) return;
      const targets = rk.synonymsOf(key);
      if (targets) spanning(at, (part) => targets.map((t) => alternative(t, conf, kind, part, true)));
    };
    const phrase = (at: number[]) => lookup(at, at.map((i) => stems[i]).join(" "));
    for (let i = 0; i < words.length; i++) {
      for (let len = 2; len <= MAX_PHRASE_WORDS && i + len <= words.length; len++) {
        phrase(Array.from({ length: len }, (_, j) => i + j));
      }
    }
    for (let j = 0; j < content.length; j++) {
      for (let len = 2; len <= MAX_PHRASE_WORDS && j + len <= content.length; len++) {
        phrase(content.slice(j, j + len).map((c) => c.i));
      }
      if (j + 2 < content.length) phrase([content[j].i, content[j + 2].i]);
      const [a, b] = [content[j].i, content[j + 1]?.i];
      if (b !== undefined && b > a + 1) lookup([a, b], `${stems[b]} ${stems[a]}`);
    }
  }

  /**
   * The concepts of a normalized query's words: one per content word (but products named for
   * comparison), plus what phrases add to the words they span. A thesaurus phrase is looked up over
   * the words as typed ("sign in", "are you sure"), over the content words alone ("close my account"
   * holds "close account"), and over a word split or corrected; spelling comes last.
   */
  function concepts(words: string[]): Concept[] {
    // Numbers say little about which pattern is meant ("6 digits", "v3", "over 18"), unless the
    // catalog or the thesaurus knows them ("2fa", "404").
    const says = (w: string) => !STOPWORDS.has(w) && (!/\d/.test(w) || known(w) || rk.synonymsOf(stemOf(w)));
    const named = comparedTo(words);
    const typed = words.map(stemOf);
    // A technical term's words name another subject, and are read as nothing else: no stem,
    // synonym, phrase or correction ("helm" is not "help", nor "chart" in "helm chart" a chart).
    // The term is one concept the catalog cannot read, weighing as a word no pattern uses.
    const { at: technical, terms } = rk.technicalAt(words);
    const other: Concept[] = Array.from({ length: terms }, () => ({
      weight: 0,
      readable: false,
      alternatives: [alternative([""], 0, KIND.typed)],
    }));
    const content = words.map((w, i) => ({ w, i })).filter(({ w, i }) => says(w) && !named.has(i) && !technical.has(i));
    const concept = new Map(content.map(({ w, i }) => [i, wordConcept(w)]));
    const spans = new Set<string>();
    /** Adds `alternatives(k)` to every concept among word positions `at`, each with 1/k of the score. */
    const spanning = (at: number[], make: (part: number) => Alternative[]) => {
      if (at.some((i) => technical.has(i))) return;
      // A phrase of function words and numbers only ("are you over 18") is a concept of its own,
      // read through the thesaurus alone.
      if (!at.some((i) => concept.has(i))) {
        concept.set(at[0], { weight: 0, readable: false, alternatives: [alternative([""], 0, KIND.typed)] });
      }
      const own = at.filter((i) => concept.has(i));
      const id = own.join(",");
      if (spans.has(id)) return;
      spans.add(id);
      for (const i of own) {
        const c = concept.get(i)!;
        c.alternatives.push(...make(1 / own.length));
      }
    };
    phrases(words, content, typed, spanning);
    for (let j = 0; j + 1 < content.length; j++) {
      // "drop down" for "dropdown": two words the catalog writes as one.
      const [a, b] = [content[j], content[j + 1]];
      if (b.i === a.i + 1 && known(a.w + b.w)) {
        const joined = stemOf(a.w + b.w);
        spanning([a.i, b.i], (part) => [alternative([joined], CONFIDENCE.typed, KIND.typed, part)]);
      }
    }
    // Spelling last, for words nothing else could read, and only when they are few: a query with
    // several words no pattern uses is most likely about something else, and correcting them would
    // turn "contract" into "contact" and "ratio" into "radio". A typo is one word of a few. Words of
    // UI vocabulary (a title, a tag, the thesaurus) that no pattern reads alone do not count against
    // it: "hero" in "carousle for hero images" says the query is about UI.
    const unreadable = content.filter(({ i }) => !concept.get(i)!.alternatives.some(allKnown));
    const foreign = unreadable.filter(({ w }) => !rk.isVocabulary(w)).length + other.length;
    const correcting = foreign <= Math.max(1, Math.floor((content.length + other.length) / 3));
    if (correcting) for (const { w, i } of unreadable) concept.get(i)!.alternatives.push(...corrected(w));
    // The thesaurus's phrases again, over the words as split or corrected: "darkmode toggle" is
    // "dark mode toggle", "reciept scanner" "receipt scanner", "ios toogle" "ios toggle" (of its
    // corrections, google and toggle, the one a phrase holds).
    for (const { w, i } of content) {
      if (known(w)) continue;
      const parts = split(w);
      const readings = parts ? [parts.map(stemOf).join(" ")] : correcting ? correct(w).words.map(stemOf) : [];
      for (const reading of readings) {
        const stems = typed.slice();
        stems[i] = reading;
        phrases(words, content, stems, spanning, CONFIDENCE.twoEdits, (at) => at.includes(i));
      }
    }
    return [...concept.values(), ...other].map(settle);
  }

  return concepts;
}
