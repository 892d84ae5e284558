/** Idempotent seeding of a Components store from the fixtures. */
import { blobKeys } from "../../src/components/model.ts";
import type { KV } from "../../src/storage/blobs.ts";
import type { FixturePattern } from "./fixtures.ts";

const same = (a: Uint8Array | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.byteLength && a.every((x, i) => x === b[i]);

export interface SeedResult {
  written: number;
  unchanged: number;
  /** Keys that hold different bytes and were left alone (without `force`). */
  conflicts: string[];
}

/**
 * Writes each fixture blob that is missing or different. Existing, different blobs are conflicts and
 * are kept unless `force`: seeds are immutable in the Components API, so a real store wins.
 */
export async function seedStore(store: KV, fixtures: FixturePattern[], force = false): Promise<SeedResult> {
  const result: SeedResult = { written: 0, unchanged: 0, conflicts: [] };
  const put = async (key: string, bytes: Uint8Array) => {
    const current = await store.get(key);
    if (same(current, bytes)) return void result.unchanged++;
    if (current !== null && !force) return void result.conflicts.push(key);
    await store.set(key, bytes);
    result.written++;
  };
  for (const f of fixtures) {
    for (const c of f.code) await put(blobKeys.tsx(f.entry.id, c.versionId), c.bytes);
    // The index goes last, so a reader never sees a pointer to code not yet written.
    await put(blobKeys.index(f.entry.id), f.indexBytes);
  }
  return result;
}
