/** Small statistics for noisy machines: medians of rounds, nearest-rank percentiles. */

export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const median = (xs: readonly number[]) => percentile(xs, 50);

/** Rounds a figure to 3 significant digits for reports. */
export const round = (x: number) => (Number.isFinite(x) ? Number(x.toPrecision(3)) : x);

/** Rotates `xs` by `k`: each round starts with a different variant, so none always runs first. */
export const rotate = <T>(xs: readonly T[], k: number): T[] => xs.map((_, i) => xs[(i + k) % xs.length]);
