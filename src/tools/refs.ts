/**
 * The arguments every pattern tool takes (`pattern_id`, `version_id`), and the component version a
 * call asks for, loaded through the catalog's resolver and the version rule.
 */
import * as z from "zod/mini";
import type { Catalog } from "../catalog/catalog.ts";
import type { Entry } from "../catalog/schema.ts";
import { LIMITS } from "../config.ts";
import type { ComponentSource } from "../components/model.ts";
import { type ComponentVersion, loadAsked } from "../components/version-rule.ts";
import type { Result } from "../errors.ts";
import type { Report } from "../mcp/context.ts";

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

/** A loaded version, or why there is none; `report` says which pattern and version, once the pattern is known. */
export type Requested = Result<{ entry: Entry } & ComponentVersion> & { report?: Report };

/**
 * The component version a call asks for: the pattern `ref` names and `versionId` ("V1 " and "v1" name
 * the same version; anything else is matched exactly, never a substitute). Only a well-formed version
 * id goes into the report: a hostile string stays out of the usage record.
 */
export async function loadRequested(
  catalog: Catalog,
  components: ComponentSource,
  ref: string,
  asked: string | undefined,
): Promise<Requested> {
  const r = await catalog.resolve(ref);
  if (!r.ok) return r;
  const { loaded, report } = await loadAsked(components, r.entry, asked);
  if (!loaded.ok) return { ...loaded, report };
  // Fields named, not spread: V8 copies a spread object on a slow path (~10 µs per call served on Node).
  const { index, versionId, tsx, available } = loaded;
  return { ok: true, entry: r.entry, index, versionId, tsx, available, report };
}
