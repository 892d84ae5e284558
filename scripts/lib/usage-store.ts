/**
 * Opens the usage store for scripts: production when NETLIFY_SITE_ID + NETLIFY_BLOBS_TOKEN are set,
 * else the embedded local store the served edge function writes (`npm start`, the tests), which
 * @netlify/dev keeps in `.netlify/blobs-serve` under the linked site id ("0" when not linked).
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { BlobsServer } from "@netlify/blobs/server";
import { configFromEnv, type KV, openStore } from "../../src/storage/blobs.ts";
import { USAGE_STORE } from "../../src/usage/event.ts";
import { ROOT } from "./fixtures.ts";

export const LOCAL_BLOBS_DIR = join(ROOT, ".netlify", "blobs-serve");

export interface UsageStore {
  kv: KV;
  /** Human description of where the data comes from, for the report header. */
  where: string;
  close(): Promise<void>;
}

/** The site id @netlify/dev uses for its Blobs sandbox: the linked site's, else "0". */
async function localSiteId(): Promise<string> {
  try {
    const state = JSON.parse(await readFile(join(ROOT, ".netlify", "state.json"), "utf8"));
    return typeof state.siteId === "string" && state.siteId ? state.siteId : "0";
  } catch {
    return "0";
  }
}

export async function openUsageStore(opts: { env?: Record<string, string | undefined>; dir?: string; siteId?: string } = {}): Promise<UsageStore> {
  const env = opts.env ?? process.env;
  const prod = opts.dir ? undefined : configFromEnv(env);
  if (prod) {
    return { kv: openStore(USAGE_STORE, { config: prod, consistency: "strong" }), where: `site ${prod.siteID} (Netlify Blobs)`, close: async () => {} };
  }
  // A second file-backed server over the same directory: the one inside `npm start` may be running too,
  // and both read and write the same files (writes are atomic renames).
  const directory = opts.dir ?? LOCAL_BLOBS_DIR;
  const token = randomBytes(16).toString("hex");
  const server = new BlobsServer({ directory, token, port: 0 });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  const siteID = opts.siteId ?? (await localSiteId());
  const kv = openStore(USAGE_STORE, { config: { siteID, token, edgeURL: url, uncachedEdgeURL: url }, consistency: "strong" });
  return { kv, where: `local store ${directory} (site ${siteID})`, close: () => server.stop() };
}
