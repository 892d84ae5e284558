/**
 * The text of the tokens resource (src/resources/theme.ts), loaded on its first read: the theme's CSS,
 * then the recipes, commented out. Kept apart so a cold isolate does not load the recipes.
 */
import { themeCss } from "../theme/css.ts";
import { RECIPES } from "../theme/recipes.ts";
import { TOKENS } from "../theme/tokens.ts";

const HEADER = `/*
 * PATTTTERNS default theme: the ${TOKENS.length} --ui-* tokens every catalog component reads, with the
 * values the catalog's live preview renders.
 *
 * Paste this file into your global CSS when your project has no theme of its own. Dark values apply
 * under a .dark class or [data-theme="dark"] on an ancestor, and under prefers-color-scheme: dark
 * when :root carries neither .light nor [data-theme="light"]. Tokens without a dark value keep their
 * light one.
 *
 * To keep your own theme instead, map the tokens onto it with one of the recipes below (commented
 * out: copy the one you need). Never override the tokens inside a component.
 */
`;

/** `text` as comment lines of at most `width` characters. */
function commentLines(text: string, width = 100): string {
  const lines: string[] = [];
  let line = " *";
  for (const word of text.split(" ")) {
    if (line.length + word.length + 1 > width) {
      lines.push(line);
      line = " *";
    }
    line += ` ${word}`;
  }
  return [...lines, line].join("\n");
}

/** The resource's text: built once per isolate. */
let text: string | undefined;

export function themeResourceText(): string {
  text ??= [
    HEADER,
    themeCss(),
    ...RECIPES.map((r) => `\n/* Recipe: ${r.name}\n${commentLines(r.about)}\n\n${r.css}*/\n`),
  ].join("");
  return text;
}
