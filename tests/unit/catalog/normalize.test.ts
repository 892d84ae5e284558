import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { normalize, tokens } from "../../../src/catalog/normalize.ts";

describe("normalize", () => {
  it("lowercases", () => {
    expect(normalize("Drag And DROP")).toBe("drag and drop");
  });

  it("turns & into the word and, with or without spaces around it", () => {
    expect(normalize("Drag & Drop")).toBe("drag and drop");
    expect(normalize("drag&drop")).toBe("drag and drop");
    expect(normalize("R&D")).toBe("r and d");
    expect(normalize("&&")).toBe("and and");
  });

  it("turns punctuation, symbols and underscores into single spaces", () => {
    expect(normalize("/ui-components/tabs")).toBe("ui components tabs");
    expect(normalize("pull-to-refresh!!!")).toBe("pull to refresh");
    expect(normalize("drag_and_drop")).toBe("drag and drop");
    expect(normalize("a — b … c → d")).toBe("a b c d");
    expect(normalize("“quoted”, (paren) [bracket] {brace}")).toBe("quoted paren bracket brace");
  });

  it("collapses whitespace of every kind and trims", () => {
    expect(normalize("  tabs \t\n  with   overflow\u00a0menu  ")).toBe("tabs with overflow menu");
    expect(normalize("\u2028tabs\u2029")).toBe("tabs");
  });

  it("keeps unicode letters and digits of any script", () => {
    expect(normalize("Dezember décembre 十二月")).toBe("dezember décembre 十二月");
    expect(normalize("ÜBER Straße")).toBe("über straße");
    expect(normalize("Ελληνικά καρτέλες")).toBe("ελληνικά καρτέλες");
    expect(normalize("web3 2fa ٣")).toBe("web3 2fa ٣");
  });

  it("keeps combining marks inside words (Devanagari vowel signs)", () => {
    expect(normalize("हिन्दी खोज")).toBe("हिन्दी खोज");
  });

  it("maps compatibility forms so decomposed, full-width and ligature text matches the catalog", () => {
    expect(normalize("cafe\u0301")).toBe("café");
    expect(normalize("ｔａｂｓ")).toBe("tabs");
    expect(normalize("ﬁle upload")).toBe("file upload");
    expect(normalize("drag ＆ drop")).toBe("drag and drop");
  });

  it("returns an empty string for text without letters or digits", () => {
    expect(normalize("")).toBe("");
    expect(normalize("  ?!… — ")).toBe("");
    expect(normalize("\u0000\u001f")).toBe("");
  });

  it("is idempotent and never leaves double, leading or trailing spaces", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 60 }), (s) => {
        const n = normalize(s);
        expect(normalize(n)).toBe(n);
        expect(n).not.toMatch(/ {2}|^ | $/);
        expect(n).toBe(n.toLowerCase());
      }),
      { numRuns: 500 },
    );
  });
});

describe("tokens", () => {
  it("splits the normalized text into words", () => {
    expect(tokens("Drag & Drop")).toEqual(["drag", "and", "drop"]);
    expect(tokens("/ui-components/tabs-with-overflow-menu")).toEqual([
      "ui",
      "components",
      "tabs",
      "with",
      "overflow",
      "menu",
    ]);
  });

  it("has no words for empty or punctuation-only text", () => {
    expect(tokens("")).toEqual([]);
    expect(tokens(" ??? ")).toEqual([]);
  });
});
