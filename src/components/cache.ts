/**
 * Isolate-memory caching around a component source. A version's code never changes once written,
 * so it is kept (bounded by total bytes, least recently used out first). The version index holds
 * the active pointer, which moves on regenerate: it is kept at most `indexTtlMs`. Concurrent misses
 * of one key share one read: a cold isolate hit by a burst asks the store once per key, not once per
 * request (500 concurrent cold calls made 1,000 store reads, and a few ran past their deadline).
 */
import type { Code, ComponentSource, VersionIndex } from "./model.ts";

export interface CacheOptions {
  /** Upper bound on how stale the active pointer can be, in ms. */
  indexTtlMs: number;
  /** Upper bound on cached code, in bytes. */
  codeBytes: number;
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

export function cachedSource(source: ComponentSource, { indexTtlMs, codeBytes, now = Date.now }: CacheOptions): ComponentSource {
  const indexes = new Map<string, { at: number; value: VersionIndex | null }>();
  const codes = new Map<string, Code>();
  const readIndex = singleFlight<VersionIndex | null>();
  const readCode = singleFlight<Code | null>();
  let held = 0;

  return {
    async versions(id) {
      const hit = indexes.get(id);
      if (hit && now() - hit.at < indexTtlMs) return hit.value;
      const value = await readIndex(id, () => source.versions(id));
      indexes.set(id, { at: now(), value });
      return value;
    },
    async code(id, version) {
      const key = `${id}/${version}`;
      const hit = codes.get(key);
      if (hit) {
        codes.delete(key);
        codes.set(key, hit); // refresh recency: Map keeps insertion order
        return hit;
      }
      const code = await readCode(key, () => source.code(id, version));
      // The callers that shared a read all land here: count its bytes once.
      if (code && code.bytes <= codeBytes && !codes.has(key)) {
        codes.set(key, code);
        held += code.bytes;
        for (const [k, v] of codes) {
          if (held <= codeBytes) break;
          codes.delete(k);
          held -= v.bytes;
        }
      }
      return code;
    },
  };
}
