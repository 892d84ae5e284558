/**
 * Which protocol era a request speaks, and the per-request checks of 2026-07-28
 * (PROTOCOL.md sections A and C). Pure functions over headers and the parsed message.
 */
import { LEGACY_VERSIONS, MODERN_VERSION, SUPPORTED_VERSIONS } from "../config.ts";
import { CODES, isObject, type Params, RpcError } from "./jsonrpc.ts";

export const META = {
  protocolVersion: "io.modelcontextprotocol/protocolVersion",
  clientCapabilities: "io.modelcontextprotocol/clientCapabilities",
  clientInfo: "io.modelcontextprotocol/clientInfo",
  logLevel: "io.modelcontextprotocol/logLevel",
  serverInfo: "io.modelcontextprotocol/serverInfo",
} as const;

export const HEADERS = {
  version: "mcp-protocol-version",
  method: "mcp-method",
  name: "mcp-name",
  paramPrefix: "mcp-param-",
} as const;

export type Era = "modern" | "legacy";

export interface ClientInfo {
  name: string;
  version?: string;
}

/** What the protocol layer learned about the caller from one request. */
export interface Envelope {
  era: Era;
  protocolVersion: string;
  clientInfo?: ClientInfo;
  clientCapabilities: Record<string, unknown>;
}

const legacy = new Set<string>(LEGACY_VERSIONS);
const header = (h: Headers, name: string) => h.get(name)?.trim() ?? null;

/**
 * Modern when `_meta` carries a protocol version (unless it names a legacy revision, which is then
 * served as legacy) or the version header names 2026-07-28 or later. `initialize` without an
 * envelope is always legacy.
 */
export function classifyEra(method: string, params: Params | undefined, headers: Headers): Era {
  const meta = params?._meta;
  if (isObject(meta) && META.protocolVersion in meta) {
    const v = meta[META.protocolVersion];
    return typeof v === "string" && legacy.has(v) ? "legacy" : "modern";
  }
  if (method === "initialize") return "legacy";
  const v = header(headers, HEADERS.version);
  return v !== null && v >= MODERN_VERSION ? "modern" : "legacy";
}

const LOG_LEVELS = new Set(["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]);

/** M1–M3: validates the modern envelope. Throws RpcError with HTTP 400 on any fault. */
export function readModernEnvelope(method: string, params: Params | undefined, headers: Headers): Envelope {
  const meta = params?._meta;
  const bad = (what: string) => new RpcError(CODES.invalidParams, `Invalid _meta: ${what}`, undefined, 400);
  if (!isObject(meta)) throw bad(`params._meta is required with ${META.protocolVersion} and ${META.clientCapabilities}`);
  const version = meta[META.protocolVersion];
  const caps = meta[META.clientCapabilities];
  const info = meta[META.clientInfo];
  const level = meta[META.logLevel];
  if (typeof version !== "string" || version === "") throw bad(`${META.protocolVersion} must be a string`);
  if (!isObject(caps)) throw bad(`${META.clientCapabilities} must be an object`);
  if (info !== undefined && !(isObject(info) && typeof info.name === "string")) {
    throw bad(`${META.clientInfo} must be an object with a name`);
  }
  if (level !== undefined && !(typeof level === "string" && LOG_LEVELS.has(level))) {
    throw bad(`${META.logLevel} must be a log level`);
  }

  const mismatch = (what: string) => new RpcError(CODES.headerMismatch, `Header mismatch: ${what}`, undefined, 400);
  const hv = header(headers, HEADERS.version);
  if (hv === null) throw mismatch("MCP-Protocol-Version header is required");
  if (hv !== version) throw mismatch(`MCP-Protocol-Version ${hv} differs from _meta version ${version}`);
  const hm = header(headers, HEADERS.method);
  if (hm === null) throw mismatch("Mcp-Method header is required");
  if (hm !== method) throw mismatch(`Mcp-Method ${hm} differs from method ${method}`);
  const nameField = method === "resources/read" ? "uri" : method === "tools/call" || method === "prompts/get" ? "name" : null;
  if (nameField) {
    const raw = header(headers, HEADERS.name);
    if (raw === null) throw mismatch("Mcp-Name header is required for " + method);
    const decoded = decodeHeaderValue(raw);
    if (decoded === null) throw mismatch("Mcp-Name is not valid base64");
    if (decoded !== params?.[nameField]) throw mismatch(`Mcp-Name differs from params.${nameField}`);
  }

  if (version !== MODERN_VERSION) {
    throw new RpcError(CODES.unsupportedVersion, `Unsupported protocol version ${version}`, {
      supported: [...SUPPORTED_VERSIONS],
      requested: version,
    }, 400);
  }
  return {
    era: "modern",
    protocolVersion: version,
    clientCapabilities: caps,
    clientInfo: info as ClientInfo | undefined,
  };
}

/** L2/L3: the legacy version comes from the header, or is 2025-03-26 when absent. */
export function readLegacyVersion(method: string, headers: Headers): string {
  const hv = header(headers, HEADERS.version);
  if (hv === null) return "2025-03-26";
  if (legacy.has(hv) || (method === "initialize" && hv === MODERN_VERSION)) return hv;
  throw new RpcError(
    CODES.serverError,
    `Bad Request: Unsupported protocol version ${hv} (supported: ${SUPPORTED_VERSIONS.join(", ")})`,
    undefined,
    400,
  );
}

const BASE64 = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

/** Header values may be sent as `=?base64?...?=` (non-ASCII names); returns null when malformed. */
export function decodeHeaderValue(raw: string): string | null {
  if (!raw.startsWith("=?base64?")) return raw;
  const m = BASE64.exec(raw);
  if (!m || m[1].length % 4 !== 0) return null;
  try {
    const bytes = Uint8Array.from(atob(m[1]), (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
