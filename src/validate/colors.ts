/**
 * Colour literals as the validator recognises them: CSS colour syntax (hex, colour functions, the
 * named colours) and Tailwind's palette classes, with the `--ui-*` token that stands for each hue.
 */

/**
 * CSS Color 4's named colours, lowercased (without `transparent` and `currentcolor`, which are not
 * colours of a theme).
 */
export const NAMED_COLORS = new Set(
  (
    "aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown " +
    "burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan " +
    "darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred " +
    "darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink " +
    "deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold " +
    "goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush " +
    "lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey " +
    "lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime " +
    "limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen " +
    "mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin " +
    "navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise " +
    "palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue " +
    "saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow " +
    "springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen"
  ).split(" "),
);

/** Tailwind CSS's default palette (v4: v3's hues and neutrals, and mauve, olive, mist, taupe). */
export const PALETTE = [
  "red",
  "orange",
  "amber",
  "yellow",
  "lime",
  "green",
  "emerald",
  "teal",
  "cyan",
  "sky",
  "blue",
  "indigo",
  "violet",
  "purple",
  "fuchsia",
  "pink",
  "rose",
  "slate",
  "gray",
  "zinc",
  "neutral",
  "stone",
  "mauve",
  "olive",
  "mist",
  "taupe",
] as const;

/** Utilities that take a colour (`bg-`, `text-`, `border-t-`, `ring-offset-`, …). */
const COLOR_UTILITY =
  "(?:bg|text|border(?:-[xytrblse])?|divide|outline|ring(?:-offset)?|inset-ring|shadow|inset-shadow|drop-shadow|" +
  "text-shadow|fill|stroke|from|via|to|decoration|accent|caret|placeholder)";

/** `bg-blue-500`, `text-white/80`: a palette colour class (variants already stripped). */
export const PALETTE_CLASS = new RegExp(
  `^(${COLOR_UTILITY})-(?:(${PALETTE.join("|")})-(50|[1-9]00|950)|(black|white))(?:/[\\w.%-]+)?$`,
);

/** A colour utility with an arbitrary value: `bg-[#fff]`, `text-(--x)`, `border-[color:red]`. */
export const COLOR_UTILITY_ARBITRARY = new RegExp(`^${COLOR_UTILITY}-[[(]`);

/** A hex colour not inside `url(#id)` or an HTML entity; `#123` in prose is left to the caller's context. */
export const HEX = /(?<![\w&#-]|url\()#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![\w-])/gi;
/** A colour function with literal arguments (one over `var(…)` is the token's colour, not a literal). */
export const COLOR_FUNCTION = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\((?![^)]*var\()[^)]*\)/gi;

/** The token that stands for a palette hue. */
const HUE_TOKEN: Record<string, string> = {
  red: "--ui-error",
  rose: "--ui-error",
  orange: "--ui-warning",
  amber: "--ui-warning",
  yellow: "--ui-warning",
  lime: "--ui-success",
  green: "--ui-success",
  emerald: "--ui-success",
  teal: "--ui-success",
  cyan: "--ui-info",
  sky: "--ui-info",
  blue: "--ui-info",
  indigo: "--ui-accent",
  violet: "--ui-accent",
  purple: "--ui-accent",
  fuchsia: "--ui-accent",
  pink: "--ui-accent",
};

/** The token a palette class most likely meant, for the suggestion: by hue, and for neutrals by utility and shade. */
export function tokenFor(utility: string, hue: string | undefined, shade: number): string {
  const text = utility === "text" || utility === "placeholder" || utility === "caret" || utility === "decoration";
  const ring = utility.startsWith("ring") || utility === "outline";
  if (hue === "white") return text ? "--ui-accent-contrast" : "--ui-bg";
  if (hue === "black") return "--ui-text";
  const token = hue ? HUE_TOKEN[hue] : undefined;
  if (token) return ring && token === "--ui-accent" ? "--ui-ring" : token;
  if (text) return shade >= 600 ? "--ui-text" : "--ui-text-muted";
  if (ring) return "--ui-ring";
  if (/^(?:border|divide)/.test(utility)) return "--ui-border";
  return shade >= 700 ? "--ui-text" : "--ui-surface";
}
