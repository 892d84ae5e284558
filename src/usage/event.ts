/**
 * One usage event: what the `[mcp-usage]` log line and the stored event say about one served
 * request. Built from what the transport hands over of it (its context, its outcome, what was sent),
 * which never carries result bodies, so no component code can reach either.
 */
import { isInfraCode } from "../errors.ts";
import type { Outcome, RequestContext } from "../mcp/context.ts";
import type { UsageEvent } from "./event-schema.ts";

/**
 * The shadcn registry's requests (src/registry/), each recorded like a tool call under its own
 * method name: a registry item's, and the index's (its searches included).
 */
export const REGISTRY_METHODS = { item: "registry/item", index: "registry/index" } as const;
const REGISTRY = new Set<string>(Object.values(REGISTRY_METHODS));
export const isRegistryMethod = (method: string) => REGISTRY.has(method);

/**
 * The methods usage counts: handshakes, tool calls and registry requests (docs/usage.md). Everything
 * else is not recorded.
 */
export const RECORDED_METHODS = new Set(["initialize", "server/discover", "tools/call", ...REGISTRY]);

/**
 * What usage reads of one request it records: the MCP transport hands one per JSON-RPC request it
 * served (`ServedRequest`, src/mcp/http.ts), the registry one per item or index request.
 */
export interface RecordedRequest {
  context: Pick<
    RequestContext,
    "method" | "headers" | "userAgent" | "ip" | "requestId" | "deployId" | "era" | "protocolVersion" | "clientInfo"
  >;
  outcome: Outcome;
  httpStatus: number;
  /** Bytes of the response body sent for it. */
  bytes: number;
  durationMs: number;
}

/** A response, and what usage records of the request: what a handler usage wraps returns (recorder.ts). */
export interface Served {
  response: Response;
  requests: RecordedRequest[];
}

/** Blobs store and key layout. Events get unique keys, so concurrent isolates never overwrite each other. */
export const USAGE_STORE = "patttterns-mcp-usage";
export const keys = {
  eventPrefix: (month: string) => `events/${month}/`,
  /** An event id's leading time (ids sort by it, so listings do too): 20261205T095000123Z. */
  eventTime: (at: Date) => at.toISOString().replace(/[-:]/g, "").replace(".", ""),
  event: (month: string, id: string) => `events/${month}/${id}.json`,
  monthly: (month: string) => `monthly/${month}.json`,
};

export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export type { UsageEvent } from "./event-schema.ts";

/** Longest agent hint kept: real client names and User-Agents are far shorter. */
const AGENT_CHARS = 120;
/** The agent of a call that named no client. */
export const UNKNOWN_AGENT = "unknown";

// Control characters would let a caller forge extra log lines; they carry no meaning in a name.
const clean = (raw: string | undefined) =>
  (raw ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a log line keeps no control characters
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .trim()
    .slice(0, AGENT_CHARS);

/**
 * The client a call names: `clientInfo` name/version, which every 2026-07-28 request carries and, in
 * the 2025 eras, only `initialize`. A 2025 call after it names no client itself (its session id may:
 * see `toEvent`), and its User-Agent is mostly the HTTP library's ("node", "undici"), not the
 * client's: without a valid session id such a call is "unknown", not a guess.
 */
export function agentHint(request: Pick<RequestContext, "clientInfo">): string {
  const info = request.clientInfo;
  return clean(info?.name ? (info.version ? `${info.name}/${info.version}` : info.name) : undefined) || UNKNOWN_AGENT;
}

/** The User-Agent of a call whose agent is unknown, kept apart as a hint; undefined otherwise. */
export function userAgentHint(request: Pick<RequestContext, "clientInfo" | "userAgent">): string | undefined {
  return agentHint(request) === UNKNOWN_AGENT ? clean(request.userAgent) || undefined : undefined;
}

/** Infra errors are ours (target: under 2% of calls, docs/usage.md); anything else not ok is the caller's. */
export function errorKind(status: string, httpStatus: number): "ok" | "infra" | "client" {
  if (status === "ok" && httpStatus < 500) return "ok";
  if (isInfraCode(status) || status === "rpc_-32603" || httpStatus >= 500) return "infra";
  return "client";
}

/** `YYYY-MM` and `YYYY-MM-DD` of a timestamp, in UTC: one month means the same thing everywhere. */
export const monthOf = (d: Date) => d.toISOString().slice(0, 7);
export const dayOf = (iso: string) => iso.slice(0, 10);

/**
 * Builds the stored event; `client` is the already-hashed caller, `sessionAgent` the agent a valid
 * session id carries (session.ts), used only when the call names no client itself.
 */
export function toEvent(served: RecordedRequest, at: Date, client: string | null, sessionAgent?: string): UsageEvent {
  const { context: request, outcome } = served;
  const named = agentHint(request);
  const agent = named === UNKNOWN_AGENT && sessionAgent ? sessionAgent : named;
  return {
    v: 1,
    ts: at.toISOString(),
    method: request.method,
    era: request.era,
    protocol_version: request.protocolVersion,
    tool: request.method === "tools/call" ? outcome.tool : undefined,
    pattern_id: outcome.report?.pattern_id,
    version_id: outcome.report?.version_id,
    search: outcome.report?.search,
    validated_by: outcome.report?.validated_by,
    status: outcome.status,
    http_status: served.httpStatus,
    duration_ms: Math.round(served.durationMs * 10) / 10,
    bytes: Math.round(served.bytes),
    agent,
    user_agent: agent === UNKNOWN_AGENT ? userAgentHint(request) : undefined,
    client,
  };
}

/**
 * The log line: the event's fields plus the request id and the raw IP (for short-lived ops review),
 * without the hash.
 */
export function logLine(event: UsageEvent, requestId: string, ip: string | undefined): string {
  const { v: _v, client: _client, ts, ...fields } = event;
  return `[mcp-usage] ${JSON.stringify({ ts, request_id: requestId, ...fields, ip: ip ?? null })}`;
}
