/**
 * Queries a user or agent would send, built from a catalog's vocabulary with a fixed seed: title
 * words, two-word phrases, tags, prefixes, a word with a category, misses, and what agents send
 * besides: a few words of a description (a UI described, not named) and a title word with a typo.
 * The search benchmarks (bench/search-child.ts, engines.ts) time this mix.
 */
import type { Entry } from "../src/catalog/schema.ts";
import { rng } from "../scripts/lib/gen-catalog.ts";

export interface MixQuery {
  query?: string;
  category?: string;
}

export function queryMix(entries: readonly Entry[], n: number, seed = 42): MixQuery[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const words = (text: string) =>
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 1);
  const sections = [...new Set(entries.map((e) => e.slug.split("/")[1]))];
  const out: MixQuery[] = [];
  while (out.length < n) {
    const e = pick(entries);
    const ws = words(e.title);
    const roll = r();
    if (!ws.length) continue;
    if (roll < 0.3) out.push({ query: pick(ws) });
    else if (roll < 0.48 && ws.length > 1) {
      const i = Math.floor(r() * (ws.length - 1));
      out.push({ query: `${ws[i]} ${ws[i + 1]}` });
    } else if (roll < 0.56 && e.tags.length) out.push({ query: pick(e.tags) });
    else if (roll < 0.64) out.push({ query: pick(ws).slice(0, 3 + Math.floor(r() * 3)) });
    else if (roll < 0.72) out.push({ query: pick(ws), category: r() < 0.5 ? pick(sections) : pick(e.tags) });
    else if (roll < 0.76) out.push({ query: Array.from({ length: 6 }, () => "qxzjvk"[Math.floor(r() * 6)]).join("") });
    else if (roll < 0.9) {
      const ds = words(e.description);
      const len = 3 + Math.floor(r() * 4);
      const i = Math.floor(r() * Math.max(1, ds.length - len));
      if (ds.length >= len) out.push({ query: ds.slice(i, i + len).join(" ") });
    } else {
      // One adjacent pair swapped: the commonest typo, one edit away.
      const w = pick(ws);
      const i = Math.floor(r() * (w.length - 1));
      if (w.length >= 5) out.push({ query: w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2) });
    }
  }
  return out;
}
