/**
 * Isolate-memory caching around a component source. A version's TSX never changes once written,
 * so it is kept (bounded by total bytes, least recently used out first). The version index holds
 * the active pointer, which moves on regenerate: it is kept at most `indexTtlMs`. Concurrent misses
 * of one key share one read: a cold isolate hit by a burst asks the store once per key, not once per
 * request (500 concurrent cold calls made 1,000 store reads, and a few ran past their deadline).
 */
import type { ComponentSource, Read, Tsx, VersionIndex } from "./model.ts";

export interface CacheOptions {
  /** Upper bound on how stale the active pointer can be, in ms. */
  indexTtlMs: number;
  /** Upper bound on cached TSX, in bytes. */
  tsxBytes: number;
  now?: () => number;
}

/** One read per key at a time: callers that miss while it runs wait for it. */
function singleFlight<T>() {
  const running = new Map<string, Promise<T>>();
  return (key: string, read: () => Promise<T>): Promise<T> => {
    let flight = running.get(key);
    if (!flight) {
      flight = read().finally(() => running.delete(key));
      running.set(key, flight);
    }
    return flight;
  };
}

export function cachedSource(
  source: ComponentSource,
  { indexTtlMs, tsxBytes, now = Date.now }: CacheOptions,
): ComponentSource {
  const indexes = new Map<string, { at: number; value: VersionIndex | null }>();
  const kept = new Map<string, Tsx>();
  const readIndex = singleFlight<Read<VersionIndex | null>>();
  const readTsx = singleFlight<Read<Tsx | null>>();
  let held = 0;

  return {
    async versions(id) {
      const hit = indexes.get(id);
      if (hit && now() - hit.at < indexTtlMs) return { ok: true, value: hit.value };
      const read = await readIndex(id, () => source.versions(id));
      // A failure is never kept: the next call asks the store again.
      if (read.ok) indexes.set(id, { at: now(), value: read.value });
      return read;
    },
    async tsx(id, version) {
      const key = `${id}/${version}`;
      const hit = kept.get(key);
      if (hit) {
        kept.delete(key);
        kept.set(key, hit); // refresh recency: Map keeps insertion order
        return { ok: true, value: hit };
      }
      const read = await readTsx(key, () => source.tsx(id, version));
      const tsx = read.ok ? read.value : null;
      // The callers that shared a read all land here: count its bytes once.
      if (tsx && tsx.bytes <= tsxBytes && !kept.has(key)) {
        kept.set(key, tsx);
        held += tsx.bytes;
        for (const [k, v] of kept) {
          if (held <= tsxBytes) break;
          kept.delete(k);
          held -= v.bytes;
        }
      }
      return read;
    },
  };
}
