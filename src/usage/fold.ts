/**
 * Folds the month's pending events into `monthly/YYYY-MM.json`, idempotently.
 *
 * The monthly blob carries the ids it has counted (`folded`), and a fold adds only events whose id
 * is not there, then writes the whole blob once. So:
 * - running it twice changes nothing (the second run finds no new id and does not write);
 * - a crash before the write leaves the blob as it was, and the events are folded next time;
 * - just before writing, a fold re-reads the blob and starts over if another fold wrote meanwhile;
 * - should two folds still write at the same instant, each blob is exactly the sum of its own
 *   ledger: the last write may miss events the other added, but those are still in the store and
 *   not in the ledger, so the next fold adds them. Nothing is counted twice and nothing is lost.
 * Events are deleted only by `purgeMonth`, for closed months, and only once the blob counts them.
 */
import type { KV } from "../storage/blobs.ts";
import { keys, MONTH, UsageEvent } from "./event.ts";
import { addEvent, emptyMonthly, Monthly } from "./monthly.ts";

export interface FoldResult {
  month: string;
  /** Events added by this run. */
  added: number;
  /** Of those, events that could not be parsed (a write cut off mid-way): ledgered, counted as unreadable only. */
  unreadable: number;
  written: boolean;
  monthly: Monthly;
}

/** Reads in parallel, but only this many at a time: a month can hold many thousands of events. */
const READ_CONCURRENCY = 16;
const decoder = new TextDecoder();

export async function readMonthly(kv: KV, month: string): Promise<Monthly> {
  if (!MONTH.test(month)) throw new Error(`Invalid month "${month}": use YYYY-MM, e.g. 2026-11`);
  const bytes = await kv.get(keys.monthly(month));
  if (!bytes) return emptyMonthly(month);
  const parsed = Monthly.safeParse(JSON.parse(decoder.decode(bytes)));
  // Never overwrite counters we cannot read: a fold over an empty blob would lose the month.
  if (!parsed.success)
    throw new Error(`${keys.monthly(month)} is not a valid monthly blob: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

const idOf = (key: string, prefix: string) => key.slice(prefix.length).replace(/\.json$/, "");
/**
 * Event keys end in `.json`. The local BlobsServer writes a blob to a temporary `.<random>` file beside
 * it and renames it, so a listing taken while events are being written can name one of those.
 */
const isEvent = (key: string) => key.endsWith(".json");

export async function foldMonth(kv: KV, month: string, now: () => Date = () => new Date()): Promise<FoldResult> {
  const prefix = keys.eventPrefix(month);
  // null: read but unparsable. Blob writes are atomic, so such an event stays broken: it is ledgered
  // and counted under `unreadable`, not read again on every run.
  const cache = new Map<string, UsageEvent | null>();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const monthly = await readMonthly(kv, month);
    const counted = new Set(monthly.folded);
    const fresh = (await kv.list(prefix))
      .filter(isEvent)
      .map((k) => idOf(k, prefix))
      .filter((id) => id && !counted.has(id))
      .sort();
    await readEvents(
      kv,
      month,
      fresh.filter((id) => !cache.has(id)),
      cache,
    );
    const adding = fresh.filter((id) => cache.has(id));
    if (!adding.length) return { month, added: 0, unreadable: 0, written: false, monthly };
    let unreadable = 0;
    for (const id of adding) {
      const event = cache.get(id);
      if (event) addEvent(monthly, event);
      else {
        unreadable++;
        monthly.unreadable++;
      }
      monthly.folded.push(id);
    }
    monthly.updated_at = now().toISOString();
    // Another fold wrote since we read: start again from its blob. This also makes a purge safe: an
    // event can only be missing from our listing after the purge stored the blob that counts it.
    const latest = await readMonthly(kv, month);
    if (latest.folded.some((id) => !counted.has(id))) continue;
    await kv.set(keys.monthly(month), JSON.stringify(monthly));
    return { month, added: adding.length, unreadable, written: true, monthly };
  }
  throw new Error(`folding ${month} kept racing other folds; retry later`);
}

/** Two folds writing within the same moments are rare; a third clash means something loops. */
const MAX_ATTEMPTS = 3;

/** Reads and parses events into `into` (null for an unparsable one). */
async function readEvents(kv: KV, month: string, ids: string[], into: Map<string, UsageEvent | null>): Promise<void> {
  for (let i = 0; i < ids.length; i += READ_CONCURRENCY) {
    await Promise.all(
      ids.slice(i, i + READ_CONCURRENCY).map(async (id) => {
        const bytes = await kv.get(keys.event(month, id));
        // Listed but gone: a purge is deleting this month. Stop without writing rather than undercount.
        if (!bytes)
          throw new Error(`event ${id} disappeared while folding ${month}; another process is purging, retry later`);
        let parsed: { success: true; data: UsageEvent } | { success: false };
        try {
          parsed = UsageEvent.safeParse(JSON.parse(decoder.decode(bytes)));
        } catch {
          parsed = { success: false as const };
        }
        into.set(id, parsed.success ? parsed.data : null);
      }),
    );
  }
}

/**
 * For a closed month: folds, then deletes the events the stored blob counts. The blob is re-read
 * after the fold, so an event is deleted only when the counters that hold it are what is stored.
 */
export async function purgeMonth(kv: KV, month: string): Promise<{ deleted: number }> {
  await foldMonth(kv, month);
  const stored = new Set((await readMonthly(kv, month)).folded);
  const prefix = keys.eventPrefix(month);
  const doomed = (await kv.list(prefix)).filter((k) => stored.has(idOf(k, prefix)));
  for (let i = 0; i < doomed.length; i += READ_CONCURRENCY)
    await Promise.all(doomed.slice(i, i + READ_CONCURRENCY).map((k) => kv.delete(k)));
  return { deleted: doomed.length };
}

/** `YYYY-MM` shifted by whole months (UTC). */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

/**
 * What the hourly schedule does: folds this month and the previous one (events of a month's last
 * minutes can land after it ends), and purges the events of the month before that.
 */
export async function scheduledFold(kv: KV, now: Date = new Date()) {
  const month = now.toISOString().slice(0, 7);
  const results = [await foldMonth(kv, shiftMonth(month, -1)), await foldMonth(kv, month)];
  const purged = await purgeMonth(kv, shiftMonth(month, -2));
  return {
    folded: results.map((r) => ({ month: r.month, added: r.added, unreadable: r.unreadable, calls: r.monthly.calls })),
    purged: { month: shiftMonth(month, -2), ...purged },
  };
}
