import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { compactId } from "../../../src/catalog/lookup.ts";
import { normalize } from "../../../src/catalog/normalize.ts";
import { catalogSchema, PATTERN_TYPES } from "../../../src/catalog/schema.ts";
import { slugSection } from "../../../src/catalog/search.ts";
import { fixtures } from "../../helpers/app.ts";
import { duplicates, parseCatalog } from "../../../scripts/build/catalog/parse.ts";
import { createCatalog } from "../../helpers/memory-catalog.ts";
import { ROOT } from "../../../scripts/lib/repo-root.ts";
import { entry } from "../../helpers/entries.ts";

const raw = JSON.parse(readFileSync(`${ROOT}/search_index.json`, "utf8"));
const catalog = createCatalog(raw, "https://patttterns.com");
const entries = parseCatalog(raw);
const unique = <T>(xs: T[]) => new Set(xs).size === xs.length;

describe("search_index.json", () => {
  it("is valid against the zod schema", () => {
    const parsed = catalogSchema.safeParse(raw);
    expect(parsed.success ? [] : parsed.error.issues.slice(0, 5)).toEqual([]);
  });

  it("has at least 300 patterns over all three types and at least four slug sections", () => {
    expect(entries.length).toBeGreaterThanOrEqual(300);
    expect(catalog.count).toBe(raw.length);
    expect(entries.length).toBe(raw.length);
    expect(new Set(entries.map((e) => e.type))).toEqual(new Set(PATTERN_TYPES));
    expect(new Set(entries.map((e) => slugSection(e.slug))).size).toBeGreaterThanOrEqual(4);
  });

  it("has unique ids (dashes and case ignored), catalog numbers and slugs", () => {
    expect(unique(entries.map((e) => compactId(e.id)))).toBe(true);
    expect(unique(entries.map((e) => e.catalogNumber))).toBe(true);
    expect(unique(entries.map((e) => e.slug))).toBe(true);
    expect(duplicates(entries)).toBeUndefined();
  });

  it("has a description and tags on every entry", () => {
    for (const e of entries) {
      expect(e.description.length, e.title).toBeGreaterThan(40);
      expect(e.tags.length, e.title).toBeGreaterThan(0);
    }
  });

  it("flags at least 30 patterns with components, every fixture among them", () => {
    expect(entries.filter((e) => e.hasGeneratedComponent).length).toBeGreaterThanOrEqual(30);
    for (const f of fixtures) expect(f.entry.hasGeneratedComponent, f.name).toBe(true);
  });

  it("refuses an index with a duplicate id, number or slug", () => {
    const a = entry(1, "Tabs", { slug: "/ui-components/tabs" });
    expect(() => createCatalog([a, { ...entry(2, "Other"), catalogNumber: 1 }], "https://patttterns.com")).toThrow(
      /duplicate catalogNumber/,
    );
    expect(() =>
      createCatalog([a, { ...entry(2, "Other"), id: a.id.toUpperCase().replace(/-/g, "") }], "https://patttterns.com"),
    ).toThrow(/duplicate id/);
    expect(() =>
      createCatalog([a, entry(2, "Tabs", { slug: "/ui-components/tabs" })], "https://patttterns.com"),
    ).toThrow(/duplicate slug/);
    expect(() => createCatalog([{ ...a, type: "widgets" }], "https://patttterns.com")).toThrow(
      /search_index.json is invalid/,
    );
  });
});

describe("categories", () => {
  it("lists types then sections, each kind's counts adding up to the catalog size", async () => {
    const cats = catalog.categories();
    const types = cats.filter((c) => c.kind === "type");
    const sections = cats.filter((c) => c.kind === "section");
    expect(types.map((c) => c.name).sort()).toEqual([...PATTERN_TYPES].sort());
    expect(types.reduce((n, c) => n + c.count, 0)).toBe(entries.length);
    expect(sections.reduce((n, c) => n + c.count, 0)).toBe(entries.length);
    for (const c of sections) expect(c.url).toBe(`https://patttterns.com/${c.name}`);
    for (const c of cats) expect(await catalog.categorySize(c.name), c.name).toBe(c.count);
  });

  it("lists every tag with the count the category filter finds, most used first", async () => {
    const tags = catalog.tags();
    expect(tags.map((t) => t.name).sort()).toEqual([...new Set(entries.flatMap((e) => e.tags))].sort());
    for (const t of tags) {
      // Counted from the entries themselves: a tag, UI category, type or section that normalizes the same.
      const key = normalize(t.name);
      const own = (e: (typeof entries)[number]) =>
        [...e.tags, ...(e.uiCategories ?? []), slugSection(e.slug)].map(normalize).concat(e.type);
      expect(t.count, t.name).toBe(entries.filter((e) => own(e).includes(key)).length);
      expect(t.count, t.name).toBe((await catalog.search("", { category: t.name })).total);
    }
    for (let i = 1; i < tags.length; i++) expect(tags[i - 1].count).toBeGreaterThanOrEqual(tags[i].count);
  });
});
