/**
 * The theme has one source, src/theme/tokens.ts. Every copy of its values is held to it here: the
 * preview's built stylesheet, each fixture version's usage_rules.theme_css, the tokens resource, the
 * table in docs/theme.md and the skill's example. Each check reads the copy as text, independently of
 * the code that wrote it, so a copy edited by hand or built from stale values fails.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PREVIEW_FILE } from "../../../scripts/build/preview.ts";
import { ROOT } from "../../../scripts/lib/repo-root.ts";
import { usageRules } from "../../../src/components/rules.ts";
import { themeResourceText } from "../../../src/resources/theme-text.ts";
import { RECIPES } from "../../../src/theme/recipes.ts";
import { THEME, TOKENS, type Token, tokenValue } from "../../../src/theme/tokens.ts";
import { fixtures } from "../../helpers/components.ts";
import { type CssRule, cssRules, normalizeValue } from "../../helpers/css.ts";

const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
const expected = (t: Token, scheme: "light" | "dark") => normalizeValue(tokenValue(t, scheme));
const sameSelectors = (rule: CssRule, selectors: string[]) =>
  rule.selectors.map((s) => s.replace(/"/g, "")).join(",") === selectors.map((s) => s.replace(/"/g, "")).join(",");

/** Token values as a rule list sets them for light, and for dark as `darkRules` override light. */
function resolve(rules: CssRule[], darkRules: CssRule[]) {
  const light = new Map<string, string>();
  for (const r of rules.filter((r) => !r.media && sameSelectors(r, [":root"])))
    for (const [k, v] of r.declarations) if (k.startsWith("--ui-")) light.set(k, normalizeValue(v));
  const dark = new Map(light);
  for (const r of darkRules)
    for (const [k, v] of r.declarations) if (k.startsWith("--ui-")) dark.set(k, normalizeValue(v));
  return { light, dark };
}

describe("the theme source", () => {
  it("holds exactly the 22 tokens the catalog's components may use, each with a light value", () => {
    expect(TOKENS).toHaveLength(22);
    for (const t of TOKENS) expect(THEME[t].light, t).toMatch(/\S/);
    // Every colour has its own dark value; type, scale, spacing and corners keep one.
    const withDark = TOKENS.filter((t) => "dark" in THEME[t]);
    expect(withDark).toEqual(TOKENS.filter((t) => !/font|scale|spacing|corners/.test(t)));
  });
});

describe("every copy of the theme says the source's values", () => {
  it("the preview's built stylesheet (generated/preview-html.json), light and under html[data-theme=dark]", () => {
    const { html } = JSON.parse(readFileSync(PREVIEW_FILE, "utf8"));
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1];
    const rules = cssRules(style);
    const { light, dark } = resolve(
      rules,
      rules.filter((r) => sameSelectors(r, [":root[data-theme=dark]"])),
    );
    for (const t of TOKENS) {
      expect(light.get(t), `${t} light`).toBe(expected(t, "light"));
      expect(dark.get(t), `${t} dark`).toBe(expected(t, "dark"));
    }
  });

  const versions = fixtures.flatMap((f) =>
    f.code.map((c) => ({ label: `${f.name}/${c.versionId}`, text: decoder.decode(c.bytes) })),
  );

  it.each(versions)(
    "$label: theme_css defines every required token in light, under .dark, [data-theme=dark] and the OS's dark mode",
    ({ text }) => {
      const { required_css_variables: required, theme_css: css } = usageRules(text);
      expect(required.length).toBeGreaterThan(0);
      const rules = cssRules(css);
      const darkRule = rules.filter((r) => !r.media && sameSelectors(r, [".dark", '[data-theme="dark"]']));
      const osRule = rules.filter(
        (r) =>
          r.media === "(prefers-color-scheme: dark)" &&
          sameSelectors(r, [':root:not(.light):not([data-theme="light"])']),
      );
      expect(darkRule).toHaveLength(1);
      expect(osRule).toHaveLength(1);
      expect(osRule[0].declarations).toEqual(darkRule[0].declarations);
      const { light, dark } = resolve(rules, darkRule);
      expect([...light.keys()].sort()).toEqual(required);
      for (const t of required as Token[]) {
        expect(light.get(t), `${t} light`).toBe(expected(t, "light"));
        expect(dark.get(t), `${t} dark`).toBe(expected(t, "dark"));
      }
    },
  );

  it("the tokens resource: all 22 in light and dark, ready to paste, and every recipe commented out", () => {
    const text = themeResourceText();
    const rules = cssRules(text);
    const { light, dark } = resolve(
      rules,
      rules.filter((r) => !r.media && sameSelectors(r, [".dark", '[data-theme="dark"]'])),
    );
    for (const t of TOKENS) {
      expect(light.get(t), `${t} light`).toBe(expected(t, "light"));
      expect(dark.get(t), `${t} dark`).toBe(expected(t, "dark"));
    }
    // The recipes sit inside comments: they are there to copy and change nothing when the file is pasted.
    expect(rules.filter((r) => !r.media)).toHaveLength(2);
    for (const r of RECIPES) expect(text).toContain(`/* Recipe: ${r.name}`);
    for (const r of RECIPES) expect(text).toContain(r.css);
  });

  it("every recipe defines all 22 tokens, and a token it keeps at the catalog's value has the catalog's dark value", () => {
    for (const recipe of RECIPES) {
      const rules = cssRules(recipe.css);
      const root = rules.find((r) => sameSelectors(r, [":root"]))!;
      const darkRule = rules.find((r) => sameSelectors(r, [".dark", '[data-theme="dark"]']))!;
      expect(
        [...root.declarations.keys()].filter((k) => k.startsWith("--ui-")),
        recipe.name,
      ).toEqual(TOKENS);
      for (const t of TOKENS) {
        const value = normalizeValue(root.declarations.get(t)!);
        if (value !== expected(t, "light")) continue; // mapped onto the project's variable
        if ("dark" in THEME[t]) expect(darkRule.declarations.get(t), `${recipe.name} ${t}`).toBe(tokenValue(t, "dark"));
      }
    }
  });

  it("docs/theme.md's table, one row per token", () => {
    const doc = readFileSync(join(ROOT, "docs/theme.md"), "utf8");
    const rows = new Map(
      [...doc.matchAll(/^\| `(--ui-[a-z-]+)` \| (.+?) \| (.+?) \|$/gm)].map((m) => [m[1], [m[2], m[3]]] as const),
    );
    expect([...rows.keys()]).toEqual(TOKENS);
    const cell = (text: string) => normalizeValue(text.replace(/^`|`$/g, ""));
    for (const t of TOKENS) {
      const [light, dark] = rows.get(t)!;
      expect(cell(light), `${t} light`).toBe(expected(t, "light"));
      expect(dark === "the same" ? cell(light) : cell(dark), `${t} dark`).toBe(expected(t, "dark"));
    }
  });

  it("the skill's example is the shadcn/ui recipe, verbatim", () => {
    const skill = readFileSync(join(ROOT, "skills/patttterns/SKILL.md"), "utf8");
    const shadcn = RECIPES.find((r) => r.name === "shadcn/ui")!;
    expect(skill).toContain(`\`\`\`css\n${shadcn.css}\`\`\``);
    // And no other --ui-* value anywhere in it.
    const values = [...skill.matchAll(/^\s*(--ui-[a-z-]+):\s*([^;]+);/gm)];
    const inRecipe = cssRules(shadcn.css).flatMap((r) => [...r.declarations].map(([k, v]) => `${k}: ${v}`));
    for (const [, name, value] of values) expect(inRecipe, name).toContain(`${name}: ${value}`);
  });
});
