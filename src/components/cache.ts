/**
 * Isolate-memory caching around a component source. A version's code never changes once written,
 * so it is kept (bounded by total bytes, least recently used out first). The version index holds
 * the active pointer, which moves on regenerate: it is kept at most `indexTtlMs`.
 */
import type { Code, ComponentSource, VersionIndex } from "./model.ts";

export interface CacheOptions {
  /** Upper bound on how stale the active pointer can be, in ms. */
  indexTtlMs: number;
  /** Upper bound on cached code, in bytes. */
  codeBytes: number;
  now?: () => number;
}

export function cachedSource(source: ComponentSource, { indexTtlMs, codeBytes, now = Date.now }: CacheOptions): ComponentSource {
  const indexes = new Map<string, { at: number; value: VersionIndex | null }>();
  const codes = new Map<string, Code>();
  let held = 0;

  return {
    async versions(id) {
      const hit = indexes.get(id);
      if (hit && now() - hit.at < indexTtlMs) return hit.value;
      const value = await source.versions(id);
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
      const code = await source.code(id, version);
      // Two concurrent misses for one key both land here: count its bytes once.
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
