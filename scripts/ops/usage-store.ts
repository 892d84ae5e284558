/**
 * Opens the usage store for scripts: production when NETLIFY_SITE_ID + NETLIFY_BLOBS_TOKEN are set,
 * else the local store the served edge function writes (`npm start`, the emulation, the tests), in
 * `.netlify/blobs-serve` under the linked site id ("0" when not linked).
 */
import { readConfig } from "../../src/config.ts";
import { type KV, openStore } from "../../src/storage/blobs.ts";
import { USAGE_STORE } from "../../src/usage/event.ts";
import { FoldRaceError, type FoldResult, foldMonth } from "../../src/usage/fold.ts";
import type { Monthly } from "../../src/usage/monthly.ts";
import { LOCAL_BLOBS_DIR, localSiteId, startLocalBlobs } from "../local/blobs.ts";

export interface UsageStore {
  kv: KV;
  /** Human description of where the data comes from, for the report header. */
  where: string;
  close(): Promise<void>;
}

export async function openUsageStore(
  opts: { env?: Record<string, string | undefined>; dir?: string; siteId?: string } = {},
): Promise<UsageStore> {
  const prod = opts.dir ? undefined : readConfig(opts.env ?? process.env).blobs;
  if (prod) {
    return {
      kv: openStore(USAGE_STORE, { config: prod, consistency: "strong" }),
      where: `site ${prod.siteID} (Netlify Blobs)`,
      close: async () => {},
    };
  }
  // A second file-backed server over the same directory: the one inside `npm start` may be running too,
  // and both read and write the same files (writes are atomic renames).
  const local = await startLocalBlobs({
    directory: opts.dir ?? LOCAL_BLOBS_DIR,
    siteID: opts.siteId ?? (await localSiteId()),
  });
  const kv = openStore(USAGE_STORE, { config: local.config, consistency: "strong" });
  return { kv, where: `local store ${local.directory} (site ${local.config.siteID})`, close: local.stop };
}

/**
 * Folds `months` until `count` of their counters reaches `expected` or `limitMs` passes, and returns
 * the last fold: for a server that writes each call's event after its response (as production does),
 * so the count is read once the writes have landed. With `limitMs` 0 it folds once.
 */
export async function foldUntil(
  kv: KV,
  months: string[],
  count: (monthly: Monthly[]) => number,
  expected: number,
  limitMs: number,
): Promise<Monthly[]> {
  const deadline = Date.now() + limitMs;
  const fold = async () => {
    const out: Monthly[] = [];
    for (const m of months) out.push((await foldPatiently(kv, m)).monthly);
    return out;
  };
  let last = await fold();
  while (count(last) < expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    last = await fold();
  }
  return last;
}

/** How often, and how far apart, a script's fold tries again when other folds kept racing it. */
const RACE_TRIES = 5;
const RACE_PAUSE_MS = 500;

/**
 * `foldMonth`, tried again after a pause while other folds of the month kept writing as it read
 * (the hourly scheduled fold, another review, or the tests' files folding one local store): what
 * its error asks of the caller, done here for every script.
 */
export async function foldPatiently(kv: KV, month: string, pauseMs = RACE_PAUSE_MS): Promise<FoldResult> {
  for (let tries = 1; ; tries++) {
    try {
      return await foldMonth(kv, month);
    } catch (e) {
      if (!(e instanceof FoldRaceError) || tries >= RACE_TRIES) throw e;
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  }
}
