/** Usage rules read off the code itself: the tokens it references and their default theme, the packages it imports
 * and their pinned versions, the Tailwind CSS releases its syntax needs. */
import { TOKENS } from "../theme/tokens.ts";
import { COMPONENT_THEME_COMMENT, themeCss } from "../theme/css.ts";
import { dependencyVersions, installLine, tailwindRequirement } from "./install.ts";
import { packageOf } from "./packages.ts";

/** The design-system tokens a component may use (the 22 `--ui-*` tokens of the catalog's theme). */
export const UI_TOKENS: readonly string[] = TOKENS;

/** The catalog's design constraints, served with every component. */
export const DESIGN_CONSTRAINTS = [
  "React + Tailwind utility classes; keep the markup and class names as delivered.",
  "Colours, fonts, radius and spacing only through the --ui-* CSS variables: map them onto your theme, " +
    "or paste theme_css, never override them in the component.",
  "Icons from lucide-react only.",
  "framer-motion for heavy animation; CSS transitions otherwise.",
  "Local useState state; lift it only where your app needs to.",
  "Responsive from 320 px to 1440 px.",
  "Accessible: contrast, alt text, aria attributes and full keyboard support.",
] as const;

const ANIMATION = new Set([
  "framer-motion",
  "motion",
  "react-spring",
  "@react-spring/web",
  "gsap",
  "@formkit/auto-animate",
  "lottie-react",
  "animejs",
]);

const TOKEN = /--ui-[a-z0-9]+(?:-[a-z0-9]+)*/g;
/**
 * Static imports and re-exports (`import x from "p"`, `import "p"`, `export … from "p"`) and dynamic
 * `import("p")`: the two alternatives, joined into one pattern.
 */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^;'"`]*?\sfrom\s*)?["']([^"'\n]+)["']/.source;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"'\n]+)["']\s*\)/.source;
const IMPORT = new RegExp(`${STATIC_IMPORT}|${DYNAMIC_IMPORT}`, "gm");

/** Every `--ui-*` token the code mentions, sorted. */
export const cssVariables = (code: string): string[] => [...new Set(code.match(TOKEN) ?? [])].sort();

/** npm package names the code imports (relative and `node:` imports excluded), sorted. */
export function dependencies(code: string): string[] {
  const out = new Set<string>();
  for (const m of code.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (!spec || spec.startsWith(".") || spec.startsWith("/") || spec.startsWith("node:")) continue;
    out.add(packageOf(spec));
  }
  return [...out].sort();
}

export type UsageRules = ReturnType<typeof usageRules>;

export function usageRules(code: string) {
  const deps = dependencies(code);
  const tokens = cssVariables(code);
  return {
    required_css_variables: tokens,
    design_constraints: DESIGN_CONSTRAINTS,
    animation_libraries: deps.filter((d) => ANIMATION.has(d)),
    dependencies: deps,
    dependency_versions: dependencyVersions(deps),
    install: installLine(deps),
    tailwind: tailwindRequirement(code),
    theme_css: themeCss(tokens, { comment: COMPONENT_THEME_COMMENT }),
  };
}
