/**
 * The width Biome holds code to (`lineWidth` in biome.jsonc), held where Biome's formatter does not
 * hold it: it never rewraps a comment, and it leaves a long string or regex literal on one line. So
 * `npm run lint` runs this after it: every line of src/ (the product's code, read most) must fit,
 * and elsewhere every comment line (a line that starts a `//` comment or sits in a block comment).
 * Exits 1 naming each line over the width.
 *
 *   npx tsx scripts/dev/line-width.ts [files…]   (default: every file Biome checks, from git)
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { ROOT } from "../lib/repo-root.ts";

/** biome.jsonc's `formatter.lineWidth`. */
export const WIDTH = 120;

/** The 1-based numbers of `text`'s lines wider than `width`: every line, or only comment lines. */
export function wideLines(text: string, { commentsOnly = false, width = WIDTH } = {}): number[] {
  const wide: number[] = [];
  let inBlock = false;
  text.split("\n").forEach((line, i) => {
    const trimmed = line.trimStart();
    const comment = inBlock || trimmed.startsWith("//") || trimmed.startsWith("/*");
    if (trimmed.startsWith("/*")) inBlock = true;
    if (inBlock && line.includes("*/")) inBlock = false;
    if ((comment || !commentsOnly) && [...line].length > width) wide.push(i + 1);
  });
  return wide;
}

/** What lint says of each file (repo-relative path and text): `path:line: …` for every line over the width. */
export function overWidth(files: { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) => {
    const everyLine = path.startsWith("src/");
    const what = everyLine ? "a line of src/" : "a comment line";
    return wideLines(text, { commentsOnly: !everyLine }).map((n) => `${path}:${n}: ${what} is over ${WIDTH} columns`);
  });
}

/** The files Biome checks (biome.jsonc `files.includes`), as git tracks them. */
function biomeFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "*.ts", "*.tsx", "*.js", "*.mjs", "*.mts"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return out.split("\n").filter((f) => f && !/^(generated|fixtures|public)\//.test(f));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const paths = process.argv.length > 2 ? process.argv.slice(2) : biomeFiles();
  const found = overWidth(paths.map((path) => ({ path, text: readFileSync(`${ROOT}/${path}`, "utf8") })));
  for (const line of found) console.error(`${line}: wrap it`);
  if (found.length) process.exit(1);
}
