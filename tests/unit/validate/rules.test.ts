/**
 * The validator's pieces on their own: the palette it knows is Tailwind's (as the installed
 * @tailwindcss/browser defines it), how class names and CSS values are read, and where the line
 * diff points.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { HEX, NAMED_COLORS, PALETTE, PALETTE_CLASS, tokenFor } from "../../../src/validate/colors.ts";
import { diffLines, lineDiff, lineIndex } from "../../../src/validate/lines.ts";
import { lucideExports, nearestIcons, nearestTokens } from "../../../src/validate/names.ts";

const require = createRequire(import.meta.url);

describe("colours", () => {
  it("the palette is the installed Tailwind's, hue for hue", () => {
    const browser = readFileSync(require.resolve("@tailwindcss/browser"), "utf8");
    const hues = new Set([...browser.matchAll(/--color-([a-z]+)-50:/g)].map((m) => m[1]));
    expect(new Set(PALETTE)).toEqual(hues);
  });

  it("palette classes with shades, black and white, opacity modifiers; not tokens, not transparent", () => {
    for (const c of [
      "bg-blue-500",
      "text-gray-900",
      "border-slate-200",
      "ring-indigo-500/50",
      "text-white",
      "border-t-zinc-100",
      "fill-black",
    ])
      expect(PALETTE_CLASS.test(c), c).toBe(true);
    for (const c of [
      "bg-[var(--ui-bg)]",
      "bg-transparent",
      "text-current",
      "bg-blue",
      "text-gray-1000",
      "border-[#fff]",
    ])
      expect(PALETTE_CLASS.test(c), c).toBe(false);
  });

  it("hex colours, but not an anchor in url(#…), an HTML entity or a longer word", () => {
    const hex = (s: string) => [...s.matchAll(HEX)].map((m) => m[0]);
    expect(hex("1px solid #ccc, #A1B2C3 and #ffffff80")).toEqual(["#ccc", "#A1B2C3", "#ffffff80"]);
    expect(hex("url(#gradient) &#123; #12345 #abcdefg")).toEqual([]);
    expect(NAMED_COLORS.has("rebeccapurple")).toBe(true);
    expect(NAMED_COLORS.has("transparent")).toBe(false);
  });

  it("suggests the token a palette class most likely meant", () => {
    expect(tokenFor("bg", "red", 600)).toBe("--ui-error");
    expect(tokenFor("text", "gray", 900)).toBe("--ui-text");
    expect(tokenFor("text", "slate", 500)).toBe("--ui-text-muted");
    expect(tokenFor("border", "zinc", 200)).toBe("--ui-border");
    expect(tokenFor("ring", "indigo", 500)).toBe("--ui-ring");
    expect(tokenFor("bg", "white", 500)).toBe("--ui-bg");
    expect(tokenFor("text", "white", 500)).toBe("--ui-accent-contrast");
  });
});

describe("names", () => {
  it("lucide-react's exports in each form, its helpers, and the nearest icons to a typo", () => {
    for (const n of ["Check", "CheckIcon", "LucideCheck", "AlertTriangle", "createLucideIcon", "Icon"])
      expect(lucideExports(n), n).toBe(true);
    for (const n of ["Chekc", "LucideCheckIcon", "default", "CheckIconIcon"]) expect(lucideExports(n), n).toBe(false);
    expect(nearestIcons("Chekc")).toContain("Check");
    expect(nearestTokens("--ui-txt")).toEqual(["--ui-text"]);
  });
});

describe("lines", () => {
  it("count at \\n, CRLF as one line", () => {
    const line = lineIndex("a\r\nb\nc");
    expect([0, 2, 3, 5].map(line)).toEqual([1, 1, 2, 3]);
  });

  it("the diff says which edited lines are new and where a removed base line was", () => {
    const base = diffLines("a\nb\nc\nd\ne");
    const edited = diffLines("a\nx\nc\ne\nf");
    const d = lineDiff(base, edited);
    expect([1, 2, 3, 4, 5].map((n) => d.editedChanged(n))).toEqual([false, true, false, false, true]);
    expect(d.baseChanged(4)).toBe(true);
    expect(d.toEdited(4)).toBe(4); // d was between c (3) and e (4)
    expect(d.toEdited(5)).toBe(4);
  });
});
