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
import { postingsByWord } from "../../../scripts/build/catalog/tables.ts";
import { parseThesaurus } from "../../../scripts/build/catalog/thesaurus.ts";
import { ROOT } from "../../../scripts/lib/repo-root.ts";
import { STOPWORDS, stemOf } from "../../../src/catalog/analyze.ts";
import { normalize, wordsOf } from "../../../src/catalog/normalize.ts";
import { decodeRankData } from "../../../src/catalog/rank-data.ts";
import { decodeSearchData, FIELD } from "../../../src/catalog/search-data.ts";

const entries = parseCatalog(JSON.parse(readFileSync(`${ROOT}/search_index.json`, "utf8")));
const rules = parseThesaurus(readFileSync(`${ROOT}/thesaurus.txt`, "utf8"));
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe("the word index (search-data.ts, both sides)", () => {
  const data = buildSearchData(entries);
  const ix = decodeSearchData(data, entries.length);
  const vocab = ix.vocab.split("\n");

  it("gives back each pattern's words with their fields, as the encoder read them off the pattern", () => {
    entries.forEach((e, d) => {
      const decoded = new Map<string, number>();
      for (let i = ix.docStart[d]; i < ix.docStart[d + 1]; i++) decoded.set(vocab[ix.fwdWord[i]], ix.fwdField[i]);
      expect(decoded, e.title).toEqual(patternWords(e));
    });
  });

  it("refuses an index built for another number of patterns", () => {
    expect(() => decodeSearchData(data, entries.length + 1)).toThrow(/rebuild the catalog/);
  });
});

describe("the rank tables (rank-data.ts, both sides)", () => {
  const ix = decodeSearchData(buildSearchData(entries), entries.length);
  const vocab = ix.vocab.split("\n");
  const byWord = postingsByWord(ix);
  const docsOf = (k: number) => byWord.docs[k];
  const named = (k: number) => byWord.fields[k].some((f) => (f & (FIELD.title | FIELD.tag)) !== 0);
  const titles = entries.map((e) => normalize(e.title));
  const data = buildRankData(ix, named, titles, rules);
  const rank = decodeRankData(data, ix, entries.length);
  /** Each stem's words by vocabulary index, computed here from the words themselves. */
  const wordsOfStem = new Map<string, number[]>();
  vocab.forEach((w, k) => {
    wordsOfStem.set(stemOf(w), [...(wordsOfStem.get(stemOf(w)) ?? []), k]);
  });

  it("gives back every word's stem", () => {
    expect(rank.stems).toEqual([...new Set(vocab.map(stemOf))].sort(byCodeUnit));
    expect([...rank.wordStem].map((s) => rank.stems[s])).toEqual(vocab.map(stemOf));
  });

  it("lists each stem's patterns ascending, each once with the fields of all its words of that stem", () => {
    const expected = new Map<string, Map<number, number>>();
    entries.forEach((_, d) => {
      for (let i = ix.docStart[d]; i < ix.docStart[d + 1]; i++) {
        const s = stemOf(vocab[ix.fwdWord[i]]);
        const own = expected.get(s) ?? expected.set(s, new Map()).get(s)!;
        own.set(d, (own.get(d) ?? 0) | ix.fwdField[i]);
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
      const docs = new Set<number>();
      for (const k of wordsOfStem.get(s)!) for (const d of docsOf(k)) docs.add(d);
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
