/** Durations read back from the monthly counters' histograms (src/usage/monthly.ts `bucketOf`). */
import { type Counts, GROWTH } from "../../../src/usage/monthly.ts";

/** The upper bound of bucket `b`, in ms, rounded to what a report shows. */
export const bucketUpper = (b: number) => {
  const v = GROWTH ** b;
  return v >= 10 ? Math.round(v) : Math.round(v * 10) / 10;
};

/** The q-quantile (0..1) of a histogram, as its bucket's upper bound; null when empty. */
export function quantile(hist: Counts, q: number): number | null {
  const entries = Object.entries(hist)
    .map(([b, n]) => [Number(b), n] as const)
    .sort((a, b) => a[0] - b[0]);
  const total = entries.reduce((s, [, n]) => s + n, 0);
  if (!total) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const [b, n] of entries) {
    seen += n;
    if (seen >= rank) return bucketUpper(b);
  }
  return bucketUpper(entries[entries.length - 1][0]);
}
