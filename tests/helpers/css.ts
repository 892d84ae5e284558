/**
 * A small reader of the CSS the theme produces (readable or minified), and of a project's CSS file
 * after tools edit it: style rules at the top level and one level down in `@media`, each with its
 * declarations. Comments, statements such as `@import …;` and other at-rules' blocks are skipped,
 * quoted strings in values are kept whole. Enough for that CSS; not a general CSS parser.
 */
export interface CssRule {
  /** The `@media` condition around the rule, when there is one. */
  media?: string;
  /** Selectors, each trimmed, quotes normalized to double quotes (`[data-theme=dark]` stays as written). */
  selectors: string[];
  declarations: Map<string, string>;
}

const stripComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, "");

/** Splits on `sep` outside quotes and parentheses. */
function split(text: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = "";
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === sep && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

/** The index of the `}` that closes the `{` at `open`, skipping quoted text. */
function closing(css: string, open: number): number {
  let depth = 0;
  let quote = "";
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  throw new Error(`unbalanced braces after offset ${open}`);
}

export function cssRules(css: string, media?: string): CssRule[] {
  const text = stripComments(css);
  const rules: CssRule[] = [];
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf("{", i);
    if (open < 0) break;
    // What follows the last statement before the block (`@import "tailwindcss";`), if any.
    const before = split(text.slice(i, open), ";");
    const prelude = before[before.length - 1].trim();
    const end = closing(text, open);
    const body = text.slice(open + 1, end);
    if (prelude.startsWith("@media")) rules.push(...cssRules(body, prelude.slice(6).trim()));
    else if (!prelude.startsWith("@")) {
      const declarations = new Map<string, string>();
      for (const d of split(body, ";")) {
        const colon = d.indexOf(":");
        if (colon > 0) declarations.set(d.slice(0, colon).trim(), d.slice(colon + 1).trim());
      }
      rules.push({ media, selectors: split(prelude, ",").map((s) => s.trim()), declarations });
    }
    i = end + 1;
  }
  return rules;
}

/** A value as minifiers may write it: `.5rem` for `0.5rem`, whitespace collapsed. */
export const normalizeValue = (value: string) =>
  value
    .replace(/\s+/g, " ")
    .replace(/(^|[\s(,])0\.(\d)/g, "$1.$2")
    .trim();
