/**
 * The built catalog's formats, encoder against decoder: what scripts/build/catalog/ writes,
 * src/catalog/ files of the same names read back unchanged. Decoding what was encoded gives back
 * exactly what the encoder was given, over the shipped catalog and thesaurus.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseCatalog } from "../../../scripts/build/catalog/parse.ts";
import { buildRankData } from "../../../scripts/build/catalog/rank-data.ts";
import { buildSearchData, patternWords } from "../../../scripts/build/catalog/search-data.ts";
import { parseThesaurus } from "../../../scripts/build/catalog/thesaurus.ts";
import { ROOT } from "../../../scripts/lib/repo-root.ts";
import { STOPWORDS, stemOf } from "../../../src/catalog/analyze.ts";
import { normalize, wordsOf } from "../../../src/catalog/normalize.ts";
import { decodeRankData } from "../../../src/catalog/rank-data.ts";
import { decodeSearchData } from "../../../src/catalog/search-data.ts";

const entries = parseCatalog(JSON.parse(readFileSync(`${ROOT}/search_index.json`, "utf8")));
const rules = parseThesaurus(readFileSync(`${ROOT}/thesaurus.txt`, "utf8"));
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe("the word index (search-data.ts, both sides)", () => {
  const perDoc = entries.map(patternWords);
  const data = buildSearchData(perDoc);
  const ix = decodeSearchData(data, entries.length);

  it("gives back each pattern's number of words and the fields they occur in", () => {
    entries.forEach((e, d) => {
      const words = patternWords(e);
      expect(ix.docWords[d], e.title).toBe(words.size);
      expect(ix.docFields[d], e.title).toBe([...words.values()].reduce((a, f) => a | f, 0));
    });
  });

  it("refuses an index built for another number of patterns", () => {
    expect(() => decodeSearchData(data, entries.length + 1)).toThrow(/rebuild the catalog/);
  });
});

describe("the rank tables (rank-data.ts, both sides)", () => {
  const perDoc = entries.map(patternWords);
  const ix = decodeSearchData(buildSearchData(perDoc), entries.length);
  const vocab = [...new Set(perDoc.flatMap((m) => [...m.keys()]))];
  const titles = entries.map((e) => normalize(e.title));
  const data = buildRankData(perDoc, titles, rules);
  const rank = decodeRankData(data, ix, entries.length);
  /** Each stem's patterns, computed here from the words themselves. */
  const docsOfStem = new Map<string, Set<number>>();
  perDoc.forEach((words, d) => {
    for (const w of words.keys()) docsOfStem.set(stemOf(w), (docsOfStem.get(stemOf(w)) ?? new Set()).add(d));
  });

  it("gives back the stems of the catalog's words", () => {
    expect(rank.stems).toEqual([...new Set(vocab.map(stemOf))].sort(byCodeUnit));
  });

  it("lists each stem's patterns ascending, each once with the fields of all its words of that stem", () => {
    const expected = new Map<string, Map<number, number>>();
    perDoc.forEach((words, d) => {
      for (const [w, f] of words) {
        const s = stemOf(w);
        const own = expected.get(s) ?? expected.set(s, new Map()).get(s)!;
        own.set(d, (own.get(d) ?? 0) | f);
      }
    });
    rank.stems.forEach((s, id) => {
      const own: [number, number][] = [];
      for (let i = rank.postStart[id]; i < rank.postStart[id + 1]; i++) own.push([rank.postDoc[i], rank.postField[i]]);
      expect(own, s).toEqual([...expected.get(s)!].sort((a, b) => a[0] - b[0]));
    });
  });

  it("gives back each stem's document frequency, as its idf", () => {
    const n = entries.length;
    rank.stems.forEach((s, id) => {
      const docs = docsOfStem.get(s)!;
      expect(rank.idf[id], s).toBeCloseTo(Math.log(1 + (n - docs.size + 0.5) / (docs.size + 0.5)), 12);
    });
  });

  it("gives back each title's stems, function words left out", () => {
    titles.forEach((t, d) => {
      const own = [...rank.titleStem.subarray(rank.titleStart[d], rank.titleStart[d + 1])].map((s) => rank.stems[s]);
      const expected = new Set(
        wordsOf(t)
          .filter((w) => !STOPWORDS.has(w))
          .map(stemOf),
      );
      expect(new Set(own), t).toEqual(expected);
    });
  });

  it("gives back the spelling targets, by length, in the encoder's order", () => {
    const lengths = new Set(data.spellings.split("\n").map((w) => w.length));
    expect([...lengths].sort((a, b) => a - b).flatMap((l) => rank.spellings(l))).toEqual(data.spellings.split("\n"));
  });

  it("gives back, for each thesaurus phrase, every phrase its rule adds", () => {
    let checked = 0;
    for (const rule of rules) {
      for (const from of rule.from) {
        const key = from.map(stemOf).join(" ");
        const found = new Set((rank.synonymsOf(key) ?? []).map((p) => p.join(" ")));
        for (const to of rule.to) {
          const target = to.filter((w) => !STOPWORDS.has(w)).map(stemOf);
          // The encoder leaves out targets no pattern could match, and a key never searches for itself.
          if (!target.length || target.join(" ") === key || !target.some((s) => rank.stemIdOf(s) >= 0)) continue;
          expect(found.has(target.join(" ")), `${from.join(" ")} -> ${to.join(" ")}`).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
