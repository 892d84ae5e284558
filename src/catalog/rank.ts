/**
 * Ranked search, for queries the exact search (exact.ts) cannot answer whole: sentences, synonyms,
 * inflections and typos. The query is read into concepts (concepts.ts); a pattern scores, per
 * concept, its best alternative's field-weighted BM25, and explains a share of the query (each
 * concept weighs its word's idf: rare words say most).
 *
 * Restraint, so a question about banana cake returns nothing rather than a page of weak matches:
 * a query the catalog mostly cannot read (most of its weight in words no pattern uses, with no
 * synonym) finds only a title it says whole; otherwise a pattern must explain enough of what can be
 * read, less for a long query than a short one, or be named by its title. Weak hits beside an
 * interface the catalog does not carry give way to what the rest of the query finds.
 */
import { STOPWORDS } from "./analyze.ts";
import { type Concept, createConceptReader } from "./concepts.ts";
import type { AbsentTerms, RankIndex, TechnicalTerms } from "./rank-data.ts";
import { asksInterface } from "./interface.ts";
import { once } from "../lazy.ts";
import { createScorer, FLAG, type Tallies } from "./score.ts";

/** How a hit matched, for the agent to judge it. */
export const MATCH = {
  allWords: "all_words",
  someWords: "some_words",
  corrected: "corrected",
  synonym: "synonym",
} as const;
export type MatchKind = (typeof MATCH)[keyof typeof MATCH];

/** The least share of a query's weight the catalog must be able to read at all. */
const MIN_READABLE = 0.5;
/**
 * The least share of the readable weight a hit explains, by how many concepts the query has. A
 * request of seven concepts or more spreads its weight over many common words ("should", "look",
 * "quietly", "itself"), so a fifth of it is enough: the bar a page of weak hits must meet of the
 * whole query (MIN_EARNED) still holds.
 */
const minExplained = (concepts: number) => (concepts <= 2 ? 0.5 : concepts <= 4 ? 0.4 : concepts <= 6 ? 0.3 : 0.2);
/** The share of the readable weight one concept must explain when the query holds an unreadable word. */
const MOST_OF_READABLE = 0.75;
/** The least share of a query's whole weight (unreadable words included) a page of weak hits must explain. */
const MIN_EARNED = 0.2;
/** The least share of the rest of a query naming an interface the catalog does not carry a hit explains, untitled. */
const HALF_OF_REST = 0.5;
/** Hits scoring under this share of the best one are noise beside it. */
const MIN_RELATIVE_SCORE = 0.15;
/** A title fully named by the query multiplies a hit's score by this much. */
const TITLE_BONUS = 1.5;
/**
 * How a question about doing or understanding something opens ("how do I", "what is the
 * difference", "explain how"), over normalized words. Beside a word the catalog cannot read, such a
 * question asks how a technology works, not for a screen: "How do I invalidate a cached API
 * response" is not Offline Mode. "explain why" is left out: it is a UI request ("explain why we
 * need location access").
 */
const QUESTION_OPENINGS = {
  howDoI: "how (do|does|can|could|should|would) (i|we|you|one)",
  whatIs: "what (is|are|s|was)|whats",
  why: "why (do|does|is|are|did|would)",
  explain: "explain (how|the|what|when)",
  difference: "(what s |whats |what is )?the difference between|difference between",
  isIt: "is it (better|possible|safe|ok)",
  bestWay: "(the )?best way to",
  showMe: "(show|tell) me how to",
  shouldI: "when should (i|we)|should (i|we) use",
};
const ASKS_HOW = new RegExp(`^(${Object.values(QUESTION_OPENINGS).join("|")}) `);

/**
 * Ranked hits, unordered: pattern, score (higher is better), how it matched; and, when the ranked
 * hits were all weak and the query names an interface the catalog does not carry, its words.
 */
export interface Ranked {
  docs: number[];
  scores: number[];
  match: MatchKind[];
  absent?: string;
}

/**
 * Ranked search over the stem table (rank-data.ts); `title(d)` is pattern d's normalized title,
 * `titles` every title joined by "\n". Two parts: reading a query into concepts (concepts.ts) and
 * scoring patterns against them (score.ts); then restraint decides which are kept.
 */
export function createRanker(rk: RankIndex, count: number, title: (d: number) => string, titles: string) {
  const concepts = createConceptReader(rk, titles);
  const score = createScorer(rk, count);

  /**
   * Whether the query names pattern d's title: every word of it, through any alternative, when the
   * title has two words or more or one specific to a few patterns ("Autosave", not "Card"); or the
   * title as a phrase ("did you mean").
   */
  function namesTitle(d: number, q: Reading): boolean {
    const from = rk.titleStart[d];
    const to = rk.titleStart[d + 1];
    if (from === to) return false;
    for (let i = from; i < to; i++) if (!q.named.has(rk.titleStem[i])) return false;
    if (to - from >= 2 || rk.idf[rk.titleStem[from]] >= rk.idfSpecific) return true;
    // A one-word title counts when the query says it whole, or says nothing else ("shadcn tabs").
    return saysTitle(d, q.phrase) || title(d) === q.content;
  }

  /**
   * Keeps the patterns that explain enough of query `q` or are named by its title, but those listed
   * already, into `out` with their final score and match; returns the best score, listed patterns
   * included.
   */
  function keepHits(t: Readonly<Tallies>, q: Reading, out: Ranked): number {
    let best = 0;
    for (let j = 0; j < t.size; j++) {
      const d = t.hits[j];
      const titled = namesTitle(d, q);
      if (q.mostlyUnread || q.elsewhere ? !saysTitle(d, q.phrase) : !titled && !explains(t, d, q)) continue;
      // Lucene's classic coordination: a hit explaining more of the query ranks above one scoring
      // high on a single word; a pattern the query names by its title, above both.
      const coverage = Math.min(1, t.explained[d] / q.readable);
      const points = t.total[d] * coverage * coverage * (titled ? TITLE_BONUS : 1);
      if (points > best) best = points;
      if (t.listed[d]) continue;
      out.docs.push(d);
      out.scores.push(points);
      out.match.push(matchOf(t.matched[d] < q.concepts ? t.flags[d] | FLAG.partial : t.flags[d]));
    }
    return best;
  }

  /**
   * Whether the query says pattern d's title of two words or more, whole and in order ("material
   * speed dial with sub actions"): the one hit a query the catalog mostly cannot read may have.
   */
  function saysTitle(d: number, phrase: string): boolean {
    const t = title(d);
    return t.includes(" ") && phrase.includes(` ${t} `);
  }

  /**
   * Ranked patterns for a normalized query's words (the technical terms among them found), unordered,
   * with their scores, but those in `listed` (the exact hits, already listed). Which ones are kept
   * does not depend on what a caller filters afterwards (category, code): a filtered search is the
   * same list, filtered. Steps: read the concepts → score each pattern → keep the hits that explain
   * enough → drop the noise beside the best. `absentTerms`: the interfaces the catalog does not
   * carry that the words name (absent-interfaces.txt), looked up once, when first asked (the caller
   * may have asked already; by default here). `rest`: the words are what is left of a query beside
   * one (keepMostOfRest).
   */
  return function rank(
    words: string[],
    technical: TechnicalTerms,
    listed: readonly number[] = [],
    absentTerms: () => AbsentTerms | undefined = once(() => rk.absentAt(words, technical.at)),
    rest = false,
  ): Ranked {
    // A question about how something works is never a UI request ("show me how to shard postgres");
    // otherwise a query asking for an interface reads its technical terms as context.
    const asks = ASKS_HOW.test(`${words.join(" ")} `);
    const stack = technical.terms > 0 && !asks && asksInterface(words, technical);
    // The words of an interface the catalog does not carry are not corrected toward the catalog's
    // ("compass" is not "composer"). Asked for when a word would be corrected or the page is weak:
    // few queries are either.
    const cs = concepts(words, technical, stack, () => absentTerms()?.at);
    const out: Ranked = { docs: [], scores: [], match: [] };
    if (cs.length === 0) return out;
    const q = reading(words, cs, stack ? 0 : technical.terms, asks);
    let weak = "none" as "none" | "empty" | "hits";
    const best = score(cs, listed, (tallies) => {
      const top = keepHits(tallies, q, out);
      if (rest) keepMostOfRest(tallies, q, out, (d) => q.phrase.includes(` ${title(d)} `));
      // Weak hits alone, where the exact tier found nothing, must explain the query's distinctive
      // words, and the interface it names that the catalog does not carry they cannot ("a video
      // call screen with mute" is not Sticky Call to Action).
      else if (listed.length === 0 && out.match.every((m) => m === MATCH.someWords)) {
        weak = out.docs.length === 0 ? "empty" : "hits";
        if (absentTerms() !== undefined || unearned(tallies, q, out))
          out.docs.length = out.scores.length = out.match.length = 0;
      }
      return top;
    });
    dropNoise(out, best);
    const absent = weak === "none" ? undefined : absentTerms();
    if (absent === undefined) return out;
    out.absent = absent.named;
    if (weak === "empty") return out;
    // Its weak hits give way to what the rest of the query finds, the interface read as context:
    // what the query asks of it the catalog may have ("a confirmation popup before deleting a pie
    // chart" is Confirmation Dialog). They match only some of the query's words.
    const others = words.filter((_, i) => !absent.at.has(i));
    const found = rank(others, rk.technicalAt(others), [], () => undefined, true);
    found.match.fill(MATCH.someWords);
    found.absent = absent.named;
    return found;
  };
}

/**
 * Whether none of the weak hits `out` explains a fifth of the whole query's weight, the words the
 * catalog cannot read included: then they share only its common words, not the distinctive ones
 * (rare words weigh most, and a word no pattern uses the most of all), and the query gets no
 * results rather than guesses ("B-tree vs LSM tree write amplification for time series" is not Tree
 * View).
 */
function unearned(t: Readonly<Tallies>, q: Reading, out: Ranked): boolean {
  let most = 0;
  for (const d of out.docs) most = Math.max(most, t.explained[d]);
  return most < MIN_EARNED * q.weight;
}

/**
 * Keeps, in place, the hits `out` that explain half of query `q` as written, or whose title it
 * says (`titled`): `q` is the rest of a query naming an interface the catalog does not
 * carry, which is its subject unless half the rest is explained ("patients and doctors need a video
 * call screen with mute, camera off and screen sharing" is not Apply Promo Code for "off"), and a
 * word corrected there is more likely one of that interface's than a typo ("audio waveform trimmer"
 * is not Skeleton Loader's "shimmer").
 */
function keepMostOfRest(t: Readonly<Tallies>, q: Reading, out: Ranked, titled: (d: number) => boolean): void {
  let kept = 0;
  for (let j = 0; j < out.docs.length; j++) {
    const d = out.docs[j];
    if (!titled(d) && (t.explained[d] < HALF_OF_REST * q.weight || t.flags[d] & FLAG.corrected)) continue;
    out.docs[kept] = out.docs[j];
    out.scores[kept] = out.scores[j];
    out.match[kept++] = out.match[j];
  }
  out.docs.length = out.scores.length = out.match.length = kept;
}

/** Whether pattern d explains enough of query `q` to be shown without being named. */
function explains(t: Readonly<Tallies>, d: number, q: Reading): boolean {
  // Enough of the query; and a pattern whose title and tags say none of it must show two
  // of its concepts, not one word of its prose ("tax" in a checkout's description), in its own
  // fields: what it says of how it behaves (its interaction rules) only supports them.
  if (t.explained[d] < q.enough || (!t.strong[d] && t.said[d] < 2)) return false;
  // Beside a word the catalog cannot read, one concept of the rest must be most of it:
  // "photosynthesis light reactions" is not about Emoji Reactions, "2fa enrollment" is 2FA.
  return !q.unread || t.said[d] >= 2 || t.explained[d] >= MOST_OF_READABLE * q.readable;
}

/** What keeping a hit needs to know of the query. */
interface Reading {
  /** How many concepts it has, their readable weight, and how much of it a hit must explain. */
  concepts: number;
  /** The weight of all its concepts, and of those the catalog can read. */
  weight: number;
  readable: number;
  enough: number;
  /** Some concept is unreadable; most of the weight is (the query is likely about something else). */
  unread: boolean;
  mostlyUnread: boolean;
  /**
   * The query is about another subject than UI: a question about how something works
   * ({@link ASKS_HOW}) beside a word the catalog cannot read, or two technical terms or more ("a
   * dead letter queue for SQS messages"). Only a title it says whole is kept.
   */
  elsewhere: boolean;
  /** The words spaced at both ends, so a title is found in it as whole words; the content words. */
  phrase: string;
  content: string;
  /** Every stem some alternative of the concepts reads: a title whose stems are all here is named. */
  named: Set<number>;
}

function reading(words: string[], cs: Concept[], technicalTerms: number, asks: boolean): Reading {
  const weights = cs.reduce((n, c) => n + c.weight, 0);
  const readable = cs.reduce((n, c) => n + (c.readable ? c.weight : 0), 0);
  return {
    concepts: cs.length,
    weight: weights,
    readable,
    enough: minExplained(cs.length) * readable,
    unread: readable < weights,
    mostlyUnread: readable < MIN_READABLE * weights,
    elsewhere: technicalTerms >= 2 || (readable < weights && asks),
    phrase: ` ${words.join(" ")} `,
    content: contentOf(words),
    named: namedStems(cs),
  };
}

/** Every stem the concepts' alternatives read. */
function namedStems(cs: Concept[]): Set<number> {
  const out = new Set<number>();
  for (const c of cs) for (const a of c.alternatives) for (const s of a.stems) if (s >= 0) out.add(s);
  return out;
}

/** A normalized query's content words, function words (and library names) dropped. */
const contentOf = (words: string[]) => words.filter((w) => !STOPWORDS.has(w)).join(" ");

/** Drops, in place, the hits scoring under MIN_RELATIVE_SCORE of the best: noise beside it. */
function dropNoise(out: Ranked, best: number): void {
  let kept = 0;
  for (let j = 0; j < out.docs.length; j++) {
    if (out.scores[j] < best * MIN_RELATIVE_SCORE) continue;
    out.docs[kept] = out.docs[j];
    out.scores[kept] = out.scores[j];
    out.match[kept++] = out.match[j];
  }
  out.docs.length = out.scores.length = out.match.length = kept;
}

function matchOf(flags: number): MatchKind {
  if (flags & FLAG.partial) return MATCH.someWords;
  if (flags & FLAG.corrected) return MATCH.corrected;
  if (flags & FLAG.synonym) return MATCH.synonym;
  return MATCH.allWords;
}
