/**
 * Which protocol era a request speaks, and the per-request checks of 2026-07-28
 * (docs/protocol.md, Decisions: Era, M1–M3, L1–L3). Pure functions over headers and the parsed message.
 */
import { LEGACY_VERSIONS, MODERN_VERSION, negotiateLegacy, SUPPORTED_VERSIONS } from "./constants.ts";
import { type ClientInfo, type Era, LOG_LEVELS, type LogLevel, type RequestContext } from "./context.ts";
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

const legacy = new Set<string>(LEGACY_VERSIONS);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
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
    const hv = header(headers, HEADERS.version);
    // An envelope naming a revision we serve as legacy is served so, unless the header disagrees (-32020).
    return typeof v === "string" && legacy.has(v) && (hv === null || hv === v) ? "legacy" : "modern";
  }
  if (method === "initialize") return "legacy";
  const v = header(headers, HEADERS.version);
  // Only a date compares: "banana" > "2026-07-28" as strings, but it is an unsupported legacy
  // header (docs/protocol.md, L2).
  return v !== null && DATE.test(v) && v >= MODERN_VERSION ? "modern" : "legacy";
}

export const isLogLevel = (v: unknown): v is LogLevel =>
  typeof v === "string" && (LOG_LEVELS as readonly string[]).includes(v);

/** The envelope of a request classified `era`, into the request's context: either era's checks below. */
export function readEnvelope(ctx: RequestContext, era: Era): void {
  if (era === "modern") readModernEnvelope(ctx);
  else readLegacyEnvelope(ctx);
}

/** docs/protocol.md, M1–M3: validates the modern envelope. Throws RpcError with HTTP 400 on any fault. */
function readModernEnvelope(ctx: RequestContext): void {
  const { method, params, headers } = ctx;
  const meta = params._meta;
  const bad = (what: string) => new RpcError(CODES.invalidParams, `Invalid _meta: ${what}`, undefined, 400);
  if (!isObject(meta)) {
    throw bad(`params._meta is required with ${META.protocolVersion} and ${META.clientCapabilities}`);
  }
  const version = meta[META.protocolVersion];
  const caps = meta[META.clientCapabilities];
  const info = meta[META.clientInfo];
  const level = meta[META.logLevel];
  if (typeof version !== "string" || version === "") throw bad(`${META.protocolVersion} must be a string`);
  if (!isObject(caps)) throw bad(`${META.clientCapabilities} must be an object`);
  if (info !== undefined && !(isObject(info) && typeof info.name === "string")) {
    throw bad(`${META.clientInfo} must be an object with a name`);
  }
  if (level !== undefined && !isLogLevel(level)) {
    throw bad(`${META.logLevel} must be a log level`);
  }

  const mismatch = (what: string) => new RpcError(CODES.headerMismatch, `Header mismatch: ${what}`, undefined, 400);
  const hv = header(headers, HEADERS.version);
  if (hv === null) throw mismatch("MCP-Protocol-Version header is required");
  if (hv !== version) throw mismatch(`MCP-Protocol-Version ${hv} differs from _meta version ${version}`);
  const hm = header(headers, HEADERS.method);
  if (hm === null) throw mismatch("Mcp-Method header is required");
  if (hm !== method) throw mismatch(`Mcp-Method ${hm} differs from method ${method}`);
  const nameField = nameFieldOf(method);
  if (nameField) {
    const raw = header(headers, HEADERS.name);
    if (raw === null) throw mismatch(`Mcp-Name header is required for ${method}`);
    const decoded = decodeHeaderValue(raw);
    if (decoded === null) throw mismatch("Mcp-Name has invalid characters or invalid base64");
    if (decoded !== params[nameField]) throw mismatch(`Mcp-Name differs from params.${nameField}`);
  }

  if (version !== MODERN_VERSION) {
    throw new RpcError(
      CODES.unsupportedVersion,
      `Unsupported protocol version ${version}`,
      {
        supported: [...SUPPORTED_VERSIONS],
        requested: version,
      },
      400,
    );
  }
  ctx.era = "modern";
  ctx.protocolVersion = version;
  ctx.clientCapabilities = caps;
  ctx.clientInfo = info as ClientInfo | undefined;
  ctx.logLevel = level;
}

/**
 * docs/protocol.md, L1–L3: the version the header names (or initialize negotiates), and the
 * clientInfo initialize carries.
 */
function readLegacyEnvelope(ctx: RequestContext): void {
  const { method, params } = ctx;
  const headerVersion = readLegacyVersion(method, ctx.headers);
  // initialize carries no version header: its version is the one it negotiates, for the usage log.
  const negotiated = method === "initialize" ? negotiateLegacy(params.protocolVersion) : undefined;
  const info = method === "initialize" ? params.clientInfo : undefined;
  ctx.era = "legacy";
  ctx.protocolVersion = negotiated ?? headerVersion;
  if (isObject(info) && typeof info.name === "string") {
    ctx.clientInfo = { name: info.name, version: typeof info.version === "string" ? info.version : undefined };
  }
}

/** docs/protocol.md, L2 and L3: the legacy version comes from the header, or is 2025-03-26 when absent. */
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

/** The param that `Mcp-Name` mirrors: a tool's or prompt's name, or a resource's URI; null for other methods. */
export const nameFieldOf = (method: string): "uri" | "name" | null =>
  method === "resources/read" ? "uri" : method === "tools/call" || method === "prompts/get" ? "name" : null;

const BASE64 = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;
/** RFC 9110 field values: visible ASCII, space and tab. Anything else travels as `=?base64?…?=`. */
const FIELD_VALUE = /^[\t\x20-\x7e]*$/;
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** `value` as a header carries it: itself when it is a field value, else the base64 sentinel. */
export const encodeHeaderValue = (value: string): string =>
  FIELD_VALUE.test(value) ? value : `=?base64?${btoa(String.fromCharCode(...new TextEncoder().encode(value)))}?=`;

/**
 * Header values may be sent as `=?base64?...?=` (non-ASCII names). Only a value with both the
 * prefix and the suffix is the sentinel; anything else is literal (SEP-2243 test table).
 * Returns null for invalid characters or malformed base64.
 */
export function decodeHeaderValue(raw: string): string | null {
  if (!FIELD_VALUE.test(raw)) return null;
  if (!(raw.startsWith("=?base64?") && raw.endsWith("?=") && raw.length >= 11)) return raw;
  const m = BASE64.exec(raw);
  if (!m || m[1].length % 4 !== 0) return null;
  try {
    const bytes = Uint8Array.from(atob(m[1]), (c) => c.charCodeAt(0));
    return UTF8.decode(bytes);
  } catch {
    return null;
  }
}
