/**
 * The catalog's rules as occurrences: every construct in one version of the code that a rule
 * objects to, with the literal and role that identify it. Whether an occurrence becomes a finding is
 * decided by comparing two versions (compare.ts): one the delivered code already has is not.
 */
import { CATALOG_PACKAGES, packageOf } from "../components/packages.ts";
import { isToken } from "../theme/tokens.ts";
import { COLOR_FUNCTION, COLOR_UTILITY_ARBITRARY, HEX, NAMED_COLORS, PALETTE_CLASS, tokenFor } from "./colors.ts";
import { LUCIDE_VERSION, lucideExports, nearestIcons, nearestTokens } from "./names.ts";
import type { Role, Scan } from "./scanned.ts";

/** Every rule and its severity: errors make `ok` false. */
export const RULES = {
  parse_error: "error",
  component_lost: "error",
  unknown_token: "error",
  unknown_icon: "error",
  hardcoded_color: "error",
  hardcoded_font: "warning",
  hardcoded_radius: "warning",
  import_not_allowed: "warning",
  a11y_regression: "warning",
} as const;

export type Rule = keyof typeof RULES;

export interface Occurrence {
  rule: Rule;
  /** What identifies the construct, normalized: the class, the colour with its CSS key, the module, the name. */
  literal: string;
  role: Role | "import";
  /** Offset in the code. */
  at: number;
  message: string;
  suggestion: string;
}

const TOKEN = /--ui-[a-z0-9]+(?:-[a-z0-9]+)*/g;
const WORD = /\S+/g;
/** What a string outside class positions needs for any rule to apply: a dash, a hex sign or a parenthesis. */
const MAYBE = /[-#(]/;
const WHOLE_COLOR = new RegExp(`^(?:${HEX.source}|${COLOR_FUNCTION.source})$`, "i");
const PAINT_ATTRIBUTE = /^(?:fill|stroke|stop-?color|flood-?color|lighting-?color)$|colou?r$/i;
const COLOR_KEY = /colou?r|^background|^border(?!.*(?:radius|width|style))|^outline|shadow|^fill$|^stroke$/i;
const FONT_KEY = /^font(?:-?family)?$/i;
const RADIUS_KEY = /radius$/i;
const CSS_WIDE = new Set(["inherit", "initial", "unset", "revert", "revert-layer"]);
/** Radii that describe a shape rather than a size: none, a circle or pill. */
const SHAPE_RADIUS = /^(?:0|0px|50%|100%|9{3,}(?:px)?)$/;
const SIZE_ROUNDED = /^rounded(?:-(?:t|r|b|l|s|e|tl|tr|br|bl|ss|se|es|ee))?(?:-(?:xs|sm|md|lg|xl|2xl|3xl|4xl))?$/;

const TOKENS_ONLY = "catalog components take colours from the --ui-* tokens only.";
const ALLOWED_IMPORTS = `${CATALOG_PACKAGES.join(", ")} and relative paths`;
const COLOR_HINT = "Use a --ui-* token (patttterns://theme/tokens.css lists all 22 with their values).";
const FONT_HINT = "Use font-[family-name:var(--ui-font-body)], or --ui-font-headings / --ui-font-code.";
const RADIUS_HINT = "Use rounded-[var(--ui-corners)] (a multiple: rounded-[calc(var(--ui-corners)*2)]).";

/** `md:hover:bg-x` → `["md:hover:", "bg-x"]`: variants split at the last colon outside brackets. */
function splitVariants(word: string): [string, string] {
  let depth = 0;
  let cut = -1;
  for (let i = 0; i < word.length; i++) {
    const c = word[i];
    if (c === "[" || c === "(") depth++;
    else if (c === "]" || c === ")") depth--;
    else if (c === ":" && depth === 0) cut = i;
  }
  return [word.slice(0, cut + 1), word.slice(cut + 1)];
}

/** `bg-[#fff]/50` → `{ prefix: "bg", value: "#fff" }`; undefined without an arbitrary value. */
function arbitrary(utility: string): { prefix: string; value: string } | undefined {
  const open = /-[[(]/.exec(utility);
  if (!open) return undefined;
  const close = utility.lastIndexOf(utility[open.index + 1] === "[" ? "]" : ")");
  if (close < open.index) return undefined;
  return { prefix: utility.slice(0, open.index), value: utility.slice(open.index + 2, close).replace(/_/g, " ") };
}

/**
 * Colour literals in a CSS value: hex and colour functions; named colours too where `named` says the
 * value is a colour.
 */
function colorsIn(value: string, named: boolean): string[] {
  const found = [...value.matchAll(HEX), ...value.matchAll(COLOR_FUNCTION)].map((m) => m[0].toLowerCase());
  if (named) for (const word of value.toLowerCase().split(/[\s,()/]+/)) if (NAMED_COLORS.has(word)) found.push(word);
  return found;
}

type Push = (o: Omit<Occurrence, "at"> & { offset: number }) => void;

/**
 * A class name's occurrences, or false when it is no class the rules read (then its text is a CSS
 * value). Outside class positions a class has a dash (`rounded` alone is a word of prose there).
 */
function classWord(word: string, offset: number, push: Push, inClass: boolean): boolean {
  if (!inClass && !word.includes("-")) return false;
  const [variants, rest] = splitVariants(word);
  const utility = rest.replace(/^!|!$/g, "").replace(/^-/, "");
  const literal = word.toLowerCase();
  const palette = PALETTE_CLASS.exec(utility);
  if (palette) {
    const [, kind, hue, shade, bw] = palette;
    const token = tokenFor(kind, hue ?? bw, Number(shade ?? 500));
    push({
      rule: "hardcoded_color",
      literal,
      role: "class",
      offset,
      message: `\`${word}\` is a Tailwind palette colour; ${TOKENS_ONLY}`,
      suggestion: `Use ${variants}${kind}-[var(${token})] (the theme's ${token}), or another token. ${COLOR_HINT}`,
    });
    return true;
  }
  const arb = arbitrary(utility);
  if (arb) {
    if (arb.prefix === "font") {
      if (/^\d+$/.test(arb.value) || arb.value.includes("--ui-font-")) return true;
      push({
        rule: "hardcoded_font",
        literal,
        role: "class",
        offset,
        message: `\`${word}\` sets a font family outside the --ui-font-* tokens.`,
        suggestion: FONT_HINT,
      });
      return true;
    }
    if (/^rounded(?:-[a-z]+)?$/.test(arb.prefix)) {
      if (!arb.value.includes("--ui-corners") && !SHAPE_RADIUS.test(arb.value))
        push({
          rule: "hardcoded_radius",
          literal,
          role: "class",
          offset,
          message: `\`${word}\` sets a radius outside --ui-corners.`,
          suggestion: RADIUS_HINT,
        });
      return true;
    }
    const named = COLOR_UTILITY_ARBITRARY.test(utility) || arb.value.startsWith("color:");
    const colors = colorsIn(arb.value.replace(/^color:/, ""), named);
    if (colors.length)
      push({
        rule: "hardcoded_color",
        literal,
        role: "class",
        offset,
        message: `\`${word}\` hard-codes the colour ${colors[0]}; ${TOKENS_ONLY}`,
        suggestion: `Write it over a token, e.g. ${arb.prefix}-[var(--ui-accent)]. ${COLOR_HINT}`,
      });
    return true;
  }
  if (/^font-(?:sans|serif|mono)$/.test(utility)) {
    push({
      rule: "hardcoded_font",
      literal,
      role: "class",
      offset,
      message: `\`${word}\` is Tailwind's font stack, not the catalog's --ui-font-* tokens.`,
      suggestion: FONT_HINT,
    });
    return true;
  }
  if (SIZE_ROUNDED.test(utility)) {
    push({
      rule: "hardcoded_radius",
      literal,
      role: "class",
      offset,
      message: `\`${word}\` is one of Tailwind's radii, not the catalog's --ui-corners.`,
      suggestion: RADIUS_HINT,
    });
    return true;
  }
  return false;
}

/** Every occurrence of every rule in one scanned version. */
export function occurrences(scan: Scan): Occurrence[] {
  const out: Occurrence[] = [];
  const push: Push = ({ offset, ...o }) => out.push({ ...o, at: offset });

  const keyed = (text: (typeof scan.texts)[number], rule: Rule, literal: string, message: string, suggestion: string) =>
    push({ rule, literal: `${text.key ?? ""}: ${literal}`, role: text.role, offset: text.at, message, suggestion });

  for (const text of scan.texts) {
    const { raw, role } = text;
    // Most strings are data (labels, rows): only a named colour under a style or paint key needs none of these.
    if (role === "data" && !MAYBE.test(raw)) continue;
    if (raw.includes("--ui-"))
      for (const m of raw.matchAll(TOKEN)) {
        if (isToken(m[0])) continue;
        const near = nearestTokens(m[0]);
        push({
          rule: "unknown_token",
          literal: m[0],
          role,
          offset: text.at + m.index,
          message: `${m[0]} is not one of the catalog's 22 --ui-* tokens: nothing defines it, so it renders as unset.`,
          suggestion: near.length
            ? `Did you mean ${near.join(" or ")}? patttterns://theme/tokens.css lists the tokens.`
            : "Use one of the 22 tokens patttterns://theme/tokens.css lists.",
        });
      }
    // Class names count wherever they are written; what is no class is read as a CSS value.
    let css = "";
    WORD.lastIndex = 0;
    for (let m = WORD.exec(raw); m; m = WORD.exec(raw)) {
      if (!classWord(m[0], text.at + m.index, push, role === "class")) css += `${m[0]} `;
    }
    if (role === "class") continue;
    const value = css.trim();
    if (!value) continue;
    const key = text.key ?? "";
    if (role === "data") {
      // Plain data counts only when the whole string is a colour (a palette entry), never text that mentions "#12".
      if (WHOLE_COLOR.test(value))
        push({
          rule: "hardcoded_color",
          literal: value.toLowerCase(),
          role: "data",
          offset: text.at,
          message: `"${value}" is a hard-coded colour.`,
          suggestion: COLOR_HINT,
        });
      continue;
    }
    if (role === "attribute") {
      if (!PAINT_ATTRIBUTE.test(key)) continue;
      for (const c of colorsIn(value, true))
        keyed(
          text,
          "hardcoded_color",
          c,
          `${key}="${value}" hard-codes the colour ${c}.`,
          `Use var(--ui-…) or currentColor. ${COLOR_HINT}`,
        );
      continue;
    }
    // style
    if (FONT_KEY.test(key)) {
      if (!value.includes("--ui-font-") && !CSS_WIDE.has(value))
        keyed(
          text,
          "hardcoded_font",
          value,
          `${key}: "${value}" sets a font outside the --ui-font-* tokens.`,
          FONT_HINT,
        );
      continue;
    }
    if (RADIUS_KEY.test(key)) {
      if (!value.includes("--ui-corners") && !SHAPE_RADIUS.test(value) && !CSS_WIDE.has(value))
        keyed(text, "hardcoded_radius", value, `${key}: "${value}" sets a radius outside --ui-corners.`, RADIUS_HINT);
      continue;
    }
    for (const c of colorsIn(value, COLOR_KEY.test(key)))
      keyed(text, "hardcoded_color", c, `${key || "style"}: "${value}" hard-codes the colour ${c}.`, COLOR_HINT);
  }

  for (const n of scan.numbers) {
    if (!RADIUS_KEY.test(n.key) || SHAPE_RADIUS.test(n.value)) continue;
    push({
      rule: "hardcoded_radius",
      literal: `${n.key}: ${n.value}`,
      role: "style",
      offset: n.at,
      message: `${n.key}: ${n.value} sets a radius outside --ui-corners.`,
      suggestion: RADIUS_HINT,
    });
  }

  const lucideNamespaces = new Set<string>();
  for (const imp of scan.imports) {
    const relative = imp.source.startsWith(".") || imp.source.startsWith("/");
    const pkg = packageOf(imp.source);
    if (!relative && !(CATALOG_PACKAGES as readonly string[]).includes(pkg))
      push({
        rule: "import_not_allowed",
        literal: imp.source,
        role: "import",
        offset: imp.at,
        message: `Imports "${imp.source}": catalog components import only ${ALLOWED_IMPORTS}.`,
        suggestion:
          "Keep the component to those packages and wire anything else around it, or make sure the project " +
          "installs it: the catalog's preview and rules cannot vouch for it.",
      });
    if (imp.source !== "lucide-react") continue;
    if (imp.namespace) lucideNamespaces.add(imp.namespace);
    for (const { name, at } of imp.names) if (!lucideExports(name)) out.push(unknownIcon(name, at));
  }
  for (const m of scan.members)
    if (lucideNamespaces.has(m.object) && !lucideExports(m.property)) out.push(unknownIcon(m.property, m.at));
  return out;
}

function unknownIcon(name: string, at: number): Occurrence {
  const near = name === "default" ? [] : nearestIcons(name);
  return {
    rule: "unknown_icon",
    literal: name,
    role: "import",
    at,
    message:
      name === "default"
        ? "lucide-react has no default export."
        : `lucide-react ${LUCIDE_VERSION} (the version the catalog pins) exports no ${name}.`,
    suggestion: near.length
      ? `Did you mean ${near.join(", ")}? Icon names change between lucide releases: keep the pinned version.`
      : "Import a named icon lucide-react exports (lucide.dev/icons); icon names change between releases.",
  };
}
