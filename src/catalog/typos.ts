/**
 * Spelling tolerance: the optimal string alignment distance (Levenshtein plus adjacent
 * transpositions, so "dropdwon" is one edit from "dropdown"), bounded so a scan of the vocabulary
 * gives up on a word as soon as it is out of reach.
 */

/** Edits tolerated in a word of `length` letters: none below 4, one up to 7, two from 8. */
export const maxEdits = (length: number) => (length < 4 ? 0 : length < 8 ? 1 : 2);

/** The distance between `a` and `b` when it is at most `max`, else `max + 1`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  // Three rows: the one before the previous is needed for transpositions.
  let before = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        d = Math.min(d, before[j - 2] + 1);
      }
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [before, prev, cur] = [prev, cur, before];
  }
  return Math.min(prev[n], max + 1);
}
