/**
 * A registry item's `cssVars`: the `--ui-*` tokens its code uses, as the shadcn CLI merges them into a
 * project's CSS (`light` into `:root`, `dark` into `.dark`; keys without the leading `--`). Values come
 * from the one theme source (src/theme/tokens.ts), so they are exactly `theme_css`'s: every token in
 * `light`, and in `dark` the tokens whose dark value differs, which `theme_css` also repeats only there.
 *
 * Two variants:
 * - `patttterns` (the default): the catalog's own values, so an installed component renders as the
 *   live preview does in any project. The CLI never overwrites a variable a project already defines,
 *   so a project that mapped the tokens keeps its mapping.
 * - `shadcn`: each token that shadcn/ui has a variable for points at it (the tokens resource's
 *   shadcn/ui recipe), so the component follows the project's own theme and its `.dark` switch; the
 *   others keep the catalog's values, light and dark.
 */
import { SHADCN_MAPPING } from "../theme/recipes.ts";
import { isToken, THEME, type Token, TOKENS, tokenValue } from "../theme/tokens.ts";

export const THEMES = ["patttterns", "shadcn"] as const;
export type ThemeName = (typeof THEMES)[number];

export interface CssVars {
  light: Record<string, string>;
  dark: Record<string, string>;
}

const hasDark = (t: Token) => (THEME[t] as { dark?: string }).dark !== undefined;

/** `cssVars` for `tokens` (names that are not tokens are left out), in the theme's order. */
export function cssVars(tokens: readonly string[], theme: ThemeName = "patttterns"): CssVars {
  const wanted = new Set(tokens.filter(isToken));
  const used = TOKENS.filter((t) => wanted.has(t));
  const mapped = (t: Token) => (theme === "shadcn" ? SHADCN_MAPPING[t] : undefined);
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  for (const t of used) {
    const key = t.slice(2);
    const onto = mapped(t);
    light[key] = onto ?? tokenValue(t, "light");
    // A mapped token follows the project's own variable, which its .dark already switches.
    if (onto === undefined && hasDark(t)) dark[key] = tokenValue(t, "dark");
  }
  return { light, dark };
}
