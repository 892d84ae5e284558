/**
 * The configured component source: the Components API's Blobs store, or the Components API over HTTP
 * when `COMPONENTS_API_BASE` is set, behind the isolate cache. Both edge functions build theirs here
 * (src/app.ts for /mcp, src/registry/ for /r/*), so a registry request loads no protocol code.
 */
import { blobsSource } from "./blobs-source.ts";
import { cachedSource } from "./cache.ts";
import { httpSource } from "./http-source.ts";
import type { ComponentSource } from "./model.ts";
import type { Config } from "../config.ts";
import { type BlobsConfig, openStore } from "../storage/blobs.ts";

export function componentSource(
  { components: c }: Config,
  blobs?: BlobsConfig,
  baseFetch?: typeof fetch,
): ComponentSource {
  const source = c.apiBase
    ? httpSource({ base: c.apiBase, deadlineMs: c.deadlineMs, fetch: baseFetch })
    : blobsSource({
        deadlineMs: c.deadlineMs,
        fetch: baseFetch,
        open: (o) => openStore(c.store, { ...o, config: blobs }),
      });
  return cachedSource(source, { indexTtlMs: c.indexTtlMs, tsxBytes: c.cacheBytes });
}
