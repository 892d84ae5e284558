/**
 * Spelling tolerance: the optimal string alignment distance (Levenshtein plus adjacent
 * transpositions, so "dropdwon" is one edit from "dropdown"), bounded so a scan of the vocabulary
 * gives up on a word as soon as it is out of reach.
 */

/**
 * Edits tolerated in a word of `length` letters: none below 4, one up to 6, two from 7 (Lucene's
 * AUTO allows two from 6).
 */
export const maxEdits = (length: number) => (length < 4 ? 0 : length < 7 ? 1 : 2);

/** Words longer than this are compared as if cut here, which only a word of over 63 letters could notice. */
const ROW = 64;

/**
 * The distance from `a` to a word `b` when it is at most `max`, else `max + 1`. A spelling scan
 * compares one word with thousands: the three rows of the table are made once per word scanned
 * for, not once per comparison.
 */
export function distanceFrom(a: string): (b: string, max: number) => number {
  const m = Math.min(a.length, ROW);
  let before = new Int32Array(ROW + 1);
  let prev = new Int32Array(ROW + 1);
  let cur = new Int32Array(ROW + 1);
  return (b, max) => {
    if (Math.abs(a.length - b.length) > max) return max + 1;
    if (a === b) return 0;
    const n = Math.min(b.length, ROW);
    for (let j = 0; j <= n; j++) prev[j] = j;
    for (let i = 1; i <= m; i++) {
      cur[0] = i;
      let rowMin = i;
      const ai = a.charCodeAt(i - 1);
      for (let j = 1; j <= n; j++) {
        const bj = b.charCodeAt(j - 1);
        let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ai === bj ? 0 : 1));
        // A transposition: the row before the previous one is needed.
        if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj)
          d = Math.min(d, before[j - 2] + 1);
        cur[j] = d;
        if (d < rowMin) rowMin = d;
      }
      if (rowMin > max) return max + 1;
      [before, prev, cur] = [prev, cur, before];
    }
    return Math.min(prev[n], max + 1);
  };
}

/** The distance between `a` and `b` when it is at most `max`, else `max + 1`. */
export const editDistance = (a: string, b: string, max: number): number => distanceFrom(a)(b, max);
