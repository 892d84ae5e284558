/**
 * Isolate caching: code held by total bytes with least-recently-used eviction, the version index
 * (the active pointer) never older than its TTL. Reads are counted on the source behind the cache.
 */
import { describe, expect, it } from "vitest";
import { DEFAULTS } from "../../../src/config.ts";
import { domainError, failure } from "../../../src/errors.ts";
import { cachedSource } from "../../../src/components/cache.ts";
import { type ComponentSource, found } from "../../../src/components/model.ts";
import { fixtureSource } from "../../helpers/app.ts";
import { fixture } from "../../helpers/components.ts";

/** The fixture source, with every read it serves counted. */
function counted() {
  const inner = fixtureSource();
  const reads = { versions: 0, tsx: [] as string[] };
  const source: ComponentSource = {
    versions: (id) => (reads.versions++, inner.versions(id)),
    tsx: (id, v) => (reads.tsx.push(`${id}/${v}`), inner.tsx(id, v)),
  };
  return { source, reads };
}

const A = { id: fixture("data-table").entry.id, v: "seed", bytes: fixture("data-table").code[0].bytes.byteLength };
const B = {
  id: fixture("tabs").entry.id,
  v: "v1",
  bytes: fixture("tabs").code.find((c) => c.versionId === "v1")!.bytes.byteLength,
};
const C = {
  id: fixture("tooltip").entry.id,
  v: "v1",
  bytes: fixture("tooltip").code.find((c) => c.versionId === "v1")!.bytes.byteLength,
};
const key = (x: { id: string; v: string }) => `${x.id}/${x.v}`;

describe("code cache", () => {
  it("serves repeated reads from memory", async () => {
    const { source, reads } = counted();
    const cache = cachedSource(source, { indexTtlMs: 0, tsxBytes: 1_000_000 });
    const first = await cache.tsx(A.id, A.v);
    const second = await cache.tsx(A.id, A.v);
    expect(second).toEqual(first);
    expect(reads.tsx).toEqual([key(A)]);
  });

  it("is bounded by bytes and evicts the least recently used first", async () => {
    const { source, reads } = counted();
    const cache = cachedSource(source, { indexTtlMs: 0, tsxBytes: A.bytes + B.bytes });
    await cache.tsx(A.id, A.v);
    await cache.tsx(B.id, B.v);
    await cache.tsx(A.id, A.v); // A is now the most recent
    await cache.tsx(C.id, C.v); // over the bound: B goes, A stays
    reads.tsx.length = 0;
    await cache.tsx(A.id, A.v);
    expect(reads.tsx).toEqual([]);
    await cache.tsx(B.id, B.v);
    expect(reads.tsx).toEqual([key(B)]);
  });

  it("gives concurrent misses of one key one read, and reads again once it settled", async () => {
    const { source, reads } = counted();
    // No byte bound and no TTL: nothing is kept, so only sharing can save a read.
    const cache = cachedSource(source, { indexTtlMs: 0, tsxBytes: 0 });
    const codes = await Promise.all(Array.from({ length: 50 }, () => cache.tsx(A.id, A.v)));
    const indexes = await Promise.all(Array.from({ length: 50 }, () => cache.versions(A.id)));
    expect(reads.tsx).toEqual([key(A)]);
    expect(reads.versions).toBe(1);
    expect(new Set(codes).size).toBe(1);
    expect(indexes.every((i) => i === indexes[0] && i !== null)).toBe(true);
    // Other keys are not held up by it, and a later miss is a new read.
    await Promise.all([cache.tsx(A.id, A.v), cache.tsx(B.id, B.v)]);
    expect(reads.tsx).toEqual([key(A), key(A), key(B)]);
  });

  it("never holds a version larger than the bound", async () => {
    const { source, reads } = counted();
    const cache = cachedSource(source, { indexTtlMs: 0, tsxBytes: A.bytes - 1 });
    await cache.tsx(A.id, A.v);
    await cache.tsx(A.id, A.v);
    expect(reads.tsx).toEqual([key(A), key(A)]);
  });

  it("counts a version once when two reads miss at the same time", async () => {
    const { source, reads } = counted();
    const cache = cachedSource(source, { indexTtlMs: 0, tsxBytes: A.bytes + B.bytes });
    await Promise.all([cache.tsx(A.id, A.v), cache.tsx(A.id, A.v)]);
    await cache.tsx(B.id, B.v);
    reads.tsx.length = 0;
    await cache.tsx(A.id, A.v); // A and B fit exactly: nothing was evicted
    await cache.tsx(B.id, B.v);
    expect(reads.tsx).toEqual([]);
  });

  it("does not cache a missing version or a failure", async () => {
    let calls = 0;
    const failing: ComponentSource = {
      versions: async () => found(null),
      tsx: async () => (calls++, calls === 1 ? failure(domainError.upstream_error("blip")) : found(null)),
    };
    const cache = cachedSource(failing, { indexTtlMs: 0, tsxBytes: 1_000_000 });
    expect(await cache.tsx(A.id, A.v)).toMatchObject({ ok: false, error: { code: "upstream_error", message: "blip" } });
    expect(await cache.tsx(A.id, A.v)).toEqual(found(null));
    expect(await cache.tsx(A.id, A.v)).toEqual(found(null));
    expect(calls).toBe(3);
  });
});

describe("index TTL: the active pointer is never staler than the bound", () => {
  it("re-reads the index once its TTL has passed (injected clock)", async () => {
    const { source, reads } = counted();
    let now = 1_000;
    const cache = cachedSource(source, { indexTtlMs: 10_000, tsxBytes: 0, now: () => now });
    await cache.versions(A.id);
    now += 9_999;
    await cache.versions(A.id);
    expect(reads.versions).toBe(1);
    now += 1;
    await cache.versions(A.id);
    expect(reads.versions).toBe(2);
  });

  it("keeps 'no component' no longer than the TTL either", async () => {
    const { source, reads } = counted();
    let now = 0;
    const cache = cachedSource(source, { indexTtlMs: 5_000, tsxBytes: 0, now: () => now });
    expect(await cache.versions("00000000-0000-0000-0000-000000000000")).toEqual(found(null));
    now = 4_999;
    await cache.versions("00000000-0000-0000-0000-000000000000");
    now = 5_000;
    await cache.versions("00000000-0000-0000-0000-000000000000");
    expect(reads.versions).toBe(2);
  });

  it("a TTL of 0 reads the index every time", async () => {
    const { source, reads } = counted();
    const cache = cachedSource(source, { indexTtlMs: 0, tsxBytes: 0 });
    await cache.versions(A.id);
    await cache.versions(A.id);
    expect(reads.versions).toBe(2);
  });

  it("the documented default bound is 10 s", () => {
    expect(DEFAULTS.COMPONENTS_INDEX_TTL_MS).toBe(10_000);
  });
});
