/**
 * `npm run lint` holds every line of src/, and comment lines everywhere, to Biome's line width
 * (scripts/dev/line-width.ts).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { overWidth, WIDTH, wideLines } from "../../scripts/dev/line-width.ts";
import { ROOT } from "../../scripts/lib/repo-root.ts";

describe("line width", () => {
  it("is biome.jsonc's lineWidth", () => {
    expect(readFileSync(`${ROOT}/biome.jsonc`, "utf8")).toContain(`"lineWidth": ${WIDTH}`);
  });

  it("finds line comments and block comment lines over it; code too, unless told comments only", () => {
    const long = "x".repeat(WIDTH);
    const text = [
      `// ${long}`,
      "/**",
      ` * ${long}`,
      " */",
      `const s = "${long}";`,
      `  // short`,
      `/* ${long} */`,
      "",
    ].join("\n");
    expect(wideLines(text, { commentsOnly: true })).toEqual([1, 3, 7]);
    expect(wideLines(text)).toEqual([1, 3, 5, 7]);
    expect(wideLines(`// ${"x".repeat(WIDTH - 3)}`)).toEqual([]);
  });

  it("a 121-character line of code fails in src/, not elsewhere; a comment that long fails anywhere", () => {
    const code = `export const s = "${"x".repeat(WIDTH + 1 - 'export const s = "";'.length)}";\n`;
    expect([...code.trimEnd()]).toHaveLength(121);
    expect(overWidth([{ path: "src/catalog/x.ts", text: code }])).toEqual([
      `src/catalog/x.ts:1: a line of src/ is over ${WIDTH} columns`,
    ]);
    expect(overWidth([{ path: "scripts/dev/x.ts", text: code }])).toEqual([]);
    const comment = `// ${"x".repeat(WIDTH - 2)}\n`;
    expect(overWidth([{ path: "tests/unit/x.test.ts", text: comment }])).toHaveLength(1);
    expect(overWidth([{ path: "src/x.ts", text: code.replace("x", "") }])).toEqual([]);
  });
});
