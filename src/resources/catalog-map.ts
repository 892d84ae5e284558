/**
 * The catalog map as an MCP resource, `patttterns://catalog/index`: every pattern's catalog number,
 * title and the first words of its description, by site section, in under 4,000 tokens. When a
 * search comes back empty or weak, the agent can read the whole catalog and choose itself. The
 * markdown is built from search_index.json by `npm run build` (scripts/build/map.ts) and loads on the
 * first read: no other request pays for it.
 */
import { CACHE_HINTS } from "../mcp/constants.ts";
import type { Resource } from "../mcp/resource.ts";

export const CATALOG_MAP_URI = "patttterns://catalog/index";

export const catalogMapResource: Resource = {
  uri: CATALOG_MAP_URI,
  name: "catalog-index.md",
  title: "PATTTTERNS catalog map",
  description:
    "Every catalog pattern on one line, by site section: catalog number, title and a few words of what it is " +
    "(under 4,000 tokens). Read it when a search finds nothing or only some_words hits, and pick a pattern by number.",
  mimeType: "text/markdown",
  // Changes only on deploy, like the tool list.
  read: async () => {
    const { CATALOG_MAP } = await import("../../generated/catalog-map.ts");
    return {
      contents: [{ uri: CATALOG_MAP_URI, mimeType: "text/markdown", text: CATALOG_MAP }],
      cache: CACHE_HINTS.lists,
    };
  },
};
