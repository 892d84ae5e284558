/**
 * Registry names: a pattern's item is `/r/{name}.json`, `{name}` the last segment of its slug
 * (`/ui-components/date-picker` → `date-picker`). Where two patterns share a last segment, or it is a
 * name the registry keeps for itself (`registry`, the index), each of them is `{segment}-{catalog
 * number}` instead (`onboarding-82`), so every name stays unique and none is ever reassigned to
 * another pattern. Only names read through the catalog's lookup ever reach the store. And the
 * addresses built on them: an item's URL, and the command that installs it.
 */
import type { Catalog } from "../catalog/catalog.ts";
import type { Entry } from "../catalog/schema.ts";
import type { ThemeName } from "./css-vars.ts";

/** Names the registry serves itself: a pattern ending in one of them takes the numbered form. */
const RESERVED = new Set(["registry"]);
/** What a slug segment may hold (the catalog's slug rule), and the numbered form. */
export const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const NUMBERED = /^([a-z0-9-]+)-(\d{1,9})$/;
/** Longer than any slug segment of the site: refused before any lookup. */
export const NAME_MAX = 100;

const lastSegment = (e: Entry) => e.slug.slice(e.slug.lastIndexOf("/") + 1);

/** Whether `segment` alone names one pattern. */
const unique = (segment: string, sharing: readonly Entry[]) => sharing.length === 1 && !RESERVED.has(segment);

/** The registry name of a catalog pattern. */
export async function registryName(catalog: Catalog, e: Entry): Promise<string> {
  const segment = lastSegment(e);
  return unique(segment, await catalog.withLastSegment(segment)) ? segment : `${segment}-${e.catalogNumber}`;
}

/**
 * The pattern a registry name names; otherwise the patterns a bare segment shares (whose numbered
 * names to offer), or none.
 */
export async function entryNamed(
  catalog: Catalog,
  name: string,
): Promise<{ entry: Entry } | { entry?: undefined; sharing: Entry[] }> {
  if (name.length > NAME_MAX || !NAME.test(name)) return { sharing: [] };
  const same = await catalog.withLastSegment(name);
  if (unique(name, same)) return { entry: same[0] };
  if (same.length > 0) return { sharing: same };
  const numbered = NUMBERED.exec(name);
  if (numbered) {
    const [, segment, n] = numbered;
    const sharing = await catalog.withLastSegment(segment);
    const entry = sharing.find((e) => String(e.catalogNumber) === n);
    if (entry && !unique(segment, sharing)) return { entry };
  }
  return { sharing: [] };
}

/** The item's URL on this origin: pinned to `versionId` (the active version's without one), in `theme`. */
export function itemUrl(origin: string, name: string, versionId?: string, theme: ThemeName = "patttterns"): string {
  const query = [versionId && `version=${versionId}`, theme !== "patttterns" && `theme=${theme}`].filter(Boolean);
  return `${origin}/r/${name}.json${query.length ? `?${query.join("&")}` : ""}`;
}

/**
 * The shadcn CLI's command that installs the item at `url`. Quoted: a `?` unquoted is a glob in zsh
 * (macOS's shell), which refuses the command when no file matches.
 */
export const shadcnAdd = (url: string) => `npx shadcn@latest add "${url}"`;
