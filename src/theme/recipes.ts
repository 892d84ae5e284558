/**
 * Recipes that map the `--ui-*` tokens onto a theme a project already has, for the tokens resource
 * (src/resources/theme.ts) and the skill, which shows the shadcn/ui one (tests/unit/theme/drift.test.ts
 * holds skills/patttterns/SKILL.md to it). A token with no counterpart keeps the default theme's
 * values, light and dark, so every recipe defines all 22.
 */
import { DARK_SELECTORS } from "./css.ts";
import { THEME, TOKENS, type Token, tokenValue } from "./tokens.ts";

export interface Recipe {
  name: string;
  /** One paragraph: when it applies and what it assumes. */
  about: string;
  css: string;
}

/** What a token becomes: the project's variable (the same in light and dark), or the theme's own values. */
export type Mapping = Partial<Record<Token, string>>;

const declarations = (tokens: readonly Token[], value: (t: Token) => string) =>
  tokens.map((t) => `  ${t}: ${value(t)};`).join("\n");

function mapped(mapping: Mapping, extra = ""): string {
  // Mapped tokens follow the project's own switch; only the theme's own values need their dark ones.
  const dark = TOKENS.filter((t) => mapping[t] === undefined && (THEME[t] as { dark?: string }).dark !== undefined);
  return (
    `:root {\n${declarations(TOKENS, (t) => mapping[t] ?? tokenValue(t, "light"))}\n}\n` +
    `${DARK_SELECTORS.join(",\n")} {\n${declarations(dark, (t) => tokenValue(t, "dark"))}\n}\n${extra}`
  );
}

/**
 * Every token pointed at a variable of the project's (`names`), the theme's value as its fallback in
 * light and in dark: the project's variable wins where it exists, the catalog's look holds where not.
 */
function withFallbacks(names: Record<Token, string>): string {
  const dark = TOKENS.filter((t) => (THEME[t] as { dark?: string }).dark !== undefined);
  const value = (scheme: "light" | "dark") => (t: Token) => `var(${names[t]}, ${tokenValue(t, scheme)})`;
  return (
    `:root {\n${declarations(TOKENS, value("light"))}\n}\n` +
    `${DARK_SELECTORS.join(",\n")} {\n${declarations(dark, value("dark"))}\n}\n`
  );
}

const SANS = (fallback: Token) => `var(--font-sans, ${tokenValue(fallback, "light")})`;
const MONO = `var(--font-mono, ${tokenValue("--ui-font-code", "light")})`;

/**
 * shadcn/ui's variable for each token that has one (Tailwind v4, whole colours): this recipe, and the
 * registry's `?theme=shadcn` items (src/registry/css-vars.ts).
 */
export const SHADCN_MAPPING: Mapping = {
  "--ui-bg": "var(--background)",
  "--ui-surface": "var(--card)",
  "--ui-text": "var(--foreground)",
  "--ui-text-muted": "var(--muted-foreground)",
  "--ui-border": "var(--border)",
  "--ui-ring": "var(--ring)",
  "--ui-accent": "var(--primary)",
  "--ui-accent-contrast": "var(--primary-foreground)",
  "--ui-error": "var(--destructive)",
  "--ui-font-headings": SANS("--ui-font-headings"),
  "--ui-font-body": SANS("--ui-font-body"),
  "--ui-font-code": MONO,
  "--ui-corners": "var(--radius)",
};

const SHADCN = mapped(SHADCN_MAPPING);

const TAILWIND_V4 = mapped(
  {
    "--ui-font-headings": "var(--font-sans)",
    "--ui-font-body": "var(--font-sans)",
    "--ui-font-code": "var(--font-mono)",
    "--ui-spacing": "calc(var(--spacing) * 4)",
    "--ui-corners": "var(--radius-lg)",
  },
  `@theme inline {\n${TOKENS.filter((t) => !/font|scale|spacing|corners/.test(t))
    .map((t) => `  --color-${t.slice(2)}: var(${t});`)
    .join("\n")}\n  --radius-ui: var(--ui-corners);\n}\n`,
);

const PLAIN = withFallbacks({
  "--ui-bg": "--color-background",
  "--ui-surface": "--color-surface",
  "--ui-text": "--color-text",
  "--ui-text-muted": "--color-text-muted",
  "--ui-border": "--color-border",
  "--ui-ring": "--color-focus",
  "--ui-accent": "--color-primary",
  "--ui-accent-contrast": "--color-on-primary",
  "--ui-success": "--color-success",
  "--ui-success-contrast": "--color-on-success",
  "--ui-warning": "--color-warning",
  "--ui-warning-contrast": "--color-on-warning",
  "--ui-error": "--color-danger",
  "--ui-error-contrast": "--color-on-danger",
  "--ui-info": "--color-info",
  "--ui-info-contrast": "--color-on-info",
  "--ui-font-headings": "--font-heading",
  "--ui-font-body": "--font-body",
  "--ui-font-code": "--font-mono",
  "--ui-text-scale": "--text-scale",
  "--ui-spacing": "--space",
  "--ui-corners": "--radius",
});

export const RECIPES: readonly Recipe[] = [
  {
    name: "shadcn/ui",
    about:
      "shadcn/ui on Tailwind CSS v4, whose variables hold whole colours (oklch(…)); its .dark class switches " +
      "them, so mapped tokens follow it. On Tailwind v3, where shadcn/ui stores HSL channels, write " +
      "hsl(var(--background)) and so on. Tokens shadcn/ui has no variable for keep the catalog's values.",
    css: SHADCN,
  },
  {
    name: "Tailwind CSS v4 (@theme)",
    about:
      "Type, spacing and corners from Tailwind's theme variables (v4 emits those this CSS reads); colours stay " +
      "the catalog's until you point them at your own @theme colours (--ui-accent: var(--color-brand-600)). " +
      "The @theme inline block lets your own markup use the tokens as utilities: bg-ui-surface, rounded-ui.",
    css: TAILWIND_V4,
  },
  {
    name: "plain CSS",
    about:
      "The tokens are ordinary custom properties. Rename the variables below to the ones your stylesheet " +
      "defines: where one exists it wins, where not the catalog's value (the fallback) holds, light and dark. " +
      "Move the dark block to wherever your dark mode switches if it is neither .dark nor [data-theme].",
    css: PLAIN,
  },
];
