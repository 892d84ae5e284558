/**
 * The version rule of docs/components.md (the active version by default; an explicit version exactly,
 * or not at all) over a component source, returning domain errors as values.
 */
import type { Entry } from "../catalog/schema.ts";
import { type DomainError, domainError, UpstreamError } from "../errors.ts";
import { type ComponentSource, type Tsx, VERSION_ID, type VersionIndex, visibleVersions } from "./model.ts";

export type Loaded =
  | { ok: true; index: VersionIndex; versionId: string; tsx: Tsx; available: string[] }
  | { ok: false; error: DomainError };

/** What agents may say for "the active version"; the same as omitting version_id. */
export const ACTIVE = "active";

const RETRY_ONCE = "Retry once in a few seconds; if it fails again, tell the user the component store is unavailable.";
const FIND_CODE =
  "Call search_components (only_with_code: true) to find patterns that have code, " +
  "or get_pattern for this pattern's guidance.";

const upstream = (e: unknown): DomainError => {
  // Anything else is a bug of ours: let it reach the protocol layer's internal-error path.
  if (!(e instanceof UpstreamError)) throw e;
  return domainError(e.code, e.message, RETRY_ONCE);
};

const ref = (entry: Entry) => `#${entry.catalogNumber} (${entry.title})`;

/** Catalog and store disagree: logged for the operator (the catalog flag is a build-time copy). */
const drift = (entry: Entry, what: string) => console.warn(`[mcp] drift: ${entry.id} ${ref(entry)}: ${what}`);

/** Visible version ids, or a DomainError; null when the store has no component. */
export async function availableVersions(
  source: ComponentSource,
  entry: Entry,
): Promise<{ index: VersionIndex; available: string[] } | null | DomainError> {
  let index: VersionIndex | null;
  try {
    index = await source.versions(entry.id);
  } catch (e) {
    return upstream(e);
  }
  if (!index) return null;
  return { index, available: visibleVersions(index).map((v) => v.versionId) };
}

/**
 * No version (or "active"): the store's `activeVersionId`. An explicit version: exactly that one, or
 * `version_not_found` listing what exists; never a substitute. Only ids matching VERSION_ID and listed
 * as visible ever reach a blob key.
 */
export async function loadComponent(source: ComponentSource, entry: Entry, requested?: string): Promise<Loaded> {
  const explicit = requested !== undefined && requested !== ACTIVE ? requested : undefined;
  const found = await availableVersions(source, entry);
  const noComponent = (why: string) => {
    if (entry.hasGeneratedComponent) drift(entry, why);
    const error = domainError("component_not_found", `Pattern ${ref(entry)} has no generated component.`, FIND_CODE);
    return { ok: false as const, error };
  };
  if (found === null) return noComponent("the catalog flags a component, the store has none");
  if ("code" in found) return { ok: false, error: found };
  const { index, available } = found;
  const versionNotFound = (message: string) => ({
    ok: false as const,
    error: domainError(
      "version_not_found",
      message,
      `Call get_component again with one of: ${available.join(", ")}, ` +
        `or omit version_id for the active version (${index.activeVersionId}).`,
      { available_versions: available, active_version_id: index.activeVersionId },
    ),
  });
  if (explicit !== undefined && (!VERSION_ID.test(explicit) || !available.includes(explicit))) {
    const asked = JSON.stringify(explicit.slice(0, 40));
    return versionNotFound(`Pattern ${ref(entry)} has no version ${asked}. Available: ${available.join(", ")}.`);
  }
  const versionId = explicit ?? index.activeVersionId;
  if (!available.includes(versionId)) {
    return noComponent(`the active pointer names ${versionId}, which is hidden or not listed`);
  }
  let tsx: Tsx | null;
  try {
    tsx = await source.tsx(entry.id, versionId);
  } catch (e) {
    return { ok: false, error: upstream(e) };
  }
  if (!tsx) {
    if (explicit === undefined) return noComponent(`the active version ${versionId} has no code blob`);
    drift(entry, `version ${versionId} is listed but has no code blob`);
    return versionNotFound(`Version "${versionId}" of ${ref(entry)} is listed but its code is missing.`);
  }
  return { ok: true, index, versionId, tsx, available };
}
