/**
 * search_index.prebuilt.json (what the edge function ships) must be exactly what
 * `npm run build:catalog` makes from the committed search_index.json, and a catalog loaded from it
 * must behave like one validated from the raw index.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createCatalog } from "../../src/catalog/catalog.ts";
import { isPrebuilt } from "../../src/catalog/prebuilt.ts";
import { buildPrebuiltText, PREBUILT, SOURCE } from "../../scripts/build-catalog.ts";

const sourceText = readFileSync(SOURCE, "utf8");
const raw = JSON.parse(sourceText);
const prebuilt = JSON.parse(readFileSync(PREBUILT, "utf8"));
const SITE = "https://patttterns.com";

describe("prebuilt catalog", () => {
  it("is current: rebuilt from search_index.json it is byte-identical (else run npm run build:catalog)", () => {
    const fresh = buildPrebuiltText(sourceText);
    expect(isPrebuilt(prebuilt)).toBe(true);
    expect(prebuilt.entries.length, "stale search_index.prebuilt.json: run npm run build:catalog").toBe(raw.length);
    expect(readFileSync(PREBUILT, "utf8") === fresh, "stale search_index.prebuilt.json: run npm run build:catalog").toBe(true);
  });

  it("loads without zod into the same catalog as the validated raw index", () => {
    const a = createCatalog(prebuilt, SITE);
    const b = createCatalog(raw, SITE);
    expect(a.entries).toEqual(b.entries.map(({ searchText: _, ...e }) => e));
    for (const q of ["drag and drop", "sidebar", "date", "navigation menu", "", "zzz"]) {
      for (const opts of [{}, { category: "ui-components" }, { filter: (e: { hasGeneratedComponent: boolean }) => e.hasGeneratedComponent }]) {
        expect(a.search(q, opts).map((e) => e.id)).toEqual(b.search(q, opts).map((e) => e.id));
      }
    }
    for (const ref of ["#123", "tabs", "/ui-components/modal-dialog", raw[5].id]) {
      const [ra, rb] = [a.resolve(ref), b.resolve(ref)];
      expect(ra.ok && ra.entry.id).toBe(rb.ok && rb.entry.id);
    }
    expect(a.categories()).toEqual(b.categories());
  });

  it("refuses an invalid index at build time, with the reason", () => {
    const bad = JSON.stringify([{ ...raw[0], slug: "not a slug" }]);
    expect(() => buildPrebuiltText(bad)).toThrow(/search_index\.json is invalid: 0\.slug/);
    const dup = JSON.stringify([raw[0], { ...raw[1], catalogNumber: raw[0].catalogNumber }]);
    expect(() => buildPrebuiltText(dup)).toThrow(/duplicate catalogNumber/);
  });

  it("fails loudly when its search index does not match its entries", () => {
    const broken = { ...prebuilt, entries: prebuilt.entries.slice(1) };
    const catalog = createCatalog(broken, SITE);
    expect(() => catalog.search("tabs")).toThrow(/rebuild the catalog/);
  });
});
