/**
 * The version rule of docs/components.md over a component source: the active version by default;
 * an explicit version exactly, or not at all. Failures are domain errors, returned as results.
 */
import type { Entry } from "../catalog/schema.ts";
import { domainError, failure, type Result } from "../errors.ts";
import { type ComponentSource, type Tsx, VERSION_ID, type VersionIndex, visibleVersions } from "./model.ts";

/** A component as the rule serves it: the version index, the version served, the versions listed, the code. */
export interface ComponentVersion {
  index: VersionIndex;
  versionId: string;
  tsx: Tsx;
  available: string[];
}

export type Loaded = Result<ComponentVersion>;

/** The store's versions of a pattern: `index` is null when the store has no component for it. */
export type Versions = Result<{ index: VersionIndex; available: string[] } | { index: null }>;

/** What agents may say for "the active version"; the same as omitting version_id. */
export const ACTIVE = "active";

const FIND_CODE =
  "Call search_components (only_with_code: true) to find patterns that have code, " +
  "or get_pattern for this pattern's guidance.";

const ref = (entry: Entry) => `#${entry.catalogNumber} (${entry.title})`;

/** Catalog and store disagree: logged for the operator (the catalog flag is a build-time copy). */
const drift = (entry: Entry, what: string) => console.warn(`[mcp] drift: ${entry.id} ${ref(entry)}: ${what}`);

/** The visible version ids of a pattern's component. */
export async function availableVersions(source: ComponentSource, entry: Entry): Promise<Versions> {
  const read = await source.versions(entry.id);
  if (!read.ok) return read;
  const index = read.value;
  if (!index) return { ok: true, index: null };
  return { ok: true, index, available: visibleVersions(index).map((v) => v.versionId) };
}

/**
 * The version a caller asks for, read as get_component reads `version_id` ("V1 " is v1; none or
 * "active" the active one), loaded; and what usage records of it: the pattern and the version served,
 * or only a well-formed asked id, so a hostile string stays out of the record.
 */
export async function loadAsked(source: ComponentSource, entry: Entry, asked?: string) {
  const requested = asked?.trim().toLowerCase();
  const loaded = await loadComponent(source, entry, requested);
  const wellFormed = requested && VERSION_ID.test(requested) ? requested : undefined;
  const report = { pattern_id: entry.id, version_id: loaded.ok ? loaded.versionId : wellFormed };
  return { loaded, requested, report };
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
    return failure(domainError.component_not_found(`Pattern ${ref(entry)} has no generated component.`, FIND_CODE));
  };
  if (!found.ok) return found;
  if (found.index === null) return noComponent("the catalog flags a component, the store has none");
  const { index, available } = found;
  const versionNotFound = (message: string) =>
    failure(
      domainError.version_not_found(
        message,
        `Call get_component again with one of: ${available.join(", ")}, ` +
          `or omit version_id for the active version (${index.activeVersionId}).`,
        { available_versions: available, active_version_id: index.activeVersionId },
      ),
    );
  if (explicit !== undefined && (!VERSION_ID.test(explicit) || !available.includes(explicit))) {
    const asked = JSON.stringify(explicit.slice(0, 40));
    return versionNotFound(`Pattern ${ref(entry)} has no version ${asked}. Available: ${available.join(", ")}.`);
  }
  const versionId = explicit ?? index.activeVersionId;
  if (!available.includes(versionId)) {
    return noComponent(`the active pointer names ${versionId}, which is hidden or not listed`);
  }
  const read = await source.tsx(entry.id, versionId);
  if (!read.ok) return read;
  const tsx = read.value;
  if (!tsx) {
    if (explicit === undefined) return noComponent(`the active version ${versionId} has no code blob`);
    drift(entry, `version ${versionId} is listed but has no code blob`);
    return versionNotFound(`Version "${versionId}" of ${ref(entry)} is listed but its code is missing.`);
  }
  return { ok: true, index, versionId, tsx, available };
}
