/**
 * search_index.json validated as the build validates it: zod (defaults applied), then refused when
 * two entries share an id, catalog number or slug, which would make the resolver's keys ambiguous.
 */
import { LOOKUP_KEY } from "../../../src/catalog/lookup.ts";
import { catalogSchema, type Entry } from "../../../src/catalog/schema.ts";
import { searchOrder } from "./tables.ts";

/** The resolver's keys would be ambiguous for two entries sharing an id, number or slug: refuse such an index. */
export function duplicates(entries: readonly Entry[]): string | undefined {
  const unique = { id: LOOKUP_KEY.id, catalogNumber: LOOKUP_KEY.number, slug: LOOKUP_KEY.slug };
  for (const [field, key] of Object.entries(unique)) {
    const seen = new Set<string>();
    for (const e of entries) {
      if (seen.has(key(e))) return `duplicate ${field} ${JSON.stringify(key(e))} (${e.title})`;
      seen.add(key(e));
    }
  }
  return undefined;
}

/**
 * The entries of a parsed search_index.json, validated with zod (defaults applied) and refused when
 * two share an id, number or slug, in search order (catalog number). Throws with the first issues.
 */
export function parseCatalog(raw: unknown): Entry[] {
  const parsed = catalogSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join(".")}: ${i.message}`)
      .join("; ");
    throw new Error(`search_index.json is invalid: ${first}`);
  }
  const duplicate = duplicates(parsed.data);
  if (duplicate) throw new Error(`search_index.json is invalid: ${duplicate}`);
  return searchOrder(parsed.data);
}
