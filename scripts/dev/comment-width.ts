/**
 * The width Biome holds code to (`lineWidth` in biome.jsonc), held for comments too: Biome's
 * formatter never rewraps a comment, so `npm run lint` runs this after it. A comment line is a line
 * that starts a `//` comment or sits in a block comment; code lines are Biome's to judge (a long
 * string literal stays one line). Exits 1 naming each line over the width.
 *
 *   npx tsx scripts/dev/comment-width.ts [files…]   (default: every file Biome checks, from git)
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { ROOT } from "../lib/repo-root.ts";

/** biome.jsonc's `formatter.lineWidth`. */
export const WIDTH = 120;

/** The 1-based numbers of `text`'s comment lines wider than `width`. */
export function wideComments(text: string, width = WIDTH): number[] {
  const wide: number[] = [];
  let inBlock = false;
  text.split("\n").forEach((line, i) => {
    const trimmed = line.trimStart();
    const comment = inBlock || trimmed.startsWith("//") || trimmed.startsWith("/*");
    if (trimmed.startsWith("/*")) inBlock = true;
    if (inBlock && line.includes("*/")) inBlock = false;
    if (comment && [...line].length > width) wide.push(i + 1);
  });
  return wide;
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
  const files = process.argv.length > 2 ? process.argv.slice(2) : biomeFiles();
  const found = files.flatMap((f) => wideComments(readFileSync(`${ROOT}/${f}`, "utf8")).map((n) => `${f}:${n}`));
  for (const at of found) console.error(`${at}: a comment line is over ${WIDTH} columns: wrap it`);
  if (found.length) process.exit(1);
}
