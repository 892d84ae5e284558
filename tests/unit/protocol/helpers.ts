/** Request builders and a response reader for the in-process protocol tests (docs/protocol.md, Decisions). */
import { post, URL_MCP } from "../../helpers/app.ts";

export const V = { modern: "2026-07-28", legacy: ["2025-11-25", "2025-06-18", "2025-03-26"] } as const;

export const META = {
  version: "io.modelcontextprotocol/protocolVersion",
  caps: "io.modelcontextprotocol/clientCapabilities",
  info: "io.modelcontextprotocol/clientInfo",
  logLevel: "io.modelcontextprotocol/logLevel",
  serverInfo: "io.modelcontextprotocol/serverInfo",
} as const;

/** A complete, valid 2026-07-28 `_meta`. */
export const fullMeta = (extra: Record<string, unknown> = {}) => ({
  [META.version]: V.modern,
  [META.caps]: {},
  [META.info]: { name: "protocol-test", version: "1" },
  ...extra,
});

export interface ModernOptions {
  id?: string | number;
  /** Replaces `_meta`; `null` sends none. */
  meta?: Record<string, unknown> | null;
  /** Headers merged over the valid ones; a value of `null` removes that header. */
  headers?: Record<string, string | null>;
}

/** A 2026-07-28 request with every header right unless told otherwise (unlike modern(), every part can be varied). */
export function modernReq(method: string, params: Record<string, unknown> = {}, o: ModernOptions = {}) {
  const name =
    method === "resources/read"
      ? params.uri
      : method === "tools/call" || method === "prompts/get"
        ? params.name
        : undefined;
  const base: Record<string, string | null> = { "mcp-protocol-version": V.modern, "mcp-method": method };
  if (typeof name === "string") base["mcp-name"] = name;
  const merged = { ...base, ...o.headers };
  const headers = Object.fromEntries(Object.entries(merged).filter((e): e is [string, string] => e[1] !== null));
  const withMeta = o.meta === null ? params : { ...params, _meta: o.meta ?? fullMeta() };
  return post({ jsonrpc: "2.0", id: o.id ?? 1, method, params: withMeta }, headers);
}

/** A legacy request; `version` becomes the MCP-Protocol-Version header (omit it for 2025-03-26 clients). */
export function legacyReq(method: string, params?: Record<string, unknown>, version?: string, id: string | number = 1) {
  return post(
    { jsonrpc: "2.0", id, method, ...(params ? { params } : {}) },
    version ? { "mcp-protocol-version": version } : {},
  );
}

export const init = (protocolVersion: string, id: string | number = 1) =>
  legacyReq(
    "initialize",
    { protocolVersion, capabilities: {}, clientInfo: { name: "protocol-test", version: "1" } },
    undefined,
    id,
  );

/** A raw request to the in-process endpoint (any method, headers and body). */
export const raw = (init: RequestInit & { headers?: Record<string, string> }) => new Request(URL_MCP, init);

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body, or undefined for an empty body. */
  body: any;
}

export async function read(res: Response): Promise<Reply> {
  const text = await res.text();
  const type = res.headers.get("content-type") ?? "";
  const body = text === "" ? undefined : type.includes("text/event-stream") ? parseSse(text) : JSON.parse(text);
  return { status: res.status, headers: res.headers, text, body };
}

/** SSE body → the JSON messages of its `data:` lines, in order. */
export function parseSse(text: string): unknown[] {
  return text
    .split("\n")
    .filter((l) => l.startsWith("data: "))
    .map((l) => JSON.parse(l.slice(6)));
}
