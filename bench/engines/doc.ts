/**
 * What every engine under `npm run bench:engines` shares: a search gives the ids of its top
 * LIMIT hits, best first; the stock engines index an entry's title, description and tags (joined).
 */
import type { Entry } from "../../src/catalog/schema.ts";

/** Hits per search: the page an agent reads, and the depth MRR@10 looks at. */
export const LIMIT = 10;

/** One query to the ids of its top LIMIT hits, best first. */
export type Searcher = (query: string) => Promise<string[]>;

export interface Doc {
  id: string;
  title: string;
  description: string;
  tags: string;
}

export const toDoc = (e: Entry): Doc => ({
  id: e.id,
  title: e.title,
  description: e.description,
  tags: e.tags.join(" "),
});
