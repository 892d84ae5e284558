/**
 * The MCP Server Cards (docs/protocol.md, "Server cards"), generated from the live server:
 * - at `/mcp/server-card`, the server-card extension's draft (modelcontextprotocol/
 *   experimental-ext-server-card): identity and connection only, as `application/mcp-server-card+json`,
 *   with an ETag that `If-None-Match` revalidates;
 * - at `/.well-known/mcp/server-card.json`, the earlier SEP-2127 draft, as before: tools and resources
 *   from `listTools()` and `listResources()`, so it cannot drift from tools/list or resources/list.
 */
import { hex } from "../hex.ts";
import { SUPPORTED_VERSIONS } from "../mcp/constants.ts";
import type { McpServer } from "../mcp/server.ts";
import { SERVER_CARD_PATH } from "./card-path.ts";

export { CARD_PATH, SERVER_CARD_PATH } from "./card-path.ts";
export const CARD_SCHEMA = "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json";
/** SEP-2127 wants a reverse-DNS name with one slash; the serverInfo name stays `patttterns-mcp`. */
export const CARD_NAME_NAMESPACE = "com.patttterns";
export const SERVER_CARD_MEDIA_TYPE = "application/mcp-server-card+json";
/**
 * The server in at most 100 characters, as the extension's card and the MCP Registry's server.json
 * require; it says what serverInfo's longer description says.
 */
export const CARD_DESCRIPTION =
  "Search a catalog of UI interaction patterns and fetch byte-exact, versioned React + Tailwind TSX.";

/** What both cards say first: the schema, and the server's name, version and title as serverInfo has them. */
const identity = ({ info }: McpServer<any>) => ({
  $schema: CARD_SCHEMA,
  name: `${CARD_NAME_NAMESPACE}/${info.name}`,
  version: info.version,
  title: info.title,
});

/** The earlier SEP-2127 card, with the server's capabilities, resources and tools. */
export function serverCard(server: McpServer<any>, mcpUrl: string) {
  const { info } = server;
  return {
    ...identity(server),
    description: info.description,
    websiteUrl: info.websiteUrl,
    remotes: [
      {
        type: "streamable-http",
        url: mcpUrl,
        supportedProtocolVersions: [...SUPPORTED_VERSIONS],
        authentication: { required: false, schemes: [] },
      },
    ],
    capabilities: server.capabilities,
    resources: server.listResources(),
    tools: server.listTools(),
  };
}

/**
 * The extension's card: what a client needs to discover and connect, nothing it lists at run time
 * (tools, resources and prompts stay with the protocol's list methods).
 */
export function extensionCard(server: McpServer<any>, mcpUrl: string) {
  return {
    ...identity(server),
    description: CARD_DESCRIPTION,
    websiteUrl: server.info.websiteUrl,
    remotes: [{ type: "streamable-http", url: mcpUrl, supportedProtocolVersions: [...SUPPORTED_VERSIONS] }],
  };
}

/** Public metadata: any origin may read it (SEP-2127 CORS requirements). */
const CARD_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "X-Content-Type-Options": "nosniff",
};
/** The extension's CORS: a browser may revalidate with If-None-Match and read the ETag. */
const EXTENSION_HEADERS = {
  ...CARD_HEADERS,
  "Access-Control-Allow-Headers": "Content-Type, If-None-Match",
  "Access-Control-Expose-Headers": "ETag",
};
/** The tool table changes only on deploy; an hour matches the tools/list cache hint and the extension's advice. */
const CACHE = "public, max-age=3600";

/** Whether `If-None-Match` names `etag` (or `*`), weak or strong. */
const matches = (ifNoneMatch: string | null, etag: string) =>
  ifNoneMatch?.split(",").some((t) => t.trim().replace(/^W\//, "") === etag || t.trim() === "*") === true;

/** Serves both cards; the remote URL is the request's own origin, so previews and local runs point at themselves. */
export function cardHandler(server: McpServer<any>) {
  return async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    const extension = url.pathname === SERVER_CARD_PATH;
    const headers = extension ? EXTENSION_HEADERS : CARD_HEADERS;
    if (req.method === "OPTIONS")
      return new Response(null, { status: 204, headers: { ...headers, "Access-Control-Max-Age": "86400" } });
    if (req.method !== "GET" && req.method !== "HEAD") {
      return Response.json(
        { error: "Method not allowed: use GET" },
        { status: 405, headers: { ...headers, Allow: "GET, HEAD, OPTIONS" } },
      );
    }
    const mcpUrl = `${url.origin}/mcp`;
    if (!extension) {
      const body = JSON.stringify(serverCard(server, mcpUrl), null, 2);
      return new Response(req.method === "HEAD" ? null : body, {
        status: 200,
        headers: { ...headers, "Content-Type": "application/json", "Cache-Control": CACHE },
      });
    }
    const body = JSON.stringify(extensionCard(server, mcpUrl), null, 2);
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body));
    const etag = `"${hex(digest).slice(0, 32)}"`;
    const cached = { ...headers, ETag: etag, "Cache-Control": CACHE };
    if (matches(req.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers: cached });
    return new Response(req.method === "HEAD" ? null : body, {
      status: 200,
      headers: { ...cached, "Content-Type": SERVER_CARD_MEDIA_TYPE },
    });
  };
}
