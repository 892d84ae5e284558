/**
 * What a query word may be when the catalog does not use it as typed, for the ranked tier
 * (concepts.ts): a derivation Porter does not conflate ("comparison" and "compare"), two words run
 * together ("datepicker"), a "re-" word read as its base ("reupload"), or a misspelling ("accordian").
 * Each is a guess, read at a lower confidence than the word typed.
 */
import { STOPWORDS, SUFFIXES, stemOf } from "./analyze.ts";
import type { RankIndex } from "./rank-data.ts";
import { distanceFrom, maxEdits } from "./typos.ts";

/** The shortest stem whose derivations are looked up ("edit" has none: too many words start so). */
const DERIVED_PREFIX = 5;
/** The prefix of doing again, and the shortest base it is read off ("redo" stays "redo"). */
const REPEAT = "re";
const REPEAT_BASE = 4;
/** A misspelt word is read as at most this many of its nearest spellings. */
const MAX_CORRECTIONS = 4;

const known = (rk: RankIndex, s: string) => rk.stemIdOf(s) >= 0;

/** Whether some title holds `words` (normalized, space-separated) as whole words; `titles` are joined by "\n". */
export function inTitles(titles: string, words: string): boolean {
  const edge = (c: string | undefined) => c === undefined || c === " " || c === "\n";
  for (let at = titles.indexOf(words); at !== -1; at = titles.indexOf(words, at + 1)) {
    if (edge(titles[at - 1]) && edge(titles[at + words.length])) return true;
  }
  return false;
}

/**
 * Derivations of the stem `s` that Porter does not conflate ("compar" and "comparison", "edit"
 * and "editor"): a known stem that is `s` plus a derivational suffix, or `s` minus one. Only from
 * a stem the catalog holds, or a long one; "comma" is not "command", nor "lightbox" "light".
 */
export function derivations(rk: RankIndex, s: string): string[] {
  if (s.length < DERIVED_PREFIX || (!known(rk, s) && s.length < 6)) return [];
  const out: string[] = [];
  for (const suffix of SUFFIXES) {
    if (known(rk, s + suffix)) out.push(s + suffix);
    const base = s.slice(0, -suffix.length);
    if (s.endsWith(suffix) && base.length >= DERIVED_PREFIX && known(rk, base)) out.push(base);
  }
  // "reorder" is to order again, "reupload" to upload again: a "re-" word the catalog does not use
  // reads as its base. Not the other way: "search" is not "research", nor "store" "restore".
  const again = s.slice(REPEAT.length);
  if (!known(rk, s) && s.startsWith(REPEAT) && again.length >= REPEAT_BASE && known(rk, again)) out.push(again);
  return out;
}

/**
 * The stems of a run-together word split into two words a title holds side by side ("datepicker" is
 * "date picker") or the thesaurus reads as a phrase ("darkmode" is "dark mode"), the most even split,
 * or undefined. Any two catalog words would split too much ("bandwidth" is not "band width" here).
 */
export function splitStems(rk: RankIndex, titles: string, w: string): string[] | undefined {
  let best: { words: string[]; stems: string[] } | undefined;
  for (let i = 3; i <= w.length - 3; i++) {
    const [a, b] = [w.slice(0, i), w.slice(i)];
    if (STOPWORDS.has(a) || STOPWORDS.has(b)) continue;
    const sa = stemOf(a);
    if (!known(rk, sa)) continue;
    const sb = stemOf(b);
    if (!known(rk, sb)) continue;
    if (!inTitles(titles, `${a} ${b}`) && !rk.synonymsOf(`${sa} ${sb}`)) continue;
    if (!best || Math.min(a.length, b.length) > Math.min(best.words[0].length, best.words[1].length)) {
      best = { words: [a, b], stems: [sa, sb] };
    }
  }
  return best?.stems;
}

/** A misspelt word's nearest spellings (their stems) and how many edits away they are. */
export interface Correction {
  stems: string[];
  edits: number;
}

/**
 * The nearest spelling targets of `w` (all at the least distance, at most MAX_CORRECTIONS), by
 * stem, with that distance; none when every target is out of reach.
 */
export function corrections(rk: RankIndex, w: string): Correction {
  const max = maxEdits(w.length);
  const distance = distanceFrom(w);
  let best = max + 1;
  let words: string[] = [];
  for (let len = w.length - max; len <= w.length + max; len++) {
    for (const t of rk.spellings(len)) {
      const d = distance(t, Math.min(max, best));
      if (d < best) {
        best = d;
        words = [t];
      } else if (d === best && d <= max && words.length < MAX_CORRECTIONS) words.push(t);
    }
  }
  return { stems: best <= max ? words.map(stemOf) : [], edits: best };
}
