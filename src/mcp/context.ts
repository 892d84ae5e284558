/**
 * One request, as every layer sees it: the transport builds a `RequestContext` for each JSON-RPC
 * request it serves (one per POST; one per message of a 2025-03-26 batch), the server fills in what
 * the envelope says, handlers and tools read it. What a request came to is not written into it: the
 * server returns it as an `Outcome`, and the transport hands both to its caller (http.ts, `Served`).
 */
import type { Id, Params } from "./jsonrpc.ts";

export type Era = "modern" | "legacy";

/** Syslog severities, least severe first (the index is the rank). */
export const LOG_LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface ClientInfo {
  name: string;
  version?: string;
}

/** What the platform adapter knows of an HTTP request (Netlify's `Context`); all of it optional. */
export interface Platform {
  ip?: string;
  requestId?: string;
  deployId?: string;
  /** Hands work to the platform to finish after the response (Netlify `context.waitUntil`). */
  waitUntil?: (work: Promise<unknown>) => void;
}

/** Sends a notification on the request's own SSE response, before its result. */
export type Notify = (method: string, params: Record<string, unknown>) => void;

/**
 * What a tool says about its call, for the app's decorators (usage): short strings under names the
 * app chooses. Opaque to the core, which only carries it from the tool's outcome to the request's.
 */
export type Report = Readonly<Record<string, string | undefined>>;

/** What a request came to, as the server decided it (server.ts, `dispatch`). It never carries result bodies. */
export interface Outcome {
  /** `ok`, a tool's error code (`pattern_not_found`, `forbidden`, …), `input_required`, or `rpc_<code>`. */
  status: string;
  /** The tool a tools/call named, when it names one of the server's. */
  tool?: string;
  /** What the tool reported about the call. */
  report?: Report;
}

export interface RequestContext<D = unknown> extends Readonly<Platform> {
  /** What tools and handlers are given, assembled once by the app. */
  readonly deps: D;
  readonly headers: Headers;
  /** The HTTP request's URL (`Request.url`): its origin is where this server answers, for URLs that name it. */
  readonly url: string;
  readonly userAgent?: string;
  readonly authorization?: string;
  /** When the HTTP request arrived (the transport's clock, ms). */
  readonly startedAt: number;
  readonly id: Id;
  readonly method: string;
  readonly params: Params;
  /** Set once the envelope is read and valid (era.ts); absent when it was refused. */
  era?: Era;
  protocolVersion?: string;
  /** 2026-07-28: every request's `_meta`; legacy: `initialize` only. */
  clientInfo?: ClientInfo;
  /** 2026-07-28 `_meta` capabilities; `{}` for legacy requests (a stateless server keeps none). */
  clientCapabilities: Record<string, unknown>;
  /** 2026-07-28: log notifications go out only at or above this level, and only when it is set. */
  logLevel?: LogLevel;
  /** Set by the transport when the response can stream notifications before the result. */
  notify?: Notify;
}
