/**
 * The catalog map, patttterns://catalog/index: its builder (scripts/build/map.ts), the shipped text's
 * token budget and completeness, the resource listed and read in both eras, in process (from the
 * served edge function with the official SDK clients: tests/served/clients/catalog-map.test.ts), and
 * what points agents to it (the search tools' suggestion: tests/unit/tools/search-json.test.ts).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { CATALOG_MAP } from "../../../generated/catalog-map.ts";
import { SKILL } from "../../../generated/skill.ts";
import { parseCatalog } from "../../../scripts/build/catalog/parse.ts";
import { MAP_PATH, renderCatalogMap, renderMapModule, WHAT_CHARS, whatItIs } from "../../../scripts/build/map.ts";
import { ROOT } from "../../../scripts/lib/repo-root.ts";
import { slugSection } from "../../../src/catalog/search.ts";
import type { Entry } from "../../../src/catalog/schema.ts";
import { INSTRUCTIONS } from "../../../src/instructions.ts";
import { CATALOG_MAP_URI } from "../../../src/resources/catalog-map.ts";
import { catalogData, modern, post, testApp } from "../../helpers/app.ts";

/** The most the map may cost an agent's context, in o200k_base tokens. */
const TOKEN_BUDGET = 4_000;
const entries = parseCatalog(catalogData);

const entry = (n: number, title: string, section: string, description = `${title} does things.`): Entry => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  catalogNumber: n,
  title,
  description,
  tags: [],
  type: "pattern",
  slug: `/${section}/${title.toLowerCase().replace(/\W+/g, "-")}`,
  hasGeneratedComponent: false,
});

describe("whatItIs: the first words of a description", () => {
  it("keeps a short first clause whole, without its article or full stop", () => {
    expect(whatItIs("A gallery of styles. More text.")).toBe("gallery of styles");
    expect(whatItIs("The branded screen shown at launch.")).toBe("branded screen shown at launch");
  });

  it("ends the phrase at a dash, colon, semicolon or parenthesis; TL;DR is a word", () => {
    expect(whatItIs("Direct manipulation — people pick things up")).toBe("Direct manipulation");
    expect(whatItIs("Two panes: a list and a detail")).toBe("Two panes");
    expect(whatItIs("Compact cards (one per call) in the chat")).toBe("Compact cards");
    expect(whatItIs("Short lists; nothing more")).toBe("Short lists");
    expect(whatItIs("AI-generated TL;DR at the top")).toBe("AI-generated TL;DR at the top");
  });

  it("cuts to whole words within the characters given, never ending on a word that leads into the cut", () => {
    const description = "A message box at the bottom of the chat where people type";
    expect(whatItIs(description, 20)).toBe("message box");
    expect(whatItIs(description, 26)).toBe("message box at the bottom");
    expect(whatItIs("Selecting text, a chart or a table to ask about it", 18)).toBe("Selecting text");
    expect(whatItIs("Signing in by clicking a one-time link", 32)).toBe("Signing in by clicking");
    expect(whatItIs("Supercalifragilisticexpialidocious words", 10)).toBe("Supercalifragilisticexpialidocious");
  });

  it("on the shipped catalog: every phrase is the start of its description, word for word, within the limit", () => {
    const words = (s: string) => s.split(/\s+/).filter(Boolean);
    for (const e of entries) {
      const what = whatItIs(e.description);
      expect(what.length, e.title).toBeGreaterThan(0);
      expect(what.length, e.title).toBeLessThanOrEqual(Math.max(WHAT_CHARS, words(what)[0].length));
      const source = words(e.description.replace(/^(?:a|an|the)\s+/i, ""));
      const said = words(what);
      // Its last word may have lost the punctuation that ended the clause.
      expect(source.slice(0, said.length - 1), e.title).toEqual(said.slice(0, -1));
      expect(source[said.length - 1].startsWith(said[said.length - 1]), e.title).toBe(true);
    }
  });
});

describe("renderCatalogMap", () => {
  it("lists sections by name, each with its count, and their patterns by title", () => {
    const md = renderCatalogMap([
      entry(9, "Zoom", "ux-patterns"),
      entry(3, "accordion", "ui-components", "A stack of headers — that expand."),
      entry(12, "Tabs", "ui-components"),
    ]);
    expect(md.split("\n").slice(3)).toEqual([
      "",
      "## ui-components (2)",
      "",
      "#3 accordion: stack of headers",
      "#12 Tabs: Tabs does things",
      "",
      "## ux-patterns (1)",
      "",
      "#9 Zoom: Zoom does things",
      "",
    ]);
    expect(md).toMatch(/^# PATTTTERNS catalog map\n\nAll 3 patterns by site section/);
  });

  it("generated/catalog-map.ts holds the shipped catalog's map (run `npm run build` when this fails)", async () => {
    const expected = renderMapModule(renderCatalogMap(entries));
    expect(await readFile(join(ROOT, MAP_PATH), "utf8")).toBe(expected);
    expect(CATALOG_MAP).toBe(renderCatalogMap(entries));
  });
});

describe("the shipped map", () => {
  it(`costs at most ${TOKEN_BUDGET} tokens (o200k_base)`, () => {
    expect(countTokens(CATALOG_MAP)).toBeLessThanOrEqual(TOKEN_BUDGET);
  });

  it("names every pattern exactly once, under its section, with its number and title", () => {
    let section: string | undefined;
    const seen = new Map<number, { section?: string; line: string }>();
    const counts = new Map<string, number>();
    for (const line of CATALOG_MAP.split("\n")) {
      const heading = /^## ([a-z-]+) \((\d+)\)$/.exec(line);
      if (heading) {
        section = heading[1];
        counts.set(section, Number(heading[2]));
      }
      const n = /^#(\d+) /.exec(line);
      if (!n) continue;
      expect(seen.has(Number(n[1])), line).toBe(false);
      seen.set(Number(n[1]), { section, line });
    }
    expect(seen.size).toBe(entries.length);
    for (const e of entries) {
      const found = seen.get(e.catalogNumber);
      expect(found?.section, e.title).toBe(slugSection(e.slug));
      expect(found?.line.startsWith(`#${e.catalogNumber} ${e.title}: `), e.title).toBe(true);
    }
    for (const [name, count] of counts)
      expect(count, name).toBe(entries.filter((e) => slugSection(e.slug) === name).length);
  });
});

describe("the resource", () => {
  const app = testApp();

  it("is listed as text/markdown, with a title and description", async () => {
    const list = (await (await app.handle(modern("resources/list"))).json()).result;
    const listed = list.resources.find((r: { uri: string }) => r.uri === CATALOG_MAP_URI);
    expect(listed).toMatchObject({ name: "catalog-index.md", mimeType: "text/markdown" });
    expect(listed.description).toMatch(/catalog number, title.*some_words/);
  });

  it("is read as the map in both eras, with the tool list's cache hint on 2026-07-28", async () => {
    const current = (await (await app.handle(modern("resources/read", { uri: CATALOG_MAP_URI }))).json()).result;
    expect(current.contents).toEqual([{ uri: CATALOG_MAP_URI, mimeType: "text/markdown", text: CATALOG_MAP }]);
    expect(current.ttlMs).toBeGreaterThan(0);
    const legacy = post({ jsonrpc: "2.0", id: 1, method: "resources/read", params: { uri: CATALOG_MAP_URI } });
    expect((await (await app.handle(legacy)).json()).result.contents[0].text).toBe(CATALOG_MAP);
  });

  it("a URI beside it names nothing: the era's not-found error", async () => {
    const uri = `${CATALOG_MAP_URI}.md`;
    const current = await (await app.handle(modern("resources/read", { uri }))).json();
    expect(current.error).toMatchObject({ code: -32602, data: { uri } });
    const legacy = post({ jsonrpc: "2.0", id: 1, method: "resources/read", params: { uri } });
    expect((await (await app.handle(legacy)).json()).error).toMatchObject({ code: -32002, data: { uri } });
  });
});

describe("what points to it", () => {
  it("the server's instructions, on initialize and server/discover", async () => {
    const app = testApp();
    const discover = (await (await app.handle(modern("server/discover"))).json()).result;
    expect(discover.instructions).toMatch(/search finds nothing or only some_words.*patttterns:\/\/catalog\/index/);
    expect(INSTRUCTIONS).toContain(CATALOG_MAP_URI);
  });

  it("the agent skill, where a search finds nothing or only weak hits", () => {
    expect(SKILL.markdown).toMatch(/Nothing found, or only `some_words`[^\n]*\n[^\n]*patttterns:\/\/catalog\/index/);
  });
});
