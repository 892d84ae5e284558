/**
 * The indexed search (src/catalog/search.ts) must return exactly what the plain linear scan returns
 * (tests/unit/catalog/search-reference.ts): the same entries, in the same order, for any catalog, query,
 * category and filter, whether its tables went through JSON (as generated/catalog/search.json does) or not.
 */
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PATTERN_TYPES, type Entry } from "../../../src/catalog/schema.ts";
import { createSearchIndex } from "../../../src/catalog/search.ts";
import { buildSearchTables, searchOrder } from "../../../scripts/build/catalog/tables.ts";
import { generateCatalog, rng } from "../../../scripts/lib/gen-catalog.ts";
import { TECHNICAL as TECHNICAL_FILE } from "../../../scripts/build/catalog.ts";
import { parseTechnicalTerms, type TechnicalTerm } from "../../../scripts/build/catalog/technical.ts";
import { loadCatalog } from "../../../scripts/lib/fixtures.ts";
import { entryIndex, wordPicker } from "../../helpers/entries.ts";
import { createLinearSearch } from "./search-reference.ts";

/** Technical terms over the random words: a query naming one has no exact hits. */
const TECHNICAL = parseTechnicalTerms("nav sheet\ndrop tabs\nx1");
/** The shipped technical terms. */
const SHIPPED_TECHNICAL = parseTechnicalTerms(readFileSync(TECHNICAL_FILE, "utf8"));
const wordsOfTerms = (terms: readonly TechnicalTerm[]) => terms.map((t) => t.words);

/** The index over tables that went through JSON, as the built catalog's search.json does. */
const serializedIndex = (entries: readonly Entry[], technical: TechnicalTerm[] = []) =>
  entryIndex(entries, { viaJson: true, technical });

// Words that collide on purpose: prefixes, stems, derivations, two words the catalog writes as
// one, case, decomposed and full-width forms, marks, "&".
const WORDS = [
  "drag",
  "drop",
  "dropdown",
  "down",
  "dragging",
  "load",
  "loader",
  "loading",
  "and",
  "Tab",
  "tabs",
  "Step",
  "by",
  "step",
  "a",
  "e",
  "nav",
  "navigation",
  "ui",
  "é",
  "e\u0301",
  "ｔａｂｓ",
  "İstanbul",
  "straße",
  "क्षमा",
  "٣",
  "x1",
  "&",
  "AI",
  "sheet",
  "bottom",
];
const SEPARATORS = [" ", "-", ", ", " & ", "/", "  ", ".", "—"];

const phrase = fc
  .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), { maxLength: 5 })
  .map((parts) => parts.map(([w, s]) => w + s).join(""));
const query = fc.oneof(
  phrase,
  fc.constantFrom(...WORDS).map((w) => w.slice(0, 1 + (w.length >> 1))),
  fc.string({ maxLength: 6 }),
  fc.constant(""),
);

const entry = fc
  .record({
    catalogNumber: fc.integer({ min: 1, max: 12 }), // duplicates on purpose: ties must keep source order
    title: phrase,
    description: phrase,
    tags: fc.array(phrase, { maxLength: 4 }),
    type: fc.constantFrom(...PATTERN_TYPES),
    section: fc.constantFrom("ui-components", "ux-patterns", "ai-patterns"),
    last: fc.constantFrom("tabs", "drag-and-drop", "step-by-step", "nav", "x1"),
    uiCategories: fc.option(fc.array(phrase, { maxLength: 2 }), { nil: undefined }),
    hasGeneratedComponent: fc.boolean(),
  })
  .map(
    (r): Entry => ({
      id: "00000000-0000-4000-8000-000000000000",
      catalogNumber: r.catalogNumber,
      title: r.title, // may normalize to "": only an empty phrase equals it
      description: r.description,
      tags: r.tags,
      type: r.type,
      slug: `/${r.section}/${r.last}`,
      hasGeneratedComponent: r.hasGeneratedComponent,
      ...(r.uiCategories && { uiCategories: r.uiCategories }),
    }),
  );

const filters = [undefined, (e: Entry) => e.hasGeneratedComponent, (e: Entry) => e.catalogNumber % 2 === 0];

function expectSame(actual: Entry[], expected: Entry[]) {
  expect(actual.map((e) => [e.catalogNumber, e.title])).toEqual(expected.map((e) => [e.catalogNumber, e.title]));
  expect(actual.every((e, i) => e === expected[i])).toBe(true);
}

describe("indexed search equals the linear reference", () => {
  it("on random catalogs, queries, categories and filters (tables through JSON or not)", () => {
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 25 }),
        fc.array(
          fc.tuple(
            query,
            fc.option(fc.oneof(phrase, fc.constantFrom("pattern", "ui-components", "tabs")), { nil: undefined }),
            fc.integer({ min: 0, max: 2 }),
          ),
          { minLength: 1, maxLength: 8 },
        ),
        (entries, queries) => {
          const reference = createLinearSearch(entries, wordsOfTerms(TECHNICAL));
          const viaJson = serializedIndex(entries, TECHNICAL);
          const lazy = entryIndex(entries, { technical: TECHNICAL });
          for (const [q, category, f] of queries) {
            const opts = { category, filter: filters[f] };
            const expected = reference.search(q, opts);
            expectSame(viaJson.search(q, opts), expected);
            expectSame(lazy.search(q, opts), expected);
            if (category !== undefined) expectSame(viaJson.inCategory(category), reference.inCategory(category));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("on the shipped catalog and a 10,000-pattern synthetic one, for queries drawn from their own words", async () => {
    const shipped = await loadCatalog();
    const r = rng(7);
    for (const entries of [shipped, generateCatalog(shipped, 10_000)]) {
      const reference = createLinearSearch(entries, wordsOfTerms(SHIPPED_TECHNICAL));
      const index = serializedIndex(entries, SHIPPED_TECHNICAL);
      const pick = wordPicker(entries, r);
      const queries = [
        "",
        "drag and drop",
        "a",
        "to",
        "to the",
        "Step by Step",
        "zzzz",
        // Two words the catalog writes as one, derivations in titles, stems.
        "drop down menu",
        "drop down",
        "skeleton loading",
        "date picking",
        "notifications",
        // A technical term of catalog words: no exact hits.
        "linked list",
        "time to live",
        ...Array.from({ length: 60 }, () => {
          const n = 1 + Math.floor(r() * 3);
          return Array.from({ length: n }, () => (r() < 0.3 ? pick().slice(0, 3) : pick())).join(" ");
        }),
      ];
      for (const q of queries) {
        for (const opts of [
          {},
          { filter: filters[1] },
          { category: "ui-components" },
          { category: pick(), filter: filters[2] },
        ]) {
          expectSame(index.search(q, opts), reference.search(q, opts));
        }
      }
    }
  });

  it("gives a query the same results whatever was searched before it", async () => {
    const entries = await loadCatalog();
    const reference = createLinearSearch(entries);
    // Short words match many patterns, long ones few: each query follows one unlike it.
    const queries = [
      "a",
      "e",
      "na",
      "navigation",
      "tab",
      "tabs",
      "drag drop",
      "a e",
      "zzzz",
      "in",
      "on",
      "form",
      "a",
      "navigation",
      "e",
    ];
    const index = entryIndex(entries);
    for (const q of [...queries, ...queries.toReversed()]) {
      expectSame(index.search(q), reference.search(q));
      expectSame(index.search(q, { filter: filters[1] }), reference.search(q, { filter: filters[1] }));
      expect(index.ranked(q)).toEqual(entryIndex(entries).ranked(q));
    }
    // 2,000 distinct junk words of 200 characters find nothing, and leave nothing behind.
    for (let i = 0; i < 2000; i++) expect(index.search(`${"q".repeat(195)}${String(i).padStart(5, "0")}`)).toEqual([]);
    expectSame(index.search("navigation"), reference.search("navigation"));
  });

  it("survives a filter that searches again (re-entrant call)", async () => {
    const entries = await loadCatalog();
    const reference = createLinearSearch(entries);
    const index = entryIndex(entries);
    const inner: number[] = [];
    const filter = (e: Entry) => (inner.push(index.search("navigation").length), e.tags.length > 1);
    expectSame(index.search("menu", { filter }), reference.search("menu", { filter: (e) => e.tags.length > 1 }));
    expect(new Set(inner)).toEqual(new Set([reference.search("navigation").length]));
    expectSame(index.search("menu"), reference.search("menu"));
  });

  it("refuses search tables that do not describe the catalog", async () => {
    const entries = await loadCatalog();
    const tables = buildSearchTables(searchOrder(entries.slice(1)));
    expect(() => createSearchIndex(tables, entries.length).search("tabs")).toThrow(/rebuild the catalog/);
  });
});
