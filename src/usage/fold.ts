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
 *
 * The same holds for every record kind, each folded into its blob with that blob's ledger: events
 * and chatbot answers (`chat/<id>` in the ledger) into the monthly counters, query records into
 * `unanswered/YYYY-MM.json`, which is kept apart so no blob holds both queries and client hashes.
 */
import type { KV } from "../storage/blobs.ts";
import { ChatRecord, chatKeys } from "./chat.ts";
import { keys, MONTH } from "./event.ts";
import { UsageEvent } from "./event-schema.ts";
import { addChat, addEvent, emptyMonthly, Monthly } from "./monthly.ts";
import { queryKeys } from "./queries.ts";
import { addQuery, emptyUnanswered, QueryRecord, Unanswered, unansweredKey } from "./unanswered.ts";

export interface FoldResult {
  month: string;
  /** Records added to the monthly counters by this run (events and chatbot answers). */
  added: number;
  /** Of those, records that could not be parsed (a write cut off mid-way): ledgered, counted as unreadable only. */
  unreadable: number;
  written: boolean;
  monthly: Monthly;
  /** The month's unanswered searches, folded in the same run. */
  unanswered: Unanswered;
}

/** Reads in parallel, but only this many at a time: a month can hold many thousands of events. */
const READ_CONCURRENCY = 16;
const decoder = new TextDecoder();

/** Anything that parses like a zod schema: the record kinds' schemas. */
type Parser<R> = { safeParse(v: unknown): { success: true; data: R } | { success: false } };

/** One record kind: where its records are, how its ids read in the ledger, and how one is added. */
interface Source<B> {
  prefix: (month: string) => string;
  ledger: (id: string) => string;
  parse: Parser<unknown>;
  add: (blob: B, record: any) => void;
}

/** A blob that sums records, with its ledger. */
interface Ledgered {
  folded: string[];
  unreadable: number;
  updated_at: string | null;
}

interface Target<B extends Ledgered> {
  key: (month: string) => string;
  parse: Parser<B>;
  empty: (month: string) => B;
  sources: Source<B>[];
}

const MONTHLY: Target<Monthly> = {
  key: keys.monthly,
  parse: Monthly,
  empty: emptyMonthly,
  sources: [
    { prefix: keys.eventPrefix, ledger: (id) => id, parse: UsageEvent, add: addEvent },
    { prefix: chatKeys.prefix, ledger: (id) => `chat/${id}`, parse: ChatRecord, add: addChat },
  ],
};

const UNANSWERED: Target<Unanswered> = {
  key: unansweredKey,
  parse: Unanswered,
  empty: emptyUnanswered,
  sources: [{ prefix: queryKeys.prefix, ledger: (id) => id, parse: QueryRecord, add: addQuery }],
};

async function readBlob<B extends Ledgered>(kv: KV, month: string, target: Target<B>): Promise<B> {
  if (!MONTH.test(month)) throw new Error(`Invalid month "${month}": use YYYY-MM, e.g. 2026-11`);
  const key = target.key(month);
  const bytes = await kv.get(key);
  if (!bytes) return target.empty(month);
  const parsed = target.parse.safeParse(JSON.parse(decoder.decode(bytes)));
  // Never overwrite counters we cannot read: a fold over an empty blob would lose the month.
  if (!parsed.success) {
    const why = (parsed as { error?: { issues: { message: string }[] } }).error?.issues[0]?.message;
    throw new Error(`${key} is not a valid ${key.startsWith("monthly/") ? "monthly" : "usage"} blob: ${why}`);
  }
  return parsed.data;
}

export const readMonthly = (kv: KV, month: string) => readBlob(kv, month, MONTHLY);
export const readUnanswered = (kv: KV, month: string) => readBlob(kv, month, UNANSWERED);

const idOf = (key: string, prefix: string) => key.slice(prefix.length).replace(/\.json$/, "");
/**
 * Record keys end in `.json`. The local BlobsServer writes a blob to a temporary `.<random>` file
 * beside it and renames it, so a listing taken while records are being written can name one of those.
 */
const isRecord = (key: string) => key.endsWith(".json");

/** A record found in the store: its kind, its key, and its ledger id. */
interface Found<B> {
  source: Source<B>;
  key: string;
  ledger: string;
}

async function listAll<B>(kv: KV, month: string, sources: Source<B>[]): Promise<Found<B>[]> {
  const out: Found<B>[] = [];
  for (const source of sources) {
    const prefix = source.prefix(month);
    for (const key of (await kv.list(prefix)).filter(isRecord)) {
      const id = idOf(key, prefix);
      if (id) out.push({ source, key, ledger: source.ledger(id) });
    }
  }
  return out.sort((a, b) => (a.ledger < b.ledger ? -1 : a.ledger > b.ledger ? 1 : 0));
}

async function foldTarget<B extends Ledgered>(kv: KV, month: string, target: Target<B>, now: () => Date) {
  // null: read but unparsable. Blob writes are atomic, so such a record stays broken: it is ledgered
  // and counted under `unreadable`, not read again on every run.
  const cache = new Map<string, unknown | null>();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const blob = await readBlob(kv, month, target);
    const counted = new Set(blob.folded);
    const fresh = (await listAll(kv, month, target.sources)).filter((f) => !counted.has(f.ledger));
    await readRecords(
      kv,
      month,
      fresh.filter((f) => !cache.has(f.ledger)),
      cache,
    );
    const adding = fresh.filter((f) => cache.has(f.ledger));
    if (!adding.length) return { added: 0, unreadable: 0, written: false, blob };
    let unreadable = 0;
    for (const f of adding) {
      const record = cache.get(f.ledger);
      if (record) f.source.add(blob, record);
      else {
        unreadable++;
        blob.unreadable++;
      }
      blob.folded.push(f.ledger);
    }
    blob.updated_at = now().toISOString();
    // Another fold wrote since we read: start again from its blob. This also makes a purge safe: a
    // record can only be missing from our listing after the purge stored the blob that counts it.
    const latest = await readBlob(kv, month, target);
    if (latest.folded.some((id) => !counted.has(id))) continue;
    await kv.set(target.key(month), JSON.stringify(blob));
    return { added: adding.length, unreadable, written: true, blob };
  }
  throw new FoldRaceError(`folding ${month} kept racing other folds; retry later`);
}

/** Other folds of the month kept writing while this one read: nothing was written, and a later try may pass. */
export class FoldRaceError extends Error {
  override name = "FoldRaceError";
}

/** Folds the month's pending records: events and chatbot answers into the counters, then queries. */
export async function foldMonth(kv: KV, month: string, now: () => Date = () => new Date()): Promise<FoldResult> {
  const { blob: monthly, ...counts } = await foldTarget(kv, month, MONTHLY, now);
  const { blob: unanswered } = await foldTarget(kv, month, UNANSWERED, now);
  return { month, ...counts, monthly, unanswered };
}

/** Two folds writing within the same moments are rare; a third clash means something loops. */
const MAX_ATTEMPTS = 3;

/** Reads and parses records into `into` (null for an unparsable one), by ledger id. */
async function readRecords<B>(kv: KV, month: string, found: Found<B>[], into: Map<string, unknown | null>) {
  for (let i = 0; i < found.length; i += READ_CONCURRENCY) {
    await Promise.all(
      found.slice(i, i + READ_CONCURRENCY).map(async (f) => {
        const bytes = await kv.get(f.key);
        // Listed but gone: a purge is deleting this month. Stop without writing rather than undercount.
        if (!bytes)
          throw new Error(
            `event ${f.ledger} disappeared while folding ${month}; another process is purging, retry later`,
          );
        let parsed: { success: true; data: unknown } | { success: false };
        try {
          parsed = f.source.parse.safeParse(JSON.parse(decoder.decode(bytes)));
        } catch {
          parsed = { success: false as const };
        }
        into.set(f.ledger, parsed.success ? parsed.data : null);
      }),
    );
  }
}

/** The keys of the records the stored blob of `target` counts. */
async function countedKeys<B extends Ledgered>(kv: KV, month: string, target: Target<B>): Promise<string[]> {
  const stored = new Set((await readBlob(kv, month, target)).folded);
  return (await listAll(kv, month, target.sources)).filter((f) => stored.has(f.ledger)).map((f) => f.key);
}

/**
 * For a closed month: folds, then deletes the records the stored blobs count. Each blob is re-read
 * after the fold, so a record is deleted only when the counters that hold it are what is stored.
 */
export async function purgeMonth(kv: KV, month: string): Promise<{ deleted: number }> {
  await foldMonth(kv, month);
  const doomed = [...(await countedKeys(kv, month, MONTHLY)), ...(await countedKeys(kv, month, UNANSWERED))];
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
