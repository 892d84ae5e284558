/**
 * Registry names over the whole catalog: one per pattern, the slug's last segment unless another
 * pattern shares it or the registry keeps it (`registry`), then `{segment}-{catalog number}`; each
 * name leads back to its pattern and nothing else does.
 */
import { describe, expect, it } from "vitest";
import * as catalogData from "../../../generated/catalog/load.ts";
import { openCatalog } from "../../../src/catalog/catalog.ts";
import { entryNamed, registryName } from "../../../src/registry/names.ts";
import { catalogData as rawCatalog } from "../../helpers/app.ts";
import { memoryReader } from "../../helpers/memory-catalog.ts";

const catalog = openCatalog(catalogData, "https://patttterns.com");
const all = (await catalog.search("", {})).hits;

describe("registry names", () => {
  it("every one of the catalog's patterns has its own name, none is `registry`, and each leads back to it", async () => {
    expect(all).toHaveLength(catalog.count);
    const names = await Promise.all(all.map((e) => registryName(catalog, e)));
    expect(new Set(names).size).toBe(names.length);
    expect(names).not.toContain("registry");
    for (const [i, e] of all.entries()) {
      const found = await entryNamed(catalog, names[i]);
      expect(found.entry?.id, names[i]).toBe(e.id);
    }
  });

  it("is the last slug segment where it is unique: date-picker for #77", async () => {
    const [e] = (await catalog.search("date picker", { withCode: true, limit: 1 })).hits;
    expect(e.catalogNumber).toBe(77);
    expect(await registryName(catalog, e)).toBe("date-picker");
  });

  it("patterns sharing a last segment are {segment}-{catalog number}; the bare segment names none of them", async () => {
    const shared = new Map<string, number[]>();
    for (const e of all) {
      const last = e.slug.slice(e.slug.lastIndexOf("/") + 1);
      shared.set(last, [...(shared.get(last) ?? []), e.catalogNumber]);
    }
    const pairs = [...shared].filter(([, ns]) => ns.length > 1);
    expect(pairs.map(([s]) => s).sort()).toEqual(["checkout", "onboarding", "voice-input"]);
    for (const [segment, numbers] of pairs) {
      const found = await entryNamed(catalog, segment);
      expect(found.entry).toBeUndefined();
      expect(found.entry ? [] : found.sharing.map((e) => e.catalogNumber)).toEqual(numbers);
      for (const n of numbers) expect((await entryNamed(catalog, `${segment}-${n}`)).entry?.catalogNumber).toBe(n);
    }
  });

  it("no pattern with a component shares its last segment today: each is served under its plain segment", async () => {
    for (const e of (await catalog.search("", { withCode: true })).hits)
      expect(await registryName(catalog, e)).toBe(e.slug.slice(e.slug.lastIndexOf("/") + 1));
  });

  it("a unique segment's numbered form, a wrong number, leading zeros and malformed names name nothing", async () => {
    for (const name of [
      "date-picker-77",
      "onboarding-83",
      "onboarding-082",
      "Date-Picker",
      "date_picker",
      "-tabs",
      "tabs-",
      "a--b",
      "",
      "x".repeat(101),
      "77",
      "70f4b86f95f94fe5b95bae934f87ba66",
    ])
      expect((await entryNamed(catalog, name)).entry, name).toBeUndefined();
  });

  it("a pattern ending in `registry`, the index's name, is served as registry-{catalog number}", async () => {
    const entries = rawCatalog as { slug: string; catalogNumber: number; id: string }[];
    const extra = {
      ...entries[0],
      id: "0123456789abcdef0123456789abcdef",
      catalogNumber: 9999,
      slug: "/ux-patterns/registry",
    };
    const withRegistry = openCatalog(memoryReader([...entries, extra]), "https://patttterns.com");
    const [e] = (await withRegistry.search("", {})).hits.filter((x) => x.catalogNumber === 9999);
    expect(await registryName(withRegistry, e)).toBe("registry-9999");
    expect((await entryNamed(withRegistry, "registry-9999")).entry?.catalogNumber).toBe(9999);
    expect((await entryNamed(withRegistry, "registry")).entry).toBeUndefined();
  });
});
