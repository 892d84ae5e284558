/** `npm run lint` holds comments to Biome's line width too (scripts/dev/comment-width.ts). */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { WIDTH, wideComments } from "../../scripts/dev/comment-width.ts";
import { ROOT } from "../../scripts/lib/repo-root.ts";

describe("comment width", () => {
  it("is biome.jsonc's lineWidth", () => {
    expect(readFileSync(`${ROOT}/biome.jsonc`, "utf8")).toContain(`"lineWidth": ${WIDTH}`);
  });

  it("finds line comments and block comment lines over it, never code", () => {
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
    expect(wideComments(text)).toEqual([1, 3, 7]);
    expect(wideComments(`// ${"x".repeat(WIDTH - 3)}`)).toEqual([]);
  });
});
