/**
 * The thesaurus's phrases over a query's words, for the ranked tier (concepts.ts): "command launcher"
 * is a command palette, "close my account" holds "close account", "inline code suggestion" holds
 * "inline suggestion", and "drawer from the bottom" is a bottom drawer.
 */
import { MAX_PHRASE_WORDS, type RankIndex } from "./rank-data.ts";

/** A thesaurus phrase found in a query: the word positions it spans, and the phrases it also searches for. */
export interface FoundPhrase {
  at: number[];
  targets: readonly (readonly string[])[];
}

/**
 * Thesaurus phrases over a query of `length` words, word i read as `stems[i]`: runs of up to
 * MAX_PHRASE_WORDS words as typed and of `content` words alone, two content words with one between,
 * and two joined by function words, reversed. `when` picks the spans looked up. In the order looked
 * up, which matters: the first phrase found over a set of words is the one read there.
 */
export function thesaurusPhrases(
  rk: RankIndex,
  length: number,
  content: readonly { i: number }[],
  stems: readonly string[],
  when: (at: number[]) => boolean = () => true,
): FoundPhrase[] {
  const found: FoundPhrase[] = [];
  const lookup = (at: number[], key: string) => {
    if (!when(at)) return;
    const targets = rk.synonymsOf(key);
    if (targets) found.push({ at, targets });
  };
  const phrase = (at: number[]) => lookup(at, at.map((i) => stems[i]).join(" "));
  for (let i = 0; i < length; i++) {
    for (let len = 2; len <= MAX_PHRASE_WORDS && i + len <= length; len++) {
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
  return found;
}

/**
 * The thesaurus's phrases over runs of words as typed that hold word `i`, in thesaurusPhrases' order:
 * a query read again with one word replaced looks up only the spans that word changes.
 */
export function phrasesAround(rk: RankIndex, length: number, stems: readonly string[], i: number): FoundPhrase[] {
  const found: FoundPhrase[] = [];
  for (let start = Math.max(0, i - MAX_PHRASE_WORDS + 1); start <= i; start++) {
    for (let len = Math.max(2, i - start + 1); len <= MAX_PHRASE_WORDS && start + len <= length; len++) {
      const at = Array.from({ length: len }, (_, j) => start + j);
      const targets = rk.synonymsOf(at.map((k) => stems[k]).join(" "));
      if (targets) found.push({ at, targets });
    }
  }
  return found;
}
