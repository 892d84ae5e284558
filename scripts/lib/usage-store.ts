/**
 * Opens the usage store for scripts: production when NETLIFY_SITE_ID + NETLIFY_BLOBS_TOKEN are set,
 * else the embedded local store the served edge function writes (`npm start`, the tests), which
 * @netlify/dev keeps in `.netlify/blobs-serve` under the linked site id ("0" when not linked).
 */
import { configFromEnv, type KV, openStore } from "../../src/storage/blobs.ts";
import { USAGE_STORE } from "../../src/usage/event.ts";
import { LOCAL_BLOBS_DIR, localSiteId, startLocalBlobs } from "./local-blobs.ts";

export interface UsageStore {
  kv: KV;
  /** Human description of where the data comes from, for the report header. */
  where: string;
  close(): Promise<void>;
}

export async function openUsageStore(opts: { env?: Record<string, string | undefined>; dir?: string; siteId?: string } = {}): Promise<UsageStore> {
  const env = opts.env ?? process.env;
  const prod = opts.dir ? undefined : configFromEnv(env);
  if (prod) {
    return { kv: openStore(USAGE_STORE, { config: prod, consistency: "strong" }), where: `site ${prod.siteID} (Netlify Blobs)`, close: async () => {} };
  }
  // A second file-backed server over the same directory: the one inside `npm start` may be running too,
  // and both read and write the same files (writes are atomic renames).
  const local = await startLocalBlobs({ directory: opts.dir ?? LOCAL_BLOBS_DIR, siteID: opts.siteId ?? (await localSiteId()) });
  const kv = openStore(USAGE_STORE, { config: local.config, consistency: "strong" });
  return { kv, where: `local store ${local.directory} (site ${local.config.siteID})`, close: local.stop };
}
