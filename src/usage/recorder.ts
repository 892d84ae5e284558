/**
 * Usage wraps the endpoint from outside (`withUsage`, a decorator over the handler): it reads what
 * the transport hands back of each request it served (its context and the outcome the server
 * returned, `Served`), logs one `[mcp-usage]` line per recorded request and stores one event per
 * request under a unique key. The registry's function wraps its handler the same way, with the same
 * recorder: an item or index request is one more recorded request. Where the platform has waitUntil
 * (production) both happen after the response; a recording failure is logged and swallowed: it never
 * fails a response.
 *
 * Session ids are usage's alone: the protocol core keeps no session and mints none. To name 2025-era
 * clients, which name themselves only in `initialize`, this decorator adds a signed, self-contained
 * `Mcp-Session-Id` to the response of a successful 2025-era `initialize` that named its client
 * (session.ts), and reads it back, after the response, on the client's later calls. It changes no
 * answer and authorizes nothing.
 */
import type { Context } from "@netlify/edge-functions";
import { type Config, DEFAULTS, USAGE } from "../config.ts";
import type { Platform } from "../mcp/context.ts";
import { type BlobsConfig, type KV, openStore } from "../storage/blobs.ts";
import {
  agentHint,
  keys,
  logLine,
  monthOf,
  RECORDED_METHODS,
  type RecordedRequest,
  type Served,
  toEvent,
  UNKNOWN_AGENT,
  USAGE_STORE,
  type UsageEvent,
} from "./event.ts";
import { clientHasher, deploymentSecret, queryTokener } from "./hash.ts";
import type { SessionKey } from "./session.ts";
import { hex } from "../hex.ts";
import { lazy } from "../lazy.ts";
import { timer, withinDeadline } from "../timer.ts";

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
  /** Mint and read 2025-era session ids (`USAGE_SESSION_IDS`); on unless false. */
  sessionIds?: boolean;
  /** How long a 2025 `initialize` waits for the session key before it is answered without an id. */
  sessionKeyWaitMs?: number;
  /** `USAGE_RECORD_QUERIES`: false stores no query of an unanswered search (queries.ts). Default true. */
  recordQueries?: boolean;
}

export interface UsageRecorder {
  /**
   * The served requests of one HTTP request (their ip, requestId and deployId are its own): logs
   * synchronously, then stores. The promise settles when stored and never rejects.
   */
  record(requests: RecordedRequest[]): Promise<void>;
  /**
   * The `Mcp-Session-Id` for a served 2025-era `initialize` that named its client; undefined when
   * ids are off, the client named none, or the key is not at hand in time. Never rejects.
   */
  sessionId(request: RecordedRequest): Promise<string | undefined>;
}

/**
 * Only a successful 2025-era initialize that named its client gets a session id: a 2026-07-28
 * request names its client on every call.
 */
const mintsSessionId = ({ context, outcome, httpStatus }: RecordedRequest) =>
  context.method === "initialize" &&
  context.era === "legacy" &&
  outcome.status === "ok" &&
  httpStatus === 200 &&
  agentHint(context) !== UNKNOWN_AGENT;

/** A call that names no client but carries a session id, which may name it. */
const readsSessionId = ({ context }: RecordedRequest) =>
  context.era === "legacy" && agentHint(context) === UNKNOWN_AGENT && context.headers.has("mcp-session-id");

// Loaded on the first search that found little: most calls never need it.
const queries = lazy(() => import("./queries.ts"));
// Loaded on a 2025 client's handshake, or on a later call carrying its id: not on a cold isolate's
// path for 2026-07-28 traffic.
const sessionIds = lazy(() => import("./session.ts"));

/** Sortable and unique: time first (listing order), then 64 random bits (isolates share no counter). */
const eventId = (at: Date) => `${keys.eventTime(at)}-${hex(crypto.getRandomValues(new Uint8Array(8)))}`;

export function createUsageRecorder(opts: UsageOptions): UsageRecorder {
  const log = opts.log ?? ((line: string) => console.log(line));
  const now = opts.now ?? (() => new Date());
  const sessions = opts.sessionIds ?? true;
  const deadlineMs = opts.deadlineMs ?? DEFAULTS.USAGE_WRITE_DEADLINE_MS;
  // One key lookup per isolate and deployment (the client hasher, query tokens and session key share it);
  // dropped on failure so the next request retries.
  const secrets = new Map<
    string,
    Promise<{
      hasher: ReturnType<typeof clientHasher>;
      query: ReturnType<typeof queryTokener>;
      session: () => Promise<SessionKey>;
    }>
  >();
  const keysFor = (deployId = "unknown", store?: KV) => {
    let k = secrets.get(deployId);
    if (!k) {
      k = deploymentSecret(opts.secret, store ?? opts.open, deployId).then((secret) => {
        let session: Promise<SessionKey> | undefined;
        const derive = () => sessionIds.get().then((m) => m.sessionKey(secret));
        return {
          hasher: clientHasher(secret),
          query: queryTokener(secret),
          session: () => (session ??= derive()),
        };
      });
      secrets.set(deployId, k);
      k.catch(() => secrets.delete(deployId));
    }
    return k;
  };
  const sessionKeyWithin = (ms: number, deployId: string | undefined) =>
    withinDeadline(
      ms,
      () => new Error(`the session key was not at hand within ${ms} ms`),
      async () => (await keysFor(deployId)).session(),
    );
  /** The agent each request's session id names, if valid; undefined otherwise, and when the key is not at hand. */
  const sessionAgents = async (requests: RecordedRequest[]) => {
    if (!sessions || !requests.some(readsSessionId)) return requests.map(() => undefined);
    try {
      // After the response: as long as a write may take (the key is read from the store at most once).
      const session = await sessionKeyWithin(deadlineMs, requests[0].context.deployId);
      const { readSessionId } = await sessionIds.get();
      return await Promise.all(
        requests.map((r) =>
          readsSessionId(r) ? readSessionId(session, r.context.headers.get("mcp-session-id")) : undefined,
        ),
      );
    } catch (e) {
      console.error(`[mcp-usage-store] session ids not read: ${e instanceof Error ? e.message : String(e)}`);
      return requests.map(() => undefined);
    }
  };

  return {
    async sessionId(request) {
      if (!sessions || !mintsSessionId(request)) return undefined;
      try {
        const wait = opts.sessionKeyWaitMs ?? USAGE.sessionKeyWaitMs;
        const session = await sessionKeyWithin(wait, request.context.deployId);
        return await (await sessionIds.get()).mintSessionId(session, agentHint(request.context));
      } catch (e) {
        console.error(`[mcp-usage-store] no session id: ${e instanceof Error ? e.message : String(e)}`);
        return undefined;
      }
    },

    async record(requests) {
      const at = now();
      const events: UsageEvent[] = [];
      const recorded = requests.filter((r) => RECORDED_METHODS.has(r.context.method));
      if (!recorded.length) return;
      const { ip, deployId, headers, requestId: given } = recorded[0].context;
      const requestId = given ?? headers.get("x-nf-request-id") ?? crypto.randomUUID();
      try {
        const agents = await sessionAgents(recorded);
        recorded.forEach((request, i) => {
          const event = toEvent(request, at, null, agents[i]);
          log(logLine(event, requestId, ip));
          events.push(event);
        });
        const ms = deadlineMs;
        // The store's own deadline (usageRecorder) cancels its requests; this one bounds the wait.
        await withinDeadline(
          ms,
          () => new Error(`the usage store did not confirm within ${ms} ms`),
          async () => {
            const store = opts.open();
            const month = monthOf(at);
            const hash = ip ? await keysFor(deployId, store) : undefined;
            const client = hash && ip ? await hash.hasher(month, ip) : null;
            const searched = recorded.map((r) => r.outcome).filter((o) => o.report?.query !== undefined);
            const token = async (query: string) => (hash && client ? hash.query(month, client, query) : null);
            await Promise.all([
              ...events.map((e) => store.set(keys.event(month, eventId(at)), JSON.stringify({ ...e, client }))),
              opts.recordQueries !== false &&
                searched.length &&
                (await queries.get()).storeUnanswered(store, month, searched, token),
            ]);
          },
        );
      } catch (e) {
        console.error(
          `[mcp-usage-store] ${events.length} event(s) not stored: ${e instanceof Error ? e.message : String(e)}`,
        );
      }
    },
  };
}

/**
 * Production wiring: the usage store of the running site (or explicit credentials), with a deadline
 * (`USAGE_WRITE_DEADLINE_MS`) on every call; `record` settles within it whatever the store does.
 */
export function usageRecorder(
  { usage }: Pick<Config, "usage">,
  blobs?: BlobsConfig,
  baseFetch: typeof fetch = fetch,
): UsageRecorder {
  const deadlineMs = usage.writeDeadlineMs;
  return createUsageRecorder({
    secret: usage.hashSecret,
    deadlineMs,
    sessionIds: usage.sessionIds,
    recordQueries: usage.recordQueries,
    // One deadline per request's writes, retries included: a hung store leaves no sockets behind.
    open: () => {
      const signal = AbortSignal.timeout(deadlineMs);
      return openStore(USAGE_STORE, { config: blobs, fetch: (input, init) => baseFetch(input, { ...init, signal }) });
    },
  });
}

/**
 * What Netlify's edge `Context` says of a request, as the handlers take it. Production honours
 * waitUntil: the usage write runs after the response is sent, and so does the local server of
 * `npm start` (server region "local"). Netlify's local emulation (@netlify/dev, deploy context "dev")
 * ends a request's worker with its response, killing work still pending in waitUntil, so there the
 * write is awaited before responding.
 */
export function edgePlatform(context: Context): Platform {
  const emulated = context.deploy?.context === "dev" && context.server?.region !== "local";
  return {
    ip: context.ip,
    requestId: context.requestId,
    deployId: context.deploy?.id,
    waitUntil: emulated ? undefined : (work) => context.waitUntil(work),
  };
}

/** A later task, on the runtime's own timer (timer.ts: Deno's first `setTimeout` costs ~15 ms). */
const nextTask = () => timer(0).done;

/**
 * A handler that says what it served: the MCP transport (`McpHandler`, src/mcp/http.ts) or the
 * registry (src/registry/handler.ts).
 */
export type ServingHandler = (req: Request, platform?: Platform) => Promise<Served>;

/**
 * The endpoint with usage: each request's served contexts go to `recorder` once the response is
 * ready. With the platform's waitUntil the recording runs after the response; without it (the local
 * emulation kills pending `waitUntil` work when the response ends, and tests want it done) it is
 * awaited before the response is returned.
 */
export function withUsage(
  handle: ServingHandler,
  recorder: UsageRecorder,
): (req: Request, platform?: Platform) => Promise<Response> {
  return async (req, platform = {}) => {
    const { response: res, requests: served } = await handle(req, platform);
    if (!served.some((r) => RECORDED_METHODS.has(r.context.method))) return res;
    // The one step on the response path, and only for a 2025 handshake: one HMAC once the key is at hand.
    const init = served.length === 1 && mintsSessionId(served[0]) ? served[0] : undefined;
    const sessionId = init && (await recorder.sessionId(init));
    if (sessionId) res.headers.set("Mcp-Session-Id", sessionId);
    try {
      // With waitUntil, all of it (the log line, the client hash, the write) starts on a later task,
      // once the runtime holds the response: none of it delays the answer.
      if (platform.waitUntil) platform.waitUntil(nextTask().then(() => recorder.record(served)));
      else await recorder.record(served);
    } catch (e) {
      console.error(`[mcp-usage-store] waitUntil refused the write: ${e instanceof Error ? e.message : String(e)}`);
    }
    return res;
  };
}
