/**
 * The committed fixtures seen as a Components store: `fixtures/components/<slug-segment>/<file>`
 * becomes the key `<pattern-uuid>/<file>`, so the drift guard checks fixtures and Blobs alike.
 */
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import type { Entry } from "../../../src/catalog/schema.ts";
import { ROOT } from "../../lib/repo-root.ts";
import type { StoreView } from "./check.ts";

export async function fixtureStore(dir: string, entries: readonly Entry[]): Promise<StoreView> {
  const problems: string[] = [];
  const files = new Map<string, string>();
  const bySegment = new Map<string, Entry[]>();
  for (const e of entries) {
    const last = e.slug.slice(e.slug.lastIndexOf("/") + 1);
    bySegment.set(last, [...(bySegment.get(last) ?? []), e]);
  }
  const shown = (path: string) => (path.startsWith(ROOT) ? relative(ROOT, path) : path);
  for (const d of await readdir(dir, { withFileTypes: true })) {
    if (!d.isDirectory()) continue;
    const folder = join(dir, d.name);
    const candidates = bySegment.get(d.name) ?? [];
    // Two sections may share a last segment: the flagged entry is the one the folder is for.
    const flagged = candidates.filter((e) => e.hasGeneratedComponent);
    const entry = candidates.length === 1 ? candidates[0] : flagged.length === 1 ? flagged[0] : undefined;
    if (!entry) {
      problems.push(
        `${shown(folder)}: ${candidates.length ? `several catalog entries end in /${d.name}` : `no catalog entry has a slug ending in /${d.name}`}`,
      );
      continue;
    }
    for (const f of await readdir(folder, { withFileTypes: true })) {
      if (f.isFile()) files.set(`${entry.id}/${f.name}`, join(folder, f.name));
      else problems.push(`${shown(join(folder, f.name))}: unexpected folder`);
    }
  }
  return {
    name: shown(dir),
    problems,
    list: async () => [...files.keys()].sort(),
    get: async (key) => {
      const path = files.get(key);
      return path === undefined ? null : new Uint8Array(await readFile(path));
    },
    label: (key) => shown(files.get(key) ?? key),
  };
}
