/** A pattern reference: the argument every pattern tool takes, and its resolution into an entry or a domain error. */
import * as z from "zod/mini";
import type { Catalog } from "../catalog/catalog.ts";
import type { Entry } from "../catalog/schema.ts";
import { LIMITS } from "../config.ts";
import type { ComponentSource } from "../components/model.ts";
import { VERSION_ID } from "../components/model.ts";
import { type Loaded, loadComponent } from "../components/version-rule.ts";
import { domainError, failure, type Result } from "../errors.ts";
import { fail, type ToolOutcome } from "../mcp/tool.ts";

export const patternRef = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(LIMITS.refChars),
    z.describe(
      'The pattern: catalog number ("#123" or "123"), Notion UUID (with or without dashes), slug ' +
        '("/ui-components/tabs", or "tabs" when unique), its patttterns.com URL, or its exact title. Prefer the ' +
        "catalog_number or pattern_id a search returned.",
    ),
  );

/** A version argument (get_component's and validate_component's), described for the tool that takes it. */
export const versionRef = (description: string) =>
  z.optional(z.string().check(z.minLength(1), z.maxLength(20))).check(z.describe(description));

const candidate = (e: Entry) => ({
  pattern_id: e.id,
  catalog_number: `#${e.catalogNumber}`,
  title: e.title,
  slug: e.slug,
});
/** Echoed refs are cut: a hostile 512-character ref must not bloat the error the model reads. */
const quote = (ref: string) => JSON.stringify(ref.length > 80 ? `${ref.slice(0, 80)}…` : ref);

/**
 * The ref as one entry, or the domain error the model can act on: `invalid_args` listing the
 * candidates when it is ambiguous or explaining why it is malformed, `pattern_not_found` with
 * the closest search hits otherwise.
 */
export async function resolveRef(catalog: Catalog, ref: string): Promise<Result<{ entry: Entry }>> {
  const r = await catalog.resolve(ref);
  if (r.ok) return r;
  if (r.reason === "ambiguous") {
    const candidates = r.candidates.map(candidate);
    return failure(
      domainError.invalid_args(
        `${quote(ref)} matches ${candidates.length} patterns: ` +
          `${candidates.map((c) => `${c.catalog_number} ${c.title} (${c.slug})`).join(", ")}.`,
        `Call again with one of these catalog numbers: ${candidates.map((c) => c.catalog_number).join(", ")}.`,
        { candidates },
      ),
    );
  }
  if (r.reason === "invalid") {
    return failure(
      domainError.invalid_args(
        `pattern_id ${quote(ref)} is not usable: ${r.detail ?? "malformed"}.`,
        'Pass a catalog number ("#123"), a Notion UUID, a slug ("/ui-components/tabs") or a patttterns.com URL.',
      ),
    );
  }
  // Words that name no pattern may still find some: offer the best few so the next call can succeed.
  const near = (await catalog.search(ref, { limit: 3 })).hits.map(candidate);
  return failure(
    domainError.pattern_not_found(
      `No pattern matches ${quote(ref)}.`,
      near.length
        ? `Did you mean ${near.map((c) => `${c.catalog_number} ${c.title}`).join(", ")}? ` +
            "Call again with its catalog_number, or search_patterns to look further."
        : "Call search_patterns or search_components with keywords to find the pattern, then use its catalog_number.",
      near.length ? { candidates: near } : {},
    ),
  );
}

/**
 * The component version a call asks for: the pattern `ref` names and `versionId` ("V1 " and "v1" name
 * the same version; anything else is matched exactly, never a substitute), or the failed outcome to
 * return. Only a well-formed version id goes into the usage record: a hostile string stays out of
 * the logs.
 */
export async function loadRequested(
  catalog: Catalog,
  components: ComponentSource,
  ref: string,
  versionId: string | undefined,
): Promise<{ ok: true; entry: Entry; loaded: Extract<Loaded, { ok: true }> } | { ok: false; outcome: ToolOutcome }> {
  const r = await resolveRef(catalog, ref);
  if (!r.ok) return { ok: false, outcome: fail(r.error) };
  const requested = versionId?.trim().toLowerCase();
  const loaded = await loadComponent(components, r.entry, requested);
  if (loaded.ok) return { ok: true, entry: r.entry, loaded };
  const wellFormed = requested && VERSION_ID.test(requested) ? requested : undefined;
  return { ok: false, outcome: fail(loaded.error, { pattern_id: r.entry.id, version_id: wellFormed }) };
}
