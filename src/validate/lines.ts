/**
 * Lines of the code, 1-based, counted at "\n" (a CRLF file counts as its editor shows it), and which
 * lines of the edited code an edit changed: a line diff against the delivered code. The diff only
 * picks where a finding points; whether there is one is decided by counts (src/validate/compare.ts).
 */

/** The 1-based line of each offset of `code`. */
export function lineIndex(code: string): (offset: number) => number {
  const starts = [0];
  for (let i = code.indexOf("\n"); i >= 0; i = code.indexOf("\n", i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/**
 * The line-level correspondence of two texts, by longest common subsequence after the common prefix
 * and suffix. Middles too large for the table (over 1.5 million line pairs: two rewrites of 1,200
 * lines, past any edit of a catalog component) count as wholly changed.
 */
export interface LineDiff {
  /** Whether 1-based line `n` of the edited text has no counterpart in the base. */
  editedChanged(n: number): boolean;
  /** Whether 1-based line `n` of the base has no counterpart in the edited text. */
  baseChanged(n: number): boolean;
  /** Where base line `n` is (or was, if removed) in the edited text: 1-based. */
  toEdited(n: number): number;
}

const MAX_CELLS = 1_500_000;

/** A text's lines as the diff compares them: trailing whitespace (and a CR) ignored. */
export const diffLines = (text: string): string[] => text.split("\n").map((l) => l.trimEnd());

/** `base` and `edited` as diffLines gives them (the delivered version's are kept with it). */
export function lineDiff(a: readonly string[], b: readonly string[]): LineDiff {
  // For each base line, its edited counterpart (0-based) or -1.
  const match = new Int32Array(a.length).fill(-1);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) match[start] = start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) match[--endA] = --endB;
  const n = endA - start;
  const m = endB - start;
  if (n > 0 && m > 0 && n * m <= MAX_CELLS) {
    // lcs[i][j]: the LCS length of a[start+i..endA) and b[start+j..endB), row-major.
    const width = m + 1;
    const lcs = new Uint16Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i--)
      for (let j = m - 1; j >= 0; j--)
        lcs[i * width + j] =
          a[start + i] === b[start + j]
            ? lcs[(i + 1) * width + j + 1] + 1
            : Math.max(lcs[(i + 1) * width + j], lcs[i * width + j + 1]);
    for (let i = 0, j = 0; i < n && j < m; ) {
      if (a[start + i] === b[start + j]) {
        match[start + i] = start + j;
        i++;
        j++;
      } else if (lcs[(i + 1) * width + j] >= lcs[i * width + j + 1]) i++;
      else j++;
    }
  }
  const editedMatched = new Uint8Array(b.length);
  for (const j of match) if (j >= 0) editedMatched[j] = 1;
  return {
    editedChanged: (line) => !editedMatched[line - 1],
    baseChanged: (line) => match[line - 1] < 0,
    toEdited: (line) => {
      // The edited line after the last base line before it that has a counterpart: where it was.
      for (let i = Math.min(line, a.length) - 1; i >= 0; i--) {
        if (match[i] >= 0) return i === line - 1 ? match[i] + 1 : Math.min(match[i] + 2, b.length);
      }
      return 1;
    },
  };
}
