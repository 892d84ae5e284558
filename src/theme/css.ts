/**
 * The default theme as CSS: one block of the tokens' light values on `:root`, and their dark values
 * under the common conventions, so a pasted theme follows whichever switch the project uses:
 * - a `.dark` class or `[data-theme="dark"]` on an ancestor (next-themes, Tailwind's class or
 *   attribute strategies, shadcn/ui);
 * - the OS's dark mode (`prefers-color-scheme: dark`) when the page names no theme of its own:
 *   `:root` carries neither `.light` nor `[data-theme="light"]`, so an explicit light choice holds.
 * Only tokens whose dark value differs are repeated under dark; the others inherit their light value.
 */
import { THEME, TOKENS, type Token, tokenValue } from "./tokens.ts";

export const DARK_SELECTORS = [".dark", '[data-theme="dark"]'] as const;
/** Where the OS's dark mode applies: a root that names no theme. */
export const OS_DARK_SELECTOR = ':root:not(.light):not([data-theme="light"])';

const block = (selector: string, tokens: readonly Token[], scheme: "light" | "dark", indent = "") =>
  `${indent}${selector} {\n${tokens.map((t) => `${indent}  ${t}: ${tokenValue(t, scheme)};`).join("\n")}\n${indent}}\n`;

export interface ThemeCssOptions {
  /** A leading comment. */
  comment?: string;
  /** Where the dark values apply (default: `.dark` and `[data-theme="dark"]`). */
  darkSelectors?: readonly string[];
  /** Whether the OS's dark mode applies them too (default: yes). */
  osDark?: boolean;
}

/**
 * The theme's CSS for `tokens` (default: all 22), in the theme's order; names that are not tokens are
 * left out.
 */
export function themeCss(tokens: readonly string[] = TOKENS, options: ThemeCssOptions = {}): string {
  const { comment, darkSelectors = DARK_SELECTORS, osDark = true } = options;
  const wanted = new Set(tokens);
  const used = TOKENS.filter((t) => wanted.has(t));
  const dark = used.filter((t) => (THEME[t] as { dark?: string }).dark !== undefined);
  let css = comment ? `/* ${comment} */\n` : "";
  css += block(":root", used, "light");
  if (dark.length) {
    css += block(darkSelectors.join(",\n"), dark, "dark");
    if (osDark) css += `@media (prefers-color-scheme: dark) {\n${block(OS_DARK_SELECTOR, dark, "dark", "  ")}}\n`;
  }
  return css;
}

/** The leading comment of a component's `usage_rules.theme_css`. */
export const COMPONENT_THEME_COMMENT =
  "PATTTTERNS default theme: the --ui-* tokens this component uses. Paste it once into your global CSS " +
  'when the project has no theme of its own. Dark: under .dark or [data-theme="dark"], or the OS setting ' +
  'when the page sets neither .light nor [data-theme="light"].';
