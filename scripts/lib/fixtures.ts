/** Reads the committed component fixtures and pairs them with catalog entries (Node only). */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { versionIndexSchema, type VersionIndex } from "../../src/components/model.ts";
import { catalogSchema, type Entry } from "../../src/catalog/schema.ts";

import { ROOT } from "./repo-root.ts";
export const FIXTURES = join(ROOT, "fixtures/components");

export interface FixturePattern {
  name: string;
  entry: Entry;
  index: VersionIndex;
  /** versions.json exactly as committed. */
  indexBytes: Uint8Array;
  code: { versionId: string; bytes: Uint8Array }[];
}

export async function loadCatalog(path = join(ROOT, "search_index.json")): Promise<Entry[]> {
  return catalogSchema.parse(JSON.parse(await readFile(path, "utf8")));
}

export async function loadFixtures(catalog?: Entry[]): Promise<FixturePattern[]> {
  const entries = catalog ?? (await loadCatalog());
  const bySegment = new Map<string, Entry>();
  for (const e of entries) if (e.hasGeneratedComponent) bySegment.set(e.slug.split("/").pop()!, e);
  const names = (await readdir(FIXTURES, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const out: FixturePattern[] = [];
  for (const name of names) {
    const entry = bySegment.get(name);
    if (!entry)
      throw new Error(
        `fixtures/components/${name}: no catalog entry with hasGeneratedComponent and slug ending in /${name}`,
      );
    const indexBytes = new Uint8Array(await readFile(join(FIXTURES, name, "versions.json")));
    const index = versionIndexSchema().parse(JSON.parse(new TextDecoder().decode(indexBytes)));
    const code = await Promise.all(
      index.versions.map(async (v) => ({
        versionId: v.versionId,
        bytes: new Uint8Array(await readFile(join(FIXTURES, name, `${v.versionId}.tsx`))),
      })),
    );
    out.push({ name, entry, index, indexBytes, code });
  }
  return out;
}
