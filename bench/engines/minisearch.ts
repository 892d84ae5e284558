/** MiniSearch as it comes, with the field boosts, fuzziness and prefix matching its docs suggest. */
import MiniSearch, { type Options, type SearchOptions } from "minisearch";
import type { Entry } from "../../src/catalog/schema.ts";
import { type Doc, LIMIT, type Searcher, toDoc } from "./doc.ts";

// Nothing is stored: a search returns ids, and titles are looked up by id.
const OPTIONS: Options<Doc> = { fields: ["title", "description", "tags"] };
const SEARCH: SearchOptions = {
  boost: { title: 3, tags: 2, description: 1 },
  fuzzy: 0.2,
  prefix: true,
  combineWith: "OR",
};

/** The index of `entries`, serialized as it would ship. */
export function serialize(entries: readonly Entry[]): string {
  const ms = new MiniSearch<Doc>(OPTIONS);
  ms.addAll(entries.map(toDoc));
  return JSON.stringify(ms);
}

export function open(json: string): Searcher {
  const ms = MiniSearch.loadJSON<Doc>(json, OPTIONS);
  return async (query) =>
    ms
      .search(query, SEARCH)
      .slice(0, LIMIT)
      .map((r) => String(r.id));
}
