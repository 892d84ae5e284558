/**
 * A synthetic catalog of N patterns, for the lab's scale benchmarks and the catalog's tests: the
 * shipped entries first (so fixture components still resolve), then entries recombined from the
 * shipped catalog's own titles, prose, tags and sections, so vocabulary, field lengths and hit rates
 * look like the real index.
 * Deterministic: the same seed gives the same bytes.
 *
 *   tsx scripts/lib/gen-catalog.ts [--count 10000] [--seed 1] [--out path.json]
 */
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import type { Entry } from "../../src/catalog/schema.ts";
import { loadCatalog } from "./fixtures.ts";

/** mulberry32: small, fast, good enough to shuffle test data reproducibly. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MODIFIERS = [
  "Inline",
  "Compact",
  "Nested",
  "Floating",
  "Sticky",
  "Animated",
  "Collapsible",
  "Contextual",
  "Adaptive",
  "Multi-step",
  "Minimal",
  "Guided",
  "Bulk",
  "Progressive",
  "Split",
  "Layered",
  "Expandable",
  "Draggable",
  "Searchable",
  "Editable",
  "Grouped",
  "Filtered",
  "Responsive",
  "Persistent",
  "Tabbed",
  "Segmented",
  "Dismissible",
  "Keyboard-first",
  "Offline",
  "Shared",
  "Scheduled",
  "Threaded",
  "Stacked",
  "Full-screen",
  "Docked",
  "Pinned",
  "Smart",
  "Batch",
  "Live",
  "Reversible",
];
const QUALIFIERS = [
  "with Preview",
  "for Tables",
  "for Dashboards",
  "in Settings",
  "on Mobile",
  "for Onboarding",
  "with Undo",
  "for Teams",
  "with Shortcuts",
  "for Checkout",
  "with Validation",
  "for Media",
  "in Forms",
  "with Progress",
  "for Admins",
  "with Search",
];

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function uuid(r: () => number) {
  const hex = Array.from({ length: 32 }, () => Math.floor(r() * 16).toString(16));
  hex[12] = "4";
  hex[16] = "89ab"[Math.floor(r() * 4)];
  const h = hex.join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function sample<T>(r: () => number, xs: readonly T[], n: number): T[] {
  const pool = [...xs];
  const out: T[] = [];
  while (out.length < n && pool.length) out.push(pool.splice(Math.floor(r() * pool.length), 1)[0]);
  return out;
}

/** `base` followed by synthetic entries up to `count` in total. */
export function generateCatalog(base: readonly Entry[], count: number, seed = 1): Entry[] {
  const r = rng(seed);
  const out: Entry[] = [...base];
  const slugs = new Set(base.map((e) => e.slug));
  const sentences = base.flatMap((e) => e.description.split(/(?<=\.)\s+/).filter((s) => s.length > 20));
  const tags = base.flatMap((e) => e.tags); // with repeats: frequent tags stay frequent
  let number = Math.max(0, ...base.map((e) => e.catalogNumber));
  while (out.length < count) {
    const model = pick(r, base);
    const roll = r();
    const title =
      roll < 0.45
        ? `${pick(r, MODIFIERS)} ${model.title}`
        : roll < 0.8
          ? `${model.title} ${pick(r, QUALIFIERS)}`
          : `${pick(r, MODIFIERS)} ${model.title} ${pick(r, QUALIFIERS)}`;
    const section = model.slug.split("/")[1];
    let slug = `/${section}/${slugify(title)}`;
    for (let i = 2; slugs.has(slug); i++) slug = `/${section}/${slugify(title)}-${i}`;
    slugs.add(slug);
    const description = sample(r, sentences, 2 + Math.floor(r() * 2)).join(" ");
    const entryTags = [
      ...new Set([...model.tags.slice(0, 1 + Math.floor(r() * 2)), ...sample(r, tags, 1 + Math.floor(r() * 2))]),
    ];
    const entry: Entry = {
      id: uuid(r),
      catalogNumber: ++number,
      title,
      description,
      tags: entryTags,
      type: model.type,
      slug,
      searchText: `${title} ${description} ${entryTags.join(" ")} ${model.type}`.toLowerCase(),
      coverImage: `https://patttterns.com/covers/${slug.split("/").pop()}.png`,
      hasGeneratedComponent: r() < 0.1,
    };
    if (model.uiCategories) entry.uiCategories = model.uiCategories;
    if (model.uxFlows) entry.uxFlows = model.uxFlows;
    if (model.interactionRules)
      entry.interactionRules = sample(r, model.interactionRules, Math.max(1, model.interactionRules.length - 1));
    out.push(entry);
  }
  return out.slice(0, count);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      count: { type: "string", default: "10000" },
      seed: { type: "string", default: "1" },
      out: { type: "string" },
    },
  });
  const entries = generateCatalog(await loadCatalog(), Number(values.count), Number(values.seed));
  const text = JSON.stringify(entries);
  if (values.out) {
    await writeFile(values.out, text);
    console.log(`${entries.length} patterns, ${text.length} bytes -> ${values.out}`);
  } else process.stdout.write(text);
}
