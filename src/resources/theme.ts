/**
 * The catalog's theme as an MCP resource, `patttterns://theme/tokens.css`: all 22 `--ui-*` tokens,
 * light and dark, ready to paste, then recipes that map them onto shadcn/ui, Tailwind CSS v4's
 * `@theme` and plain CSS instead, commented out so that pasting the whole file gives the default
 * theme. get_component's `usage_rules.theme_css` is the same theme cut to one component's tokens.
 */
import { CACHE_HINTS } from "../config.ts";
import type { Resource } from "../mcp/resource.ts";
import { themeCss } from "../theme/css.ts";
import { RECIPES } from "../theme/recipes.ts";
import { TOKENS } from "../theme/tokens.ts";

export const THEME_URI = "patttterns://theme/tokens.css";

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

/** The resource's text: built once per isolate, on the first read. */
let text: string | undefined;

export function themeResourceText(): string {
  text ??= [
    HEADER,
    themeCss(),
    ...RECIPES.map((r) => `\n/* Recipe: ${r.name}\n${commentLines(r.about)}\n\n${r.css}*/\n`),
  ].join("");
  return text;
}

export const themeResource: Resource = {
  uri: THEME_URI,
  name: "tokens.css",
  title: "PATTTTERNS theme tokens",
  description:
    "The 22 --ui-* design tokens every catalog component uses, light and dark, as CSS to paste when the " +
    "project has no theme, with recipes mapping them onto shadcn/ui, Tailwind CSS v4 @theme and plain CSS.",
  mimeType: "text/css",
  // Changes only on deploy, like the tool list.
  read: async () => ({
    contents: [{ uri: THEME_URI, mimeType: "text/css", text: themeResourceText() }],
    cache: CACHE_HINTS.lists,
  }),
};
