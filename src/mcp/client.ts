/**
 * A 2026-07-28 request as a client sends it: the `_meta` envelope in params (protocol version,
 * client capabilities, client info), mirrored by the MCP-Protocol-Version, Mcp-Method and Mcp-Name
 * headers that era.ts checks (BI §Per-request protocol fields, SH §Request Metadata). The chatbot
 * calls the endpoint with it, in process or over HTTP, and so do the tests' request helpers.
 */
import { MODERN_VERSION } from "./constants.ts";
import type { ClientInfo } from "./context.ts";
import { encodeHeaderValue, HEADERS, META, nameFieldOf } from "./era.ts";
import type { Id } from "./jsonrpc.ts";

export interface ClientOptions {
  id?: Id;
  clientInfo?: ClientInfo;
  /** `{}` when absent: a client that declares nothing still sends the field. */
  clientCapabilities?: Record<string, unknown>;
  /** Merged over the ones built here (a test may send a wrong one). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export function modernRequest(
  url: string,
  method: string,
  params: Record<string, unknown> = {},
  opts: ClientOptions = {},
): Request {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    [HEADERS.version]: MODERN_VERSION,
    [HEADERS.method]: method,
  };
  // Mcp-Name mirrors what the request names: a tool or prompt, or a resource's URI.
  const field = nameFieldOf(method);
  const name = field ? params[field] : undefined;
  if (typeof name === "string") headers[HEADERS.name] = encodeHeaderValue(name);
  const meta: Record<string, unknown> = {
    [META.protocolVersion]: MODERN_VERSION,
    [META.clientCapabilities]: opts.clientCapabilities ?? {},
  };
  if (opts.clientInfo) meta[META.clientInfo] = opts.clientInfo;
  return new Request(url, {
    method: "POST",
    headers: { ...headers, ...opts.headers },
    body: JSON.stringify({ jsonrpc: "2.0", id: opts.id ?? 1, method, params: { ...params, _meta: meta } }),
    signal: opts.signal,
  });
}
