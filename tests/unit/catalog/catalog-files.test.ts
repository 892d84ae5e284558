/**
 * generated/catalog/ (what the edge function ships) must be exactly what `npm run build` makes from the
 * committed search_index.json, and a catalog loaded from it on demand must answer exactly as one
 * validated from the raw index: resolve, search, categories and tags, for the shipped catalog and a
 * generated 2,000-pattern one. A file that fails to load fails only the requests that need it.
 */
import { mkdtemp, rename, rm } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import type { Catalog } from "../../../src/catalog/catalog.ts";
import type { Resolution } from "../../../src/catalog/resolve.ts";
import type { Entry } from "../../../src/catalog/schema.ts";
import type { CatalogFiles } from "../../../src/catalog/reader.ts";
import {
  ABSENT,
  buildCatalogFiles,
  CATALOG_DIR,
  CHUNK,
  GROUP,
  SOURCE,
  TECHNICAL,
  THESAURUS,
  staleFiles,
  writeCatalogFiles,
} from "../../../scripts/build/catalog.ts";
import { generateCatalog, rng } from "../../../scripts/lib/gen-catalog.ts";
import { createCatalog } from "../../helpers/memory-catalog.ts";
import {
  carried,
  ownText,
  parseAbsentInterfaces,
  parseTechnicalTerms,
} from "../../../scripts/build/catalog/technical.ts";
import { parseThesaurus } from "../../../scripts/build/catalog/thesaurus.ts";
import * as shippedFiles from "../../../generated/catalog/load.ts";
import { fixtureSource } from "../../helpers/app.ts";
import { callTool } from "../../helpers/tools.ts";
import { wordPicker } from "../../helpers/entries.ts";
import { createApp } from "../../../src/app.ts";

const SITE = "https://patttterns.com";
const sourceText = readFileSync(SOURCE, "utf8");
const thesaurus = readFileSync(THESAURUS, "utf8");
const synonyms = parseThesaurus(thesaurus);
const technical = parseTechnicalTerms(readFileSync(TECHNICAL, "utf8"));
const absent = parseAbsentInterfaces(readFileSync(ABSENT, "utf8"));
const raw = JSON.parse(sourceText) as Entry[];
const work = await mkdtemp(join(tmpdir(), "catalog-files-"));
afterAll(() => rm(work, { recursive: true, force: true }));

/**
 * Builds `entries` (or takes the files `text` built of them) into a fresh directory `work/name` and
 * imports its load.ts, as the edge function does; `text` is what was written.
 */
async function built(
  name: string,
  entries: unknown[] | Promise<Map<string, string>>,
  opts?: { group?: number },
): Promise<{ files: CatalogFiles; text: Map<string, string> }> {
  const dir = join(work, name);
  const text = Array.isArray(entries)
    ? await buildCatalogFiles(JSON.stringify(entries), { ...opts, thesaurus })
    : await entries;
  await writeCatalogFiles(dir, text);
  return { files: await import(pathToFileURL(join(dir, "load.ts")).href), text };
}

/**
 * A build is most of a test's time: the shipped catalog's files and those of a generated 2,000-pattern
 * one are built once, on first use, for the tests that only read them (each writes its own directory).
 */
let shippedBuild: Promise<Map<string, string>> | undefined;
const shippedText = () => (shippedBuild ??= buildCatalogFiles(sourceText, { thesaurus }));
const large = generateCatalog(raw, 2000, 3);
let largeBuild: Promise<Map<string, string>> | undefined;
const largeText = () => (largeBuild ??= buildCatalogFiles(JSON.stringify(large), { thesaurus }));

const ids = (es: readonly Entry[]) => es.map((e) => e.id);
/** A resolution as compared: the entry's id, or the whole domain error (its code, message and candidates). */
const outcome = (r: Resolution) => (r.ok ? { ok: true, id: r.entry.id } : r);

/** Every form of every entry's ref, some near misses, and queries drawn from the catalog's own words. */
function probes(entries: readonly Entry[], seed: number) {
  const r = rng(seed);
  const refs = entries.flatMap((e) => {
    const last = e.slug.slice(e.slug.lastIndexOf("/") + 1);
    return [
      `#${e.catalogNumber}`,
      e.id.toUpperCase(),
      e.id.replace(/-/g, ""),
      e.slug,
      last,
      `${SITE}${e.slug}?x=1`,
      e.title,
      e.title.slice(0, -1),
    ];
  });
  refs.push("", "#0", "#99999", "nope", "checkout", "onboarding", "constructor", "__proto__", "https://evil.example/x");
  const pick = wordPicker(entries, r);
  const queries = [
    "",
    "drag and drop",
    "tabs",
    "a",
    "zzzz",
    ...Array.from({ length: 40 }, () =>
      Array.from({ length: 1 + Math.floor(r() * 2) }, () => (r() < 0.3 ? pick().slice(0, 3) : pick())).join(" "),
    ),
  ];
  return {
    refs,
    queries,
    categories: [undefined, "ui-components", "components", "navigation", "Forms", pick(), "nothing-here"],
  };
}

async function expectSameCatalog(split: Catalog, memory: Catalog, entries: readonly Entry[], seed: number) {
  expect(split.count).toBe(memory.count);
  expect(split.withCode).toBe(memory.withCode);
  expect(split.categories()).toEqual(memory.categories());
  expect(split.tags()).toEqual(memory.tags());
  // Every entry, loaded by its number, as validated from the raw index (less the site's searchText).
  for (const { catalogNumber: n } of entries) {
    const [a, b] = [await split.resolve(`#${n}`), await memory.resolve(`#${n}`)];
    expect(a.ok && b.ok, `#${n} resolves in both`).toBe(true);
    expect(a.ok && a.entry, `#${n}`).toEqual(b.ok && (({ searchText: _, ...e }) => e)(b.entry));
  }
  const { refs, queries, categories } = probes(entries, seed);
  for (const ref of refs) expect(outcome(await split.resolve(ref)), ref).toEqual(outcome(await memory.resolve(ref)));
  for (const q of queries) {
    for (const category of categories) {
      for (const opts of [{ category }, { category, withCode: true }, { category, limit: 5 }]) {
        const [a, b] = [await split.search(q, opts), await memory.search(q, opts)];
        expect(a.total, `${q} ${JSON.stringify(opts)}`).toBe(b.total);
        expect(ids(a.hits), `${q} ${JSON.stringify(opts)}`).toEqual(ids(b.hits));
      }
    }
  }
  for (const c of categories)
    if (c !== undefined) expect(await split.categorySize(c), c).toBe(await memory.categorySize(c));
}

describe("the built catalog (generated/catalog/)", () => {
  it("is current: rebuilt from search_index.json every file is byte-identical (else run npm run build)", async () => {
    const files = await shippedText();
    expect(await staleFiles(CATALOG_DIR, files), "stale generated/catalog/: run npm run build").toEqual([]);
    expect((shippedFiles.head as { count: number }).count).toBe(raw.length);
    expect([...files.keys()].filter((f) => /^entries-\d+\.json$/.test(f))).toHaveLength(Math.ceil(raw.length / CHUNK));
  });

  it("loads without zod into the same catalog as the validated raw index (shipped catalog)", async () => {
    await expectSameCatalog(
      createCatalog(shippedFiles, SITE),
      createCatalog(raw, SITE, { synonyms, technical, absent }),
      raw,
      1,
    );
  });

  it("answers exactly as the raw index at 2,000 patterns, random refs included", async () => {
    const entries = large;
    const { files, text } = await built("gen-2000", largeText());
    expect((files.head as { shards: number }).shards).toBe(16);
    // 63 entry chunks: reached through two group modules; 16 key shards: named in load.ts itself.
    expect([...text.keys()].filter((f) => f.endsWith(".ts")).sort()).toEqual([
      "entries-g000.ts",
      "entries-g001.ts",
      "load.ts",
    ]);
    const split = createCatalog(files, SITE);
    const memory = createCatalog(entries, SITE, { synonyms, technical, absent });
    await expectSameCatalog(split, memory, entries, 2);
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), async (ref) => {
        expect(outcome(await split.resolve(ref))).toEqual(outcome(await memory.resolve(ref)));
      }),
      { numRuns: 300 },
    );
  });

  it("refuses an invalid index at build time, with the reason", async () => {
    const bad = JSON.stringify([{ ...raw[0], slug: "not a slug" }]);
    await expect(buildCatalogFiles(bad)).rejects.toThrow(/search_index\.json is invalid: 0\.slug/);
    const dup = JSON.stringify([raw[0], { ...raw[1], catalogNumber: raw[0].catalogNumber }]);
    await expect(buildCatalogFiles(dup)).rejects.toThrow(/duplicate catalogNumber/);
  });

  it("refuses technical terms that are UI vocabulary, or malformed, naming the line", async () => {
    const one = JSON.stringify(raw.slice(0, 40));
    const build = (technical: string) => buildCatalogFiles(one, { thesaurus, technical });
    await expect(build("# ok\n\nterraform\nhelm chart\n")).resolves.toBeInstanceOf(Map);
    // A word of a title alone ("Swipe to Dismiss"), a whole title, a run of a thesaurus term.
    await expect(build("terraform\nswipe")).rejects.toThrow(/line 2: "swipe" is a word of a pattern's title/);
    await expect(build("modal dialog")).rejects.toThrow(/"modal dialog" is a pattern's title/);
    await expect(build("snackbar")).rejects.toThrow(/is in the thesaurus/);
    await expect(build("a, b")).rejects.toThrow(/line 1: one term per line/);
    await expect(build("one two three four five")).rejects.toThrow(/line 1: a term of more than 4 words/);
  });

  it("refuses absent interfaces that other lists read, or malformed, naming the line", async () => {
    const build = (absent: string) => buildCatalogFiles(JSON.stringify(raw.slice(0, 40)), { thesaurus, absent });
    await expect(build("# ok\n\nvideo call\npie chart\n")).resolves.toBeInstanceOf(Map);
    // A run of a thesaurus term's words, a technical term.
    await expect(build("video call\nslot machine")).rejects.toThrow(/line 2: "slot machine" is in the thesaurus/);
    await expect(build("terraform")).rejects.toThrow(/line 1: "terraform" is a technical term/);
    await expect(build("a, b")).rejects.toThrow(/absent-interfaces line 1: one term per line/);
  });

  it("leaves out an absent interface a pattern says, and the shipped list holds none", async () => {
    const first = raw
      .slice(0, 40)
      .map((e, i) => (i === 3 ? { ...e, description: `${e.description} A quantum abacus.` } : e));
    const text = await buildCatalogFiles(JSON.stringify(first), { thesaurus, absent: "video call\nquantum abacuses" });
    const keys = (JSON.parse(text.get("search.json")!) as { rank: { absent: string } }).rank.absent.split("\n");
    expect(keys).toEqual(["video call"]);
    expect(carried(parseAbsentInterfaces("quantum abacus"), first.map(ownText))).toEqual([
      expect.objectContaining({ title: first[3].title }),
    ]);
    // The site may add a pattern for an interface listed as absent: this names it, to be taken off the list.
    expect(carried(absent, raw.map(ownText)).map((c) => `${c.term.words.join(" ")} (${c.title})`)).toEqual([]);
  });

  it("fails loudly when its search tables do not match its head, or its head is of another format", async () => {
    const head = shippedFiles.head as { count: number };
    const broken = createCatalog({ ...shippedFiles, head: { ...head, count: head.count - 1 } }, SITE);
    await expect(broken.search("tabs")).rejects.toThrow(/rebuild the catalog/);
    expect(() => createCatalog({ ...shippedFiles, head: { ...head, format: "patttterns-catalog/1" } }, SITE)).toThrow(
      /rebuild the catalog/,
    );
  });
});

describe("group modules", () => {
  it("load every chunk and shard of a large catalog, name few files each, and reject numbers it has not", async () => {
    const entries = generateCatalog(raw, 2000, 7);
    const { files, text } = await built("gen-grouped", entries, { group: 4 });
    const head = files.head as { chunkSize: number; shards: number };
    const chunks = Math.ceil(2000 / head.chunkSize);
    // load.ts names the 16 + 4 group modules and search.json; each group module its 4 files.
    const specifiers = (name: string) => text.get(name)!.match(/import\(/g)!.length;
    expect(specifiers("load.ts")).toBe(Math.ceil(chunks / 4) + head.shards / 4 + 1);
    expect([...text.keys()].filter((f) => /-g\d+\.ts$/.test(f)).every((f) => specifiers(f) <= 4)).toBe(true);
    const pad = (n: number) => String(n).padStart(3, "0");
    for (let k = 0; k < chunks; k++)
      expect(await files.entries(k), `chunk ${k}`).toEqual(JSON.parse(text.get(`entries-${pad(k)}.json`)!));
    for (let s = 0; s < head.shards; s++)
      expect(await files.keys(s), `shard ${s}`).toEqual(JSON.parse(text.get(`keys-${pad(s)}.json`)!));
    for (const k of [-1, chunks, 1.5, Number.NaN])
      await expect(files.entries(k)).rejects.toThrow(new RangeError(`no entry chunk ${k}`));
    for (const s of [-1, head.shards, 0.5])
      await expect(files.keys(s)).rejects.toThrow(new RangeError(`no key shard ${s}`));
  });

  it("are not made while a kind has at most GROUP files (the shipped catalog names its files in load.ts)", async () => {
    expect(
      Math.ceil(raw.length / CHUNK),
      "the shipped catalog outgrew one group: test a smaller one",
    ).toBeLessThanOrEqual(GROUP);
    const files = await shippedText();
    expect([...files.keys()].filter((f) => f.endsWith(".ts"))).toEqual(["load.ts"]);
  });
});

describe("a catalog file that fails to load", () => {
  it("fails only the requests that need it, and loads once it is back", async () => {
    const entries = large;
    const { files } = await built("gen-missing", largeText());
    const dir = join(work, "gen-missing");
    // Search order is catalog-number order: chunk 5 holds the 6th block of CHUNK patterns.
    const order = [...entries].sort((a, b) => a.catalogNumber - b.catalogNumber);
    const inChunk5 = order[5 * CHUNK + 3];
    const inChunk0 = order[3];
    const chunk5 = join(dir, "entries-005.json");
    await rename(chunk5, `${chunk5}.away`);
    const app = createApp({ catalogData: files, components: fixtureSource() });
    const get = (e: Entry) => callTool(app, "get_pattern", { pattern_id: `#${e.catalogNumber}` });

    // The request needing the missing chunk fails as an internal error, the file's path kept out of it.
    const failed = await get(inChunk5);
    expect(failed.status).toBe(500);
    expect(failed.error?.code).toBe(-32603);
    expect(JSON.stringify(failed.error)).not.toContain("entries-005");
    const fine = await get(inChunk0);
    expect(fine.isError).toBe(false);
    expect(fine.data.pattern_id).toBe(inChunk0.id);
    expect((await callTool(app, "list_categories", {})).data.total).toBe(2000);

    await rename(`${chunk5}.away`, chunk5);
    const again = await get(inChunk5);
    expect(again.isError).toBe(false);
    expect(again.data.pattern_id).toBe(inChunk5.id);
  });
});
