/**
 * The invariants every response of /mcp must hold, whatever was sent: a status the spec allows, a
 * well-formed JSON-RPC body (or none), a bounded size, no stack trace, no author e-mail, no raw IP.
 * Throws an Error naming the first violation (fast-check then shrinks the input that caused it).
 */
import { fixtures } from "../../helpers/app.ts";

/** Statuses this endpoint may answer (docs/protocol.md, Decisions); never a 5xx. */
export const ALLOWED_STATUS = new Set([200, 202, 204, 400, 403, 404, 405, 413, 415]);
/**
 * Bytes one JSON-RPC message may take. The largest legitimate answer is get_component on the ~30 KB
 * fixture (~40 KB with metadata); 128 KiB leaves room and still catches echoed megabyte inputs.
 */
export const MESSAGE_BOUND = 128 * 1024;

/** Every author e-mail in the committed version indexes: none may ever leave the server. */
export const AUTHOR_EMAILS = [
  ...new Set(fixtures.flatMap((f) => f.index.versions.map((v) => v.author?.email).filter((e): e is string => !!e))),
];
/**
 * A stack frame, raw or inside a JSON string (its newline escaped): "at fn (file:///x.ts:1:2)", a
 * frame's location alone ("file:///x.ts:1:2"), or Node's internals. A file URI without a line and
 * column is not a frame: a missing resource's URI is echoed by obligation (`obligedEchoes`).
 */
export const STACK =
  /(?:\n|\\n)\s+at .+[:(]\d+:\d+|\bat (?:async )?[\w.<>]+ \(.*:\d+:\d+\)|node:internal|file:\/\/\/\S*?:\d+:\d+/;

export interface Checked {
  status: number;
  bytes: number;
  /** Parsed JSON body, or undefined when empty or HTML. */
  body?: unknown;
  text: string;
}

const fail = (why: string, text: string): never => {
  throw new Error(`${why}; body starts: ${JSON.stringify(text.slice(0, 300))}`);
};

function checkMessage(m: unknown, text: string) {
  if (typeof m !== "object" || m === null || Array.isArray(m)) fail("a JSON-RPC message must be an object", text);
  const o = m as Record<string, unknown>;
  if (o.jsonrpc !== "2.0") fail('jsonrpc must be "2.0"', text);
  if (
    !("id" in o) ||
    !(o.id === null || typeof o.id === "string" || (typeof o.id === "number" && Number.isFinite(o.id)))
  )
    fail("id must be a string, a number or null", text);
  if ("result" in o === "error" in o) fail("exactly one of result and error", text);
  if ("result" in o && (typeof o.result !== "object" || o.result === null || Array.isArray(o.result)))
    fail("result must be an object", text);
  if ("error" in o) {
    const e = o.error as Record<string, unknown>;
    if (typeof e !== "object" || e === null || !Number.isInteger(e.code) || typeof e.message !== "string")
      fail("error must be {code: integer, message: string}", text);
  }
  return o;
}

/**
 * What the spec obliges an answer to echo of the request body `sent`: every request `id` and, for a
 * missing resource, its URI (in the message and `data.uri`, 2026-07-28). Their bytes are added to the
 * size bound, where every other echo of client input counts against it, and the URIs are set aside
 * when looking for a stack trace (a `file:///` URI is no frame).
 */
export function obligedEchoes(sent: string | Uint8Array | null): { bytes: number; uris: string[] } {
  const messages = messagesOf(sent);
  const uris = messages.flatMap((m) =>
    typeof m.params === "object" && m.params !== null && typeof m.params.uri === "string" ? [m.params.uri] : [],
  );
  const bytes = [...messages.map((m) => m.id ?? null), ...uris].reduce((n, v) => n + JSON.stringify(v).length, 0);
  return { bytes, uris };
}

function messagesOf(body: string | Uint8Array | null): Record<string, any>[] {
  if (typeof body !== "string") return [];
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    return [];
  }
  return (Array.isArray(raw) ? raw : [raw]).filter((m) => typeof m === "object" && m !== null);
}

function sseEvents(text: string): unknown[] {
  const out: unknown[] = [];
  for (const block of text.split("\n\n").filter((b) => b.trim())) {
    const data = block
      .split("\n")
      .filter((l) => l.startsWith("data:"))
      .map((l) => l.slice(5).trimStart())
      .join("\n");
    try {
      out.push(JSON.parse(data));
    } catch {
      fail("an event's data is not JSON", text);
    }
  }
  if (!out.length) fail("an empty event stream", text);
  return out;
}

/** Reads and checks one response. `ip` is the address handed to `handle`; it must never be echoed. */
export async function checkResponse(
  res: Response,
  opts: { method?: string; ip?: string; sent?: string | Uint8Array | null } = {},
): Promise<Checked> {
  const buf = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(buf);
  const status = res.status;
  if (!ALLOWED_STATUS.has(status)) fail(`status ${status} is not one the spec allows`, text);
  // What the request itself said and the answer must echo is not the server's to have written.
  const echoes = obligedEchoes(opts.sent ?? null);
  const own = echoes.uris.reduce((t, e) => t.replaceAll(JSON.stringify(e).slice(1, -1), ""), text);
  if (STACK.test(own)) fail("the body carries a stack trace", text);
  // Over HTTP a HEAD answer has no body (RFC 9110); in process the handler's body is there to check.
  if (opts.method === "HEAD" && buf.byteLength === 0) return { status, bytes: 0, text };
  for (const email of AUTHOR_EMAILS) if (text.includes(email)) fail(`the body leaks the author e-mail ${email}`, text);
  if (/@patttterns\.com/i.test(text)) fail("the body carries an @patttterns.com address", text);
  if (opts.ip && text.includes(opts.ip)) fail(`the body echoes the caller IP ${opts.ip}`, text);
  if (status === 202 || status === 204) {
    if (buf.byteLength !== 0) fail(`${status} must have an empty body`, text);
    return { status, bytes: 0, text };
  }
  const type = res.headers.get("content-type") ?? "";
  if (type.startsWith("text/html")) {
    if (opts.method !== "GET" || status !== 200) fail("HTML is only for GET /mcp", text);
    return { status, bytes: buf.byteLength, text };
  }
  let body: unknown;
  if (type.startsWith("text/event-stream")) {
    // Request-scoped notifications, then the response as the last event (docs/protocol.md, M7).
    if (status !== 200) fail("an event stream only answers with 200", text);
    const events = sseEvents(text);
    const last = events.pop();
    for (const n of events) {
      const o = n as Record<string, unknown>;
      if (o?.jsonrpc !== "2.0" || typeof o.method !== "string" || "id" in o)
        fail("events before the response must be notifications", text);
    }
    body = last;
  } else {
    if (!type.startsWith("application/json")) fail(`content-type ${type} is not JSON`, text);
    try {
      body = JSON.parse(text);
    } catch {
      fail("the body is not JSON", text);
    }
  }
  const messages = Array.isArray(body) ? body : [body];
  if (Array.isArray(body) && (status !== 200 || body.length === 0))
    fail("a batch answer is a non-empty array with 200", text);
  const bound = MESSAGE_BOUND * messages.length + echoes.bytes;
  if (buf.byteLength > bound)
    fail(
      `${buf.byteLength} bytes exceed the bound of ${bound} (${MESSAGE_BOUND} per message plus echoed ids/uris)`,
      text,
    );
  for (const m of messages) {
    const o = checkMessage(m, text);
    if (status !== 200 && !("error" in o)) fail(`HTTP ${status} must carry a JSON-RPC error`, text);
    if (status === 404 && (o.error as { code: number }).code !== -32601)
      fail("404 is only for -32601 (method not found)", text);
  }
  return { status, bytes: buf.byteLength, body, text };
}
