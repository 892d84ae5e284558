/**
 * The prebuilt catalog (`search_index.prebuilt.json`): search_index.json validated with zod at build
 * time (scripts/build-catalog.ts), plus its search index. The edge function loads it instead of the
 * raw index, so a cold isolate neither runs zod over every entry nor normalizes every field: at
 * 10,000 patterns that is ~0.5 s and ~0.1 s. A test keeps the committed file current.
 */
import type { Entry } from "./schema.ts";
import { buildSearchData, type SearchData } from "./search-data.ts";
import { searchOrder } from "./search.ts";

export const PREBUILT_FORMAT = "patttterns-catalog/1";

export interface PrebuiltCatalog {
  format: typeof PREBUILT_FORMAT;
  /** sha256 (hex) of the search_index.json bytes it was built from. */
  source: string;
  /** Validated entries (zod defaults applied), in the source's order. */
  entries: Entry[];
  search: SearchData;
}

export const isPrebuilt = (raw: unknown): raw is PrebuiltCatalog =>
  typeof raw === "object" && raw !== null && (raw as { format?: unknown }).format === PREBUILT_FORMAT;

/** `searchText` is the site's own search string; the server derives its index from the fields. */
const strip = ({ searchText: _, ...rest }: Entry): Entry => rest;

/** `entries` must already be validated. */
export function prebuild(entries: readonly Entry[], source: string): PrebuiltCatalog {
  const kept = entries.map(strip);
  return { format: PREBUILT_FORMAT, source, entries: kept, search: buildSearchData(searchOrder(kept)) };
}

/** One entry per line, so a catalog change shows as a readable diff. */
export function serializePrebuilt(p: PrebuiltCatalog): string {
  const head = JSON.stringify({ format: p.format, source: p.source });
  return `${head.slice(0, -1)},\n"entries":[\n${p.entries.map((e) => JSON.stringify(e)).join(",\n")}\n],\n"search":${JSON.stringify(p.search)}}\n`;
}
