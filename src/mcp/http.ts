/**
 * Streamable HTTP, stateless, both eras (docs/protocol.md, Decisions A1–A6, evaluated top to bottom).
 * `createHttpHandler(server, opts)` returns an `McpHandler`; everything else is injected. A request
 * goes through four steps: preflight (origin, method, content type) → read (bounded body, JSON) →
 * dispatch (one JSON-RPC request, or a 2025-03-26 batch) → respond (JSON, or SSE when notifications
 * came before the result).
 */
import { TRANSPORT_LIMITS } from "./constants.ts";
import type { Outcome, Platform, RequestContext } from "./context.ts";
import { classifyEra, META, readLegacyVersion } from "./era.ts";
import {
  classify,
  CODES,
  errorResponse,
  fromRpcError,
  type Id,
  internalError,
  isObject,
  isId,
  type Message,
  RpcError,
  successResponse,
} from "./jsonrpc.ts";
import { isJsonContentType, readBounded, corsHeaders, type OriginPolicy, preflightHeaders } from "../http/index.ts";
import { wireJson } from "./wire.ts";
import type { McpServer } from "./server.ts";

export interface HttpOptions<D> {
  deps: D;
  origins: OriginPolicy;
  /** The browser page for GET with Accept: text/html (it may load on first use). */
  page?: (req: Request) => Response | Promise<Response>;
  /** Clock in ms; injected so tests can pin it. */
  now?: () => number;
  maxBodyBytes?: number;
}

/** A JSON-RPC request the handler served: its context, what it came to, and what was sent for it. */
export interface ServedRequest {
  context: RequestContext;
  /** What the server returned with the request's result (server.ts, `dispatch`). */
  outcome: Outcome;
  httpStatus: number;
  /** Bytes of the JSON-RPC response (a batch's divided evenly among its requests). */
  bytes: number;
  durationMs: number;
}

/** The response to an HTTP request, and every JSON-RPC request it served. */
export interface Served {
  response: Response;
  /** Empty when nothing was served as JSON-RPC (a refusal before the body, a notification, a response). */
  requests: ServedRequest[];
}

/**
 * A Request in, what it was answered out. `platform` is what the runtime adapter knows of the
 * request; decorators (usage) read `requests` once the response is ready.
 */
export type McpHandler = (req: Request, platform?: Platform) => Promise<Served>;

/** `handle` for a caller that wants only the response (no decorator reads what was served). */
export const fetchHandler =
  (handle: McpHandler) =>
  async (req: Request, platform?: Platform): Promise<Response> =>
    (await handle(req, platform)).response;

/** What one step sends: an HTTP status, and the JSON-RPC message (or batch), if any. */
interface Reply {
  status: number;
  body?: unknown;
}

const decoder = new TextDecoder("utf-8", { fatal: true });

export function createHttpHandler<D>(server: McpServer<D>, opts: HttpOptions<D>): McpHandler {
  const now = opts.now ?? (() => performance.now());
  const maxBody = opts.maxBodyBytes ?? TRANSPORT_LIMITS.bodyBytes;

  const alone = (response: Response): Served => ({ response, requests: [] });
  return async function handle(req, platform = {}) {
    const startedAt = now();
    const origin = req.headers.get("origin");
    const cors = corsHeaders(origin);
    const early = preflight(req, origin, cors, opts);
    if (early) return early instanceof Response ? alone(early) : early.then(alone);
    const raw = await readJson(req, maxBody, cors);
    if (raw instanceof Response) return alone(raw);

    // Each JSON-RPC request gets its context; notifications of a single request are streamed
    // before its result when the client accepts SSE (buffered, not live: our tools finish in
    // milliseconds, and one code path keeps usage bytes exact).
    const dispatched: { context: RequestContext; outcome: Outcome; httpStatus: number }[] = [];
    const notes: unknown[] = [];
    const stream = !Array.isArray(raw) && acceptsSse(req.headers.get("accept"));
    const request: Dispatch = async (id, method, params) => {
      const ctx = newContext(req, platform, startedAt, opts.deps, id, method, params);
      if (stream) ctx.notify = (m, p) => notes.push({ jsonrpc: "2.0", method: m, params: p });
      const d = await server.dispatch(ctx);
      const reply = d.error
        ? { status: d.error.httpStatus, body: fromRpcError(id, d.error) }
        : { status: 200, body: successResponse(id, d.result) };
      dispatched.push({ context: ctx, outcome: d.outcome, httpStatus: reply.status });
      return reply;
    };
    const reply = await serveBody(raw, req.headers, request);

    const sse = notes.length > 0 && reply.status === 200 && reply.body !== undefined;
    const text = reply.body === undefined ? null : sse ? sseText([...notes, reply.body]) : wireJson(reply.body);
    const durationMs = now() - startedAt;
    // Per-request bytes in a batch are approximate; single requests (all but 2025-03-26) are exact.
    const bytes = (text?.length ?? 0) / (dispatched.length || 1);
    const type = sse ? SSE_HEADERS : JSON_HEADERS;
    const response =
      text === null
        ? new Response(null, { status: reply.status, headers: cors })
        : new Response(text, { status: reply.status, headers: origin === null ? type : { ...cors, ...type } });
    const requests = dispatched.map(({ context, outcome, httpStatus }) => ({
      context,
      outcome,
      httpStatus,
      bytes,
      durationMs,
    }));
    return { response, requests };
  };
}

/** 403 for a foreign origin or host, 204 for CORS preflight, the browser page, 405, 415; undefined to go on. */
function preflight(
  req: Request,
  origin: string | null,
  cors: Record<string, string>,
  opts: HttpOptions<unknown>,
): Response | Promise<Response> | undefined {
  if (!opts.origins.allows(origin) || !opts.origins.hostAllowed(req.url, req.headers.get("host"))) {
    return json(403, errorResponse(null, CODES.serverError, "Forbidden: origin or host not allowed"));
  }
  if (req.method === "OPTIONS") {
    const headers = preflightHeaders(origin, req.headers.get("access-control-request-headers"));
    return new Response(null, { status: 204, headers });
  }
  if (req.method === "GET" && opts.page && wantsPage(req.headers.get("accept"))) {
    const page = opts.page;
    return Promise.resolve(page(req)).then((res) => withHeaders(res, cors));
  }
  if (req.method !== "POST") {
    return json(405, errorResponse(null, CODES.serverError, "Method not allowed: use POST"), {
      ...cors,
      Allow: "POST",
    });
  }
  if (!isJsonContentType(req.headers.get("content-type"))) {
    const why = "Unsupported Media Type: Content-Type must be application/json";
    return json(415, errorResponse(null, CODES.serverError, why), cors);
  }
  return undefined;
}

/** The parsed body, or the Response that refuses it: 413 past the bound, 400 for what is not UTF-8 JSON. */
async function readJson(req: Request, maxBody: number, cors: Record<string, string>): Promise<unknown> {
  const body = await readBounded(req, maxBody);
  if (body === null) {
    const why = `Payload too large: the limit is ${maxBody} bytes`;
    return json(413, errorResponse(null, CODES.serverError, why), cors);
  }
  try {
    return JSON.parse(decoder.decode(body));
  } catch {
    return json(400, errorResponse(null, CODES.parseError, "Parse error: the body is not valid UTF-8 JSON"), cors);
  }
}

/** Serves one JSON-RPC request through the server and says what to send for it. */
type Dispatch = (id: Id, method: string, params: Record<string, unknown> | undefined) => Promise<Reply>;

/** One message or a batch; a fault outside any request (a notification's bad version header) is sent alone. */
async function serveBody(raw: unknown, headers: Headers, request: Dispatch): Promise<Reply> {
  try {
    if (Array.isArray(raw)) return await serveBatch(raw, headers, (msg) => serveMessage(msg, headers, request));
    return await serveMessage(classify(raw), headers, request);
  } catch (e) {
    const err = e instanceof RpcError ? e : internalError(e);
    return { status: err.httpStatus, body: fromRpcError(isObject(raw) ? idOf(raw) : null, err) };
  }
}

/** One message: 202 for notifications and responses, 400 for what is not JSON-RPC; a request is dispatched. */
async function serveMessage(msg: Message, headers: Headers, request: Dispatch): Promise<Reply> {
  if (msg.kind === "invalid") {
    return { status: 400, body: errorResponse(msg.id, CODES.invalidRequest, `Invalid Request: ${msg.reason}`) };
  }
  if (msg.kind === "response") return { status: 202 };
  if (msg.kind === "notification") {
    if (classifyEra(msg.method, msg.params, headers) === "legacy") readLegacyVersion(msg.method, headers);
    return { status: 202 };
  }
  return request(msg.id, msg.method, msg.params);
}

function newContext<D>(
  req: Request,
  platform: Platform,
  startedAt: number,
  deps: D,
  id: Id,
  method: string,
  params: Record<string, unknown> | undefined,
): RequestContext<D> {
  // Every field set here, even when undefined, so every context has the same shape.
  return {
    deps,
    headers: req.headers,
    url: req.url,
    ip: platform.ip,
    requestId: platform.requestId,
    deployId: platform.deployId,
    waitUntil: platform.waitUntil,
    userAgent: req.headers.get("user-agent") ?? undefined,
    authorization: req.headers.get("authorization") ?? undefined,
    startedAt,
    id,
    method,
    params: params ?? {},
    era: undefined,
    protocolVersion: undefined,
    clientInfo: undefined,
    clientCapabilities: {},
    logLevel: undefined,
    notify: undefined,
  };
}

// A response without CORS headers carries one of these objects as its init, and some fetch adapters
// (@hono/node-server) keep it by reference: frozen, so nothing writes into the shared object.
const JSON_HEADERS = Object.freeze({ "Content-Type": "application/json" });
const SSE_HEADERS = Object.freeze({
  "Content-Type": "text/event-stream",
  "Cache-Control": "no-cache",
  "X-Accel-Buffering": "no",
});
const sseText = (messages: unknown[]) => messages.map((m) => `event: message\ndata: ${wireJson(m)}\n\n`).join("");
const acceptsSse = (accept: string | null) => !!accept && accept.toLowerCase().includes("text/event-stream");

/** Batches: only 2025-03-26 (no version header, no envelope), at most TRANSPORT_LIMITS.batchSize messages. */
async function serveBatch(raw: unknown[], headers: Headers, serve: (msg: Message) => Promise<Reply>): Promise<Reply> {
  const hv = headers.get("mcp-protocol-version")?.trim();
  const invalid = (why: string) => ({
    status: 400,
    body: errorResponse(null, CODES.invalidRequest, `Invalid Request: ${why}`),
  });
  const { batchSize } = TRANSPORT_LIMITS;
  const modern = (m: unknown) =>
    isObject(m) && isObject(m.params) && isObject(m.params._meta) && META.protocolVersion in m.params._meta;
  if (raw.length === 0) return invalid("empty batch");
  if (raw.length > batchSize) return invalid(`a batch holds at most ${batchSize} messages`);
  if (hv !== undefined && hv !== "2025-03-26") return invalid("batches are only served for protocol 2025-03-26");
  if (raw.some(modern)) return invalid("batches cannot carry a 2026-07-28 request");
  const replies: unknown[] = [];
  for (const item of raw) {
    const msg = classify(item);
    if (msg.kind === "request" && msg.method === "initialize") {
      replies.push(
        errorResponse(msg.id, CODES.invalidRequest, "Invalid Request: initialize cannot be part of a batch"),
      );
      continue;
    }
    const out = await serve(msg);
    if (out.body !== undefined) replies.push(out.body);
  }
  return replies.length ? { status: 200, body: replies } : { status: 202 };
}

const idOf = (raw: Record<string, unknown>): Id | null => (isId(raw.id) ? raw.id : null);

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(wireJson(body), { status, headers: { ...headers, ...JSON_HEADERS } });
}

function withHeaders(res: Response, headers: Record<string, string>) {
  for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
  return res;
}

function wantsPage(accept: string | null) {
  return !!accept && accept.includes("text/html") && !accept.includes("text/event-stream");
}
