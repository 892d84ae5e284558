/**
 * The one module that talks to Netlify Blobs. `openStore` is called per request, never at module
 * scope: `getStore` throws in production when called before the request context exists.
 *
 * `@netlify/blobs` is imported on first use, not with this module: on Deno it loads the Node
 * compatibility layer (its `process` import, a `globalThis.Buffer` check in @netlify/runtime-utils),
 * ~35 ms of a cold isolate. Requests that never touch a store (initialize, tools/list, search, the
 * page) no longer pay it; the first store read does, once per isolate.
 */
import { lazy } from "../lazy.ts";

const blobs = lazy(() => import("@netlify/blobs"));

/** Explicit credentials, for scripts and tests; the edge runtime supplies its own context. */
export interface BlobsConfig {
  siteID: string;
  token: string;
  edgeURL?: string;
  uncachedEdgeURL?: string;
  apiURL?: string;
}

export interface KV {
  /** Raw bytes of a blob, or null when absent. */
  get(key: string): Promise<Uint8Array | null>;
  set(key: string, value: string | Uint8Array): Promise<void>;
  /** Keys under a prefix, in store order. */
  list(prefix?: string): Promise<string[]>;
  delete(key: string): Promise<void>;
}

export interface OpenOptions {
  config?: BlobsConfig;
  /** Strong reads skip the CDN cache; used where staleness matters (active pointers, counters). */
  consistency?: "strong" | "eventual";
  /** Injected so callers can put a deadline (AbortSignal) on every request. */
  fetch?: typeof fetch;
}

export function openStore(name: string, opts: OpenOptions = {}): KV {
  let opened: ReturnType<typeof import("@netlify/blobs").getStore> | undefined;
  const store = async () =>
    (opened ??= (await blobs.get()).getStore({
      name,
      consistency: opts.consistency,
      fetch: opts.fetch,
      ...opts.config,
    }));
  return {
    async get(key) {
      const buf = await (await store()).get(key, { type: "arrayBuffer" });
      return buf === null ? null : new Uint8Array(buf);
    },
    async set(key, value) {
      // Copy into a fresh ArrayBuffer: Blobs wants a BodyInit, and views over shared buffers are not one.
      await (await store()).set(key, typeof value === "string" ? value : value.slice().buffer);
    },
    async list(prefix) {
      const { blobs } = await (await store()).list({ prefix });
      return blobs.map((b) => b.key);
    },
    async delete(key) {
      await (await store()).delete(key);
    },
  };
}
