/**
 * Streamable HTTP, stateless, both eras (PROTOCOL.md section A, evaluated top to bottom).
 * `createHttpHandler(server)` returns `(Request) => Promise<Response>`; everything else is injected.
 */
import { LEGACY_VERSIONS, LIMITS } from "../config.ts";
import { checkParamHeaders, classifyEra, type Envelope, META, readLegacyVersion, readModernEnvelope } from "./era.ts";
import { classify, CODES, failure, fromRpcError, type Id, isObject, type Message, result, RpcError } from "./jsonrpc.ts";
import { isJsonContentType, readBounded } from "./body.ts";
import { messageJson } from "./prebuilt.ts";
import { corsHeaders, type OriginPolicy, preflightHeaders } from "./origin.ts";
import type { Notify } from "./notify.ts";
import type { CallContext, McpServer, Trace } from "./server.ts";
import type { Caller } from "./tool.ts";

/** One served request, for observers (usage logging). Never carries result bodies. */
export interface Exchange {
  id: Id;
  method: string;
  envelope?: Envelope;
  trace: Trace;
  caller: Caller;
  httpStatus: number;
  /** Bytes of the JSON-RPC response this request produced. */
  bytes: number;
  durationMs: number;
  startedAt: number;
}

export interface HttpOptions<D> {
  deps: D;
  origins: OriginPolicy;
  /** The browser page for GET with Accept: text/html. */
  page?: (req: Request) => Response;
  onExchange?: (exchange: Exchange) => void;
  /** Wall clock in ms; injected so tests can pin it. */
  now?: () => number;
  maxBodyBytes?: number;
}

export interface RequestInfo {
  ip?: string;
}

const decoder = new TextDecoder("utf-8", { fatal: true });

export function createHttpHandler<D>(server: McpServer<D>, opts: HttpOptions<D>) {
  const now = opts.now ?? (() => performance.now());
  const maxBody = opts.maxBodyBytes ?? LIMITS.bodyBytes;

  return async function handle(req: Request, info: RequestInfo = {}): Promise<Response> {
    const started = now();
    const origin = req.headers.get("origin");
    if (!opts.origins.allows(origin) || !opts.origins.hostAllowed(req.url, req.headers.get("host"))) {
      return json(403, failure(null, CODES.serverError, "Forbidden: origin or host not allowed"));
    }
    const cors = corsHeaders(origin);
    if (req.method === "OPTIONS") {
      return new Response(null, { status: 204, headers: preflightHeaders(origin, req.headers.get("access-control-request-headers")) });
    }
    if (req.method === "GET" && opts.page && wantsPage(req.headers.get("accept"))) return withHeaders(opts.page(req), cors);
    if (req.method !== "POST") {
      return json(405, failure(null, CODES.serverError, "Method not allowed: use POST"), { ...cors, Allow: "POST" });
    }
    if (!isJsonContentType(req.headers.get("content-type"))) {
      return json(415, failure(null, CODES.serverError, "Unsupported Media Type: Content-Type must be application/json"), cors);
    }
    const body = await readBounded(req, maxBody);
    if (body === null) {
      return json(413, failure(null, CODES.serverError, `Payload too large: the limit is ${maxBody} bytes`), cors);
    }
    let raw: unknown;
    try {
      raw = JSON.parse(decoder.decode(body));
    } catch {
      return json(400, failure(null, CODES.parseError, "Parse error: the body is not valid UTF-8 JSON"), cors);
    }

    const caller: Caller = {
      ip: info.ip,
      authorization: req.headers.get("authorization") ?? undefined,
      userAgent: req.headers.get("user-agent") ?? undefined,
    };
    // Notifications of a single request, streamed before its result when the client accepts SSE.
    const notes: unknown[] = [];
    const serve = async (msg: Message, notify?: Notify): Promise<{ status: number; body?: unknown }> => {
      if (msg.kind === "invalid") return { status: 400, body: failure(msg.id, CODES.invalidRequest, `Invalid Request: ${msg.reason}`) };
      if (msg.kind === "response") return { status: 202 };
      const era = classifyEra(msg.method, msg.params, req.headers);
      if (msg.kind === "notification") {
        if (era === "legacy") readLegacyVersion(msg.method, req.headers);
        return { status: 202 };
      }
      const trace: Trace = { status: "ok" };
      let envelope: Envelope | undefined;
      let out: { status: number; body: unknown };
      try {
        envelope = era === "modern" ? readModernEnvelope(msg.method, msg.params, req.headers) : legacyEnvelope(msg, req.headers);
        if (era === "modern" && msg.method === "tools/call" && typeof msg.params?.name === "string") {
          checkParamHeaders(server.paramHeaders(msg.params.name), msg.params.arguments, req.headers);
        }
        caller.clientInfo = envelope.clientInfo;
        const ctx: CallContext<D> = { envelope, caller, deps: opts.deps, trace, notify };
        out = { status: 200, body: result(msg.id, await server.call(msg.method, msg.params, ctx)) };
      } catch (e) {
        const err = e instanceof RpcError ? e : internal(e);
        if (trace.status === "ok") trace.status = `rpc_${err.code}`;
        out = { status: err.status, body: fromRpcError(msg.id, err) };
      }
      pending.push({ id: msg.id, method: msg.method, envelope, trace, httpStatus: out.status });
      return out;
    };

    const pending: Omit<Exchange, "bytes" | "durationMs" | "startedAt" | "caller">[] = [];
    let status: number;
    let payload: unknown;
    try {
      if (Array.isArray(raw)) ({ status, body: payload } = await serveBatch(raw, req.headers, serve));
      else {
        const notify: Notify | undefined = acceptsSse(req.headers.get("accept"))
          ? (method, params) => notes.push({ jsonrpc: "2.0", method, params })
          : undefined;
        ({ status, body: payload } = await serve(classify(raw), notify));
      }
    } catch (e) {
      const err = e instanceof RpcError ? e : internal(e);
      ({ status, body: payload } = { status: err.status, body: fromRpcError(isObject(raw) ? idOf(raw) : null, err) });
    }
    // Buffered, not live: our tools finish in milliseconds, and one code path keeps usage bytes exact.
    const stream = notes.length > 0 && status === 200 && payload !== undefined;
    // messageJson splices in the JSON of prebuilt results (tool list, a version's payload, a search page).
    const text = payload === undefined ? null : stream ? sse([...notes, payload]) : messageJson(payload);
    const res = text === null
      ? new Response(null, { status, headers: cors })
      : new Response(text, { status, headers: { ...cors, ...(stream ? SSE_HEADERS : JSON_HEADERS) } });
    if (opts.onExchange && pending.length) {
      const durationMs = now() - started;
      for (const p of pending) {
        // Per-request bytes in a batch are approximate; single requests (all but 2025-03-26) are exact.
        opts.onExchange({ ...p, caller, bytes: (text?.length ?? 0) / pending.length, durationMs, startedAt: started });
      }
    }
    return res;
  };
}

type Serve = (msg: Message) => Promise<{ status: number; body?: unknown }>;

const JSON_HEADERS = { "Content-Type": "application/json" };
const SSE_HEADERS = { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", "X-Accel-Buffering": "no" };
const sse = (messages: unknown[]) => messages.map((m) => `event: message\ndata: ${messageJson(m)}\n\n`).join("");
const acceptsSse = (accept: string | null) => !!accept && accept.toLowerCase().includes("text/event-stream");

/** Batches: only 2025-03-26 (no version header, no envelope), at most LIMITS.batchSize messages. */
async function serveBatch(raw: unknown[], headers: Headers, serve: Serve): Promise<{ status: number; body?: unknown }> {
  const hv = headers.get("mcp-protocol-version")?.trim();
  const invalid = (why: string) => ({ status: 400, body: failure(null, CODES.invalidRequest, `Invalid Request: ${why}`) });
  if (raw.length === 0) return invalid("empty batch");
  if (raw.length > LIMITS.batchSize) return invalid(`a batch holds at most ${LIMITS.batchSize} messages`);
  if (hv !== undefined && hv !== "2025-03-26") return invalid("batches are only served for protocol 2025-03-26");
  if (raw.some((m) => isObject(m) && isObject(m.params) && isObject(m.params._meta) && META.protocolVersion in m.params._meta)) {
    return invalid("batches cannot carry a 2026-07-28 request");
  }
  const replies: unknown[] = [];
  for (const item of raw) {
    const msg = classify(item);
    if (msg.kind === "request" && msg.method === "initialize") {
      replies.push(failure(msg.id, CODES.invalidRequest, "Invalid Request: initialize cannot be part of a batch"));
      continue;
    }
    const out = await serve(msg);
    if (out.body !== undefined) replies.push(out.body);
  }
  return replies.length ? { status: 200, body: replies } : { status: 202 };
}

function legacyEnvelope(msg: { method: string; params?: Record<string, unknown> }, headers: Headers): Envelope {
  const headerVersion = readLegacyVersion(msg.method, headers);
  // initialize carries no version header: its version is the one it negotiates (server.ts), for the usage log.
  const asked = msg.method === "initialize" ? msg.params?.protocolVersion : undefined;
  const negotiated = typeof asked === "string" && (LEGACY_VERSIONS as readonly string[]).includes(asked) ? asked : LEGACY_VERSIONS[0];
  const protocolVersion = msg.method === "initialize" ? negotiated : headerVersion;
  const info = msg.method === "initialize" ? msg.params?.clientInfo : undefined;
  const clientInfo = isObject(info) && typeof info.name === "string"
    ? { name: info.name, version: typeof info.version === "string" ? info.version : undefined }
    : undefined;
  return { era: "legacy", protocolVersion, clientCapabilities: {}, clientInfo };
}

function internal(e: unknown): RpcError {
  // The cause goes to the log, never to the client: error bodies carry no stack.
  console.error("[mcp] internal error", e instanceof Error ? e.message : String(e));
  return new RpcError(CODES.internalError, "Internal error", undefined, 500);
}

const idOf = (raw: Record<string, unknown>): Id | null =>
  typeof raw.id === "string" || typeof raw.id === "number" ? raw.id : null;

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(messageJson(body), { status, headers: { ...headers, "Content-Type": "application/json" } });
}

function withHeaders(res: Response, headers: Record<string, string>) {
  for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
  return res;
}

function wantsPage(accept: string | null) {
  return !!accept && accept.includes("text/html") && !accept.includes("text/event-stream");
}
