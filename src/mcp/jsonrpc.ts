/** JSON-RPC 2.0 framing: message classification, error codes and response builders. */
import type { Prebuilt } from "./wire.ts";

export type Id = string | number;
export type Params = Record<string, unknown>;
/** The `result` of a JSON-RPC success; a Prebuilt one carries its JSON (wire.ts). */
export type RpcResult = Record<string, unknown> | Prebuilt<object>;

export const CODES = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** Implementation-defined; the official SDK uses it for transport-level refusals. */
  serverError: -32000,
  resourceNotFoundLegacy: -32002,
  headerMismatch: -32020,
  missingClientCapability: -32021,
  unsupportedVersion: -32022,
} as const;

/** A protocol fault. `httpStatus` is the HTTP status it travels with; data never carries a stack. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
    readonly httpStatus = 200,
  ) {
    super(message);
  }
}

export interface Request {
  kind: "request";
  id: Id;
  method: string;
  params: Params | undefined;
}
export interface Notification {
  kind: "notification";
  method: string;
  params: Params | undefined;
}
export interface Response {
  kind: "response";
  id: Id | null;
}
export interface Invalid {
  kind: "invalid";
  id: Id | null;
  reason: string;
}
export type Message = Request | Notification | Response | Invalid;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export const isId = (v: unknown): v is Id => typeof v === "string" || (typeof v === "number" && Number.isFinite(v));

/** Classifies one parsed JSON value as a JSON-RPC message, without trusting any field. */
export function classify(raw: unknown): Message {
  if (!isObject(raw)) return { kind: "invalid", id: null, reason: "a JSON-RPC message must be an object" };
  const id = isId(raw.id) ? raw.id : null;
  if (raw.jsonrpc !== "2.0") return { kind: "invalid", id, reason: 'jsonrpc must be "2.0"' };
  if ("method" in raw) {
    if (typeof raw.method !== "string" || raw.method === "") {
      return { kind: "invalid", id, reason: "method must be a non-empty string" };
    }
    if (raw.params !== undefined && !isObject(raw.params)) {
      return { kind: "invalid", id, reason: "params must be an object" };
    }
    const params = raw.params as Params | undefined;
    if (!("id" in raw)) return { kind: "notification", method: raw.method, params };
    if (id === null) return { kind: "invalid", id: null, reason: "id must be a string or a number" };
    return { kind: "request", id, method: raw.method, params };
  }
  if ("id" in raw && ("result" in raw || "error" in raw) && (id !== null || raw.id === null)) {
    return { kind: "response", id };
  }
  return { kind: "invalid", id, reason: "not a JSON-RPC request, notification or response" };
}

/** Client input echoed in an error message is cut: an error must never grow with the request. */
export const clip = (value: unknown, max = 100): string => {
  const s = String(value);
  return s.length > max ? `${s.slice(0, max)}…` : s;
};

export const successResponse = (id: Id, result: RpcResult) => ({ jsonrpc: "2.0" as const, id, result });

export function errorResponse(id: Id | null, code: number, message: string, data?: unknown) {
  const error: { code: number; message: string; data?: unknown } = { code, message };
  if (data !== undefined) error.data = data;
  return { jsonrpc: "2.0" as const, id, error };
}

export const fromRpcError = (id: Id | null, e: RpcError) => errorResponse(id, e.code, e.message, e.data);

/** -32603 for what was thrown that is not an RpcError: the cause goes to the log, never to the client. */
export function internalError(cause: unknown): RpcError {
  console.error("[mcp] internal error", cause instanceof Error ? cause.message : String(cause));
  return new RpcError(CODES.internalError, "Internal error", undefined, 500);
}

export { isObject };
