/**
 * Orama as it comes: three string fields, typo tolerance 1, title and tag boosts, and its default
 * threshold (1: a document matching any of the query's terms is a hit).
 */
import { create, insertMultiple, load, save, search } from "@orama/orama";
import type { Entry } from "../../src/catalog/schema.ts";
import { LIMIT, type Searcher, toDoc } from "./doc.ts";

const SCHEMA = { title: "string", description: "string", tags: "string" } as const;

/** The index of `entries`, serialized as it would ship (its `save()` as JSON). */
export async function serialize(entries: readonly Entry[]): Promise<string> {
  const db = create({ schema: SCHEMA });
  await insertMultiple(db, entries.map(toDoc));
  return JSON.stringify(save(db));
}

export function open(json: string): Searcher {
  const db = create({ schema: SCHEMA });
  load(db, JSON.parse(json));
  return async (term) =>
    (await search(db, { term, tolerance: 1, boost: { title: 3, tags: 2 }, limit: LIMIT })).hits.map((h) => h.id);
}
