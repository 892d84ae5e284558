/**
 * The catalog's default theme: the 22 `--ui-*` tokens a component may use, with the values the
 * catalog's own pages and live preview render, light and dark. This is the one home of those values:
 * the preview's stylesheet (scripts/build/preview.ts), get_component's `usage_rules.theme_css`, the
 * resource `patttterns://theme/tokens.css` and the skill's examples are all built from it, and
 * tests/unit/theme/drift.test.ts fails when a copy says otherwise.
 */

const SANS = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const MONO = 'ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace';

/** A token's light value, and its dark one where dark differs (fonts, scale, spacing and corners do not). */
export interface TokenValue {
  light: string;
  dark?: string;
}

export const THEME = {
  "--ui-bg": { light: "#ffffff", dark: "#101014" },
  "--ui-surface": { light: "#f4f4f6", dark: "#1b1b21" },
  "--ui-text": { light: "#18181b", dark: "#f4f4f5" },
  "--ui-text-muted": { light: "#5f5f69", dark: "#a1a1ab" },
  "--ui-border": { light: "#d9d9df", dark: "#33333c" },
  "--ui-ring": { light: "#4f46e5", dark: "#8b93f8" },
  "--ui-accent": { light: "#4f46e5", dark: "#8b93f8" },
  "--ui-accent-contrast": { light: "#ffffff", dark: "#101014" },
  "--ui-success": { light: "#15803d", dark: "#4ade80" },
  "--ui-success-contrast": { light: "#ffffff", dark: "#052e16" },
  "--ui-warning": { light: "#b45309", dark: "#fbbf24" },
  "--ui-warning-contrast": { light: "#ffffff", dark: "#231400" },
  "--ui-error": { light: "#b91c1c", dark: "#f87171" },
  "--ui-error-contrast": { light: "#ffffff", dark: "#2a0909" },
  "--ui-info": { light: "#0369a1", dark: "#38bdf8" },
  "--ui-info-contrast": { light: "#ffffff", dark: "#04202e" },
  "--ui-font-headings": { light: SANS },
  "--ui-font-body": { light: SANS },
  "--ui-font-code": { light: MONO },
  "--ui-text-scale": { light: "1" },
  "--ui-spacing": { light: "1rem" },
  "--ui-corners": { light: "0.5rem" },
} as const satisfies Record<string, TokenValue>;

export type Token = keyof typeof THEME;

/** The 22 token names, in the theme's order (surfaces and text, accents, states, type, sizes). */
export const TOKENS = Object.keys(THEME) as Token[];

export const isToken = (name: string): name is Token => Object.hasOwn(THEME, name);

/** A token's value in light or dark: dark falls back to light where the theme keeps one value. */
export function tokenValue(token: Token, scheme: "light" | "dark"): string {
  const value: TokenValue = THEME[token];
  return scheme === "dark" ? (value.dark ?? value.light) : value.light;
}
