/**
 * Usage wraps dispatch from outside: it watches the HTTP core's exchanges, logs one `[mcp-usage]`
 * line per recorded request and stores one event per request under a unique key. Where the platform
 * has waitUntil (production) both happen after the response; a recording failure is logged and
 * swallowed: it never fails a response.
 */
import type { Exchange, RequestInfo } from "../mcp/http.ts";
import { type BlobsConfig, type KV, openStore } from "../storage/blobs.ts";
import { keys, logLine, monthOf, RECORDED_METHODS, toEvent, USAGE_STORE, type UsageEvent } from "./event.ts";
import { clientHasher, deploymentSecret } from "./hash.ts";
import { timer } from "../timer.ts";

export interface UsageOptions {
  /** `USAGE_HASH_SECRET`; without it each deployment keeps its own random key (hash.ts). */
  secret?: string;
  /** Opens the usage store. Called per request: `getStore` throws at module scope on the edge. */
  open: () => KV;
  /** Where the `[mcp-usage]` line goes; Netlify collects console output as the function log. */
  log?: (line: string) => void;
  now?: () => Date;
  /** How long `record` waits for the store before giving up (the write is not cancelled). */
  deadlineMs?: number;
}

export interface UsageMeta {
  requestId: string;
  ip?: string;
  /** Scopes the random hash key when there is no secret. */
  deployId?: string;
}

export interface UsageRecorder {
  /** Logs synchronously, then stores; the promise settles when stored and never rejects. */
  record(exchanges: Exchange[], meta: UsageMeta): Promise<void>;
}

/**
 * `record` settles within this time whatever the store does (`USAGE_WRITE_DEADLINE_MS` overrides).
 * Locally the write is awaited before the response, and the Blobs client retries a failing store five
 * times 5 s apart: this bounds the wait. Generous, because a write given up on is a count lost: on a
 * saturated machine local writes were seen taking over 2 s, and on Netlify the wait is off the
 * response path anyway.
 */
export const WRITE_DEADLINE_MS = 10_000;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  const deadline = timer(ms);
  const late = deadline.done.then((): never => {
    throw new Error(`the usage store did not confirm within ${ms} ms`);
  });
  return Promise.race([work, late]).finally(deadline.cancel);
}

const randomHex = (bytes: number) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
/** Sortable and unique: time first (listing order), then 64 random bits (isolates share no counter). */
const eventId = (at: Date) => `${at.toISOString().replace(/[-:]/g, "").replace(".", "")}-${randomHex(8)}`;

export function createUsageRecorder(opts: UsageOptions): UsageRecorder {
  const log = opts.log ?? ((line: string) => console.log(line));
  const now = opts.now ?? (() => new Date());
  // One key lookup per isolate and deployment; dropped on failure so the next request retries.
  const hashers = new Map<string, Promise<ReturnType<typeof clientHasher>>>();
  const hasherFor = (store: KV, deployId: string) => {
    let h = hashers.get(deployId);
    if (!h) {
      h = deploymentSecret(opts.secret, store, deployId).then(clientHasher);
      hashers.set(deployId, h);
      h.catch(() => hashers.delete(deployId));
    }
    return h;
  };

  return {
    async record(exchanges, meta) {
      const at = now();
      const events: UsageEvent[] = [];
      try {
        for (const ex of exchanges) {
          if (!RECORDED_METHODS.has(ex.method)) continue;
          const event = toEvent(ex, at, null);
          log(logLine(event, meta.requestId, meta.ip));
          events.push(event);
        }
        if (!events.length) return;
        await within(opts.deadlineMs ?? WRITE_DEADLINE_MS, (async () => {
          const store = opts.open();
          const month = monthOf(at);
          const client = meta.ip ? await (await hasherFor(store, meta.deployId ?? "unknown"))(month, meta.ip) : null;
          await Promise.all(events.map((e) => store.set(keys.event(month, eventId(at)), JSON.stringify({ ...e, client }))));
        })());
      } catch (e) {
        console.error(`[mcp-usage-store] ${events.length} event(s) not stored: ${e instanceof Error ? e.message : String(e)}`);
      }
    },
  };
}

/** Production wiring: the usage store of the running site (or explicit credentials), with a deadline on every call. */
export function usageFromEnv(env: Record<string, string | undefined>, blobs?: BlobsConfig, baseFetch: typeof fetch = fetch): UsageRecorder {
  const deadlineMs = Number(env.USAGE_WRITE_DEADLINE_MS) > 0 ? Number(env.USAGE_WRITE_DEADLINE_MS) : WRITE_DEADLINE_MS;
  return createUsageRecorder({
    secret: env.USAGE_HASH_SECRET || undefined,
    deadlineMs,
    // One deadline per request's writes, retries included: a hung store leaves no sockets behind.
    open: () => {
      const signal = AbortSignal.timeout(deadlineMs);
      return openStore(USAGE_STORE, { config: blobs, fetch: (input, init) => baseFetch(input, { ...init, signal }) });
    },
  });
}

/** What the edge adapter adds to a request for usage. */
export interface UsageRequestInfo extends RequestInfo {
  requestId?: string;
  deployId?: string;
  /**
   * Hands the write to the platform (Netlify `context.waitUntil`) so it runs after the response.
   * Absent, the write is awaited before the response is returned: the local emulation kills
   * pending `waitUntil` work when the response ends (../shared/DESIGN.md), and tests want it done.
   */
  waitUntil?: (work: Promise<unknown>) => void;
}

type Handler = (req: Request, info?: RequestInfo) => Promise<Response>;

/** A later task, on the runtime's own timer (timer.ts: Deno's first `setTimeout` costs ~15 ms). */
const nextTask = () => timer(0).done;

/**
 * Wraps the HTTP core: `make(onExchange)` builds a handler whose exchanges this request collects.
 * A handler per request costs a closure and keeps concurrent requests' exchanges apart.
 */
export function withUsage(make: (onExchange: (e: Exchange) => void) => Handler, recorder: UsageRecorder, also?: (e: Exchange) => void) {
  return async (req: Request, info: UsageRequestInfo = {}): Promise<Response> => {
    const seen: Exchange[] = [];
    const res = await make((e) => {
      also?.(e);
      seen.push(e);
    })(req, info);
    if (!seen.some((e) => RECORDED_METHODS.has(e.method))) return res;
    const meta = { requestId: info.requestId ?? req.headers.get("x-nf-request-id") ?? crypto.randomUUID(), ip: info.ip, deployId: info.deployId };
    try {
      // With waitUntil, all of it (the log line, the client hash, the write) starts on a later task,
      // once the runtime holds the response: none of it delays the answer.
      if (info.waitUntil) info.waitUntil(nextTask().then(() => recorder.record(seen, meta)));
      else await recorder.record(seen, meta);
    } catch (e) {
      console.error(`[mcp-usage-store] waitUntil refused the write: ${e instanceof Error ? e.message : String(e)}`);
    }
    return res;
  };
}
