/** The PRD's version rule over a component source, returning domain errors as values. */
import type { Entry } from "../catalog/schema.ts";
import { type DomainError, domainError, UpstreamError } from "../errors.ts";
import { type Code, type ComponentSource, VERSION_ID, type VersionIndex, visibleVersions } from "./model.ts";

export type Loaded = { ok: true; index: VersionIndex; versionId: string; code: Code; available: string[] } | { ok: false; error: DomainError };

const upstream = (e: unknown): DomainError => {
  if (!(e instanceof UpstreamError)) throw e;
  return domainError(e.code, e.message, "Retry once in a few seconds; if it fails again, tell the user the component store is unavailable.");
};

/** Visible version ids, or a DomainError; null when the store has no component. */
export async function availableVersions(source: ComponentSource, entry: Entry): Promise<{ index: VersionIndex; available: string[] } | null | DomainError> {
  let index: VersionIndex | null;
  try {
    index = await source.versions(entry.id);
  } catch (e) {
    if (e instanceof Error && e.name === "ZodError") return upstream(new UpstreamError("upstream_error", "The store returned a malformed version index"));
    return upstream(e);
  }
  if (!index) return null;
  return { index, available: visibleVersions(index).map((v) => v.versionId) };
}

/**
 * No version: the store's `activeVersionId`. An explicit version: exactly that one, or
 * `version_not_found` listing what exists; never a substitute.
 */
export async function loadComponent(source: ComponentSource, entry: Entry, requested?: string): Promise<Loaded> {
  const ref = `#${entry.catalogNumber} (${entry.title})`;
  const found = await availableVersions(source, entry);
  const noComponent = () => {
    if (entry.hasGeneratedComponent) console.warn(`[mcp] drift: catalog flags ${entry.id} ${ref} as having a component, the store has none`);
    return { ok: false as const, error: domainError("component_not_found", `Pattern ${ref} has no generated component.`, "Call search_components (only_with_code: true) to find patterns that have code, or get_pattern for this pattern's guidance.") };
  };
  if (found === null) return noComponent();
  if ("code" in found) return { ok: false, error: found };
  const { index, available } = found;
  const versionId = requested ?? index.activeVersionId;
  if (requested !== undefined && (!VERSION_ID.test(requested) || !available.includes(requested))) {
    return {
      ok: false,
      error: domainError("version_not_found", `Pattern ${ref} has no version "${requested}". Available: ${available.join(", ")}.`, `Call get_component again with one of: ${available.join(", ")}, or omit version_id for the active version (${index.activeVersionId}).`, { available_versions: available, active_version_id: index.activeVersionId }),
    };
  }
  if (!available.includes(versionId)) return noComponent();
  let code: Code | null;
  try {
    code = await source.code(entry.id, versionId);
  } catch (e) {
    if (e instanceof TypeError && /decode|encoded/i.test(e.message)) return { ok: false, error: upstream(new UpstreamError("upstream_error", "The stored code is not valid UTF-8")) };
    return { ok: false, error: upstream(e) };
  }
  if (!code) {
    if (requested === undefined) return noComponent();
    return { ok: false, error: domainError("version_not_found", `Version "${versionId}" of ${ref} is listed but its code is missing.`, `Try another version: ${available.join(", ")}.`, { available_versions: available }) };
  }
  return { ok: true, index, versionId, code, available };
}
