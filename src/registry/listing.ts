/**
 * `/r/registry.json`: the index of every pattern with a component, from the catalog alone (no store
 * read). With any of the CLI's search parameters (`q`, `limit`, `offset`, `type`) it answers with the
 * catalog's own search, the one `search_components` uses, and with `pagination`: the shadcn CLI and
 * its MCP server then show this ranking as it is instead of a fuzzy match over names.
 */
import type { Catalog } from "../catalog/catalog.ts";
import { tokens } from "../catalog/normalize.ts";
import { LIMITS } from "../config.ts";
import { INDEX_SCHEMA, indexEntry, ITEM_TYPE, REGISTRY_NAME } from "./item.ts";
import { registryName } from "./names.ts";

/** The most items one page holds: the CLI asks for 100 by default, and `limit=0` (or none) means this many. */
export const PAGE_MAX = 1000;
/** Past any catalog's size: an offset beyond it is a malformed request. */
const OFFSET_MAX = 1_000_000;

export interface ListingQuery {
  q?: string;
  /** 0: no limit (the CLI's "all"). */
  limit?: number;
  offset?: number;
  /** The CLI's type filter: `registry:component,registry:ui`, or bare names. */
  types?: string[];
}

/** The query's parameters, read strictly: a malformed one is a message for a 400, never a guess. */
export function readListingQuery(params: URLSearchParams): ListingQuery | { invalid: string } {
  const one = (name: string) => {
    const all = params.getAll(name);
    return all.length > 1 ? null : all[0];
  };
  const q = one("q");
  const limit = one("limit");
  const offset = one("offset");
  const type = one("type");
  if (q === null || limit === null || offset === null || type === null)
    return { invalid: "Give each of q, limit, offset and type at most once." };
  if (q !== undefined && q.length > LIMITS.queryChars)
    return { invalid: `q is longer than ${LIMITS.queryChars} characters.` };
  const count = (raw: string | undefined, max: number, what: string) => {
    if (raw === undefined) return undefined;
    if (!/^\d{1,7}$/.test(raw) || Number(raw) > max) return `${what} must be a whole number from 0 to ${max}.`;
    return Number(raw);
  };
  const l = count(limit, PAGE_MAX, "limit");
  const o = count(offset, OFFSET_MAX, "offset");
  if (typeof l === "string") return { invalid: l };
  if (typeof o === "string") return { invalid: o };
  const types = type
    ?.split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  return { q, limit: l, offset: o, types };
}

/** Whether the query asks for a page (any search parameter given): answered with `pagination`. */
const paged = (q: ListingQuery) =>
  q.q !== undefined || q.limit !== undefined || q.offset !== undefined || q.types !== undefined;

const ofType = (types: readonly string[]) => types.some((t) => t === ITEM_TYPE || `registry:${t}` === ITEM_TYPE);

/** The index, or the page of it the query asks for. `homepage` is the site's (SITE_URL). */
export async function listing(catalog: Catalog, query: ListingQuery) {
  const head = { $schema: INDEX_SCHEMA, name: REGISTRY_NAME, homepage: catalog.siteUrl };
  // A query without letters or digits would match everything: it counts as none, as in search_components.
  const words = query.q !== undefined && tokens(query.q).length > 0 ? query.q : "";
  const offset = query.offset ?? 0;
  const limit = query.limit || PAGE_MAX;
  const wanted = !query.types?.length || ofType(query.types);
  const found = wanted
    ? await catalog.search(words, { withCode: true, limit: paged(query) ? offset + limit : undefined })
    : { total: 0, hits: [] };
  const page = paged(query) ? found.hits.slice(offset, offset + limit) : found.hits;
  const items = await Promise.all(page.map(async (e) => indexEntry(catalog, e, await registryName(catalog, e))));
  if (!paged(query)) return { ...head, items };
  const pagination = { total: found.total, offset, limit, hasMore: offset + items.length < found.total };
  return { ...head, items, pagination };
}
