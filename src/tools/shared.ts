/** Pieces every tool uses: the ref argument and its resolution into a domain error. */
import { z } from "zod";
import type { Catalog } from "../catalog/catalog.ts";
import type { Entry } from "../catalog/schema.ts";
import { LIMITS } from "../config.ts";
import type { Deps } from "../deps.ts";
import { type DomainError, domainError } from "../errors.ts";
import type { Tool } from "../mcp/tool.ts";

/** `defineTool` bound to this server's dependencies, so arguments are typed from the schema. */
export const tool = <S extends z.ZodType>(t: Tool<Deps, S>): Tool<Deps, S> => t;

export const patternRef = z
  .string()
  .min(1)
  .max(LIMITS.refChars)
  .describe('The pattern: catalog number ("#123" or "123"), Notion UUID (with or without dashes), slug ("/ui-components/tabs" or "tabs"), or its patttterns.com URL.');

export const limit = z
  .number()
  .int()
  .min(1)
  .max(LIMITS.searchMax)
  .default(LIMITS.searchDefault)
  .describe(`How many results to return (default ${LIMITS.searchDefault}, max ${LIMITS.searchMax}).`);

export function resolveRef(catalog: Catalog, ref: string): { ok: true; entry: Entry } | { ok: false; error: DomainError } {
  const r = catalog.resolve(ref);
  if (r.ok) return r;
  if (r.reason === "ambiguous") {
    const candidates = r.candidates.map((e) => ({ pattern_id: e.id, catalog_number: `#${e.catalogNumber}`, title: e.title, slug: e.slug }));
    return {
      ok: false,
      error: domainError("invalid_args", `"${ref}" matches ${candidates.length} patterns.`, `Call again with one of these catalog numbers: ${candidates.map((c) => c.catalog_number).join(", ")}.`, { candidates }),
    };
  }
  return {
    ok: false,
    error: domainError("pattern_not_found", `No pattern matches "${ref.slice(0, 80)}".`, "Call search_patterns or search_components with keywords to find the pattern, then use its catalog_number."),
  };
}
