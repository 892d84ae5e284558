/**
 * Our catalog search over built catalog files (a generated/catalog/load.ts module), as the edge function runs
 * it: the search tables load on the first search, and each page's entries as it is returned.
 */
import { openCatalog } from "../../src/catalog/catalog.ts";
import type { CatalogFiles } from "../../src/catalog/reader.ts";
import { DEFAULTS } from "../../src/config.ts";
import { LIMIT, type Searcher } from "./doc.ts";

export function open(files: CatalogFiles): Searcher {
  const catalog = openCatalog(files, DEFAULTS.SITE_URL);
  return async (query) => (await catalog.search(query, { limit: LIMIT })).hits.map((e) => e.id);
}
