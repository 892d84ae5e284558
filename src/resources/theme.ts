/**
 * The catalog's theme as an MCP resource, `patttterns://theme/tokens.css`: all 22 `--ui-*` tokens,
 * light and dark, ready to paste, then recipes that map them onto shadcn/ui, Tailwind CSS v4's
 * `@theme` and plain CSS instead, commented out so that pasting the whole file gives the default
 * theme. get_component's `usage_rules.theme_css` is the same theme cut to one component's tokens.
 * The text (theme-text.ts, with the recipes) loads on the first read.
 */
import { CACHE_HINTS } from "../mcp/constants.ts";
import type { Resource } from "../mcp/resource.ts";

export const THEME_URI = "patttterns://theme/tokens.css";

export const themeResource: Resource = {
  uri: THEME_URI,
  name: "tokens.css",
  title: "PATTTTERNS theme tokens",
  description:
    "The 22 --ui-* design tokens every catalog component uses, light and dark, as CSS to paste when the " +
    "project has no theme, with recipes mapping them onto shadcn/ui, Tailwind CSS v4 @theme and plain CSS.",
  mimeType: "text/css",
  // Changes only on deploy, like the tool list.
  read: async () => {
    const { themeResourceText } = await import("./theme-text.ts");
    return {
      contents: [{ uri: THEME_URI, mimeType: "text/css", text: themeResourceText() }],
      cache: CACHE_HINTS.lists,
    };
  },
};
