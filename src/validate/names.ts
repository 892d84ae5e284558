/**
 * Names the validator checks against sets it knows: lucide-react's exports (generated from the locked
 * package by `npm run build`) and the theme's tokens, with the nearest known names for a suggestion.
 */
import { LUCIDE } from "../../generated/lucide-names.ts";
import { TOKENS } from "../theme/tokens.ts";

let bases: Set<string> | undefined;
const lucideBases = () => (bases ??= new Set(LUCIDE.bases.split(" ")));

export const LUCIDE_VERSION = LUCIDE.version;

/** Whether lucide-react exports `name`: an icon as `X`, `XIcon` or `LucideX`, or one of its helpers. */
export function lucideExports(name: string): boolean {
  const known = lucideBases();
  if (known.has(name) || LUCIDE.helpers.includes(name)) return true;
  if (name.length > 4 && name.endsWith("Icon") && known.has(name.slice(0, -4))) return true;
  return /^Lucide[A-Z0-9]/.test(name) && known.has(name.slice(6));
}

/** Edit distance of two short names, case-insensitive, stopping early past `max`. */
function distance(a: string, b: string, max: number): number {
  a = a.toLowerCase();
  b = b.toLowerCase();
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, row[j]);
    }
    if (best > max) return max + 1;
    prev = row;
  }
  return prev[b.length];
}

/** Up to `n` of `known` nearest to `name` (within a third of its length, rounded), nearest first. */
function nearest(name: string, known: Iterable<string>, n = 3): string[] {
  const max = Math.max(1, Math.round(name.length / 3));
  const scored: [string, number][] = [];
  for (const k of known) {
    const d = distance(name, k, max);
    if (d <= max) scored.push([k, d]);
  }
  return scored
    .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, n)
    .map(([k]) => k);
}

/** lucide-react icons nearest to an unknown name (compared without its Icon / Lucide affixes). */
export function nearestIcons(name: string): string[] {
  const base = name.replace(/^Lucide(?=[A-Z0-9])/, "").replace(/(?<=.)Icon$/, "");
  return nearest(base, lucideBases());
}

/** The theme's tokens nearest to an unknown `--ui-*` name (compared without the `--ui-` all share). */
export const nearestTokens = (name: string): string[] =>
  nearest(
    name.slice(5),
    TOKENS.map((t) => t.slice(5)),
  ).map((t) => `--ui-${t}`);
