/**
 * The MCP Server Card (SEP-2127 draft) at /.well-known/mcp/server-card.json, generated from the live
 * server: tools and resources come from `listTools()` and `listResources()`, so the card cannot
 * drift from tools/list or resources/list.
 */
import { SUPPORTED_VERSIONS } from "../mcp/constants.ts";
import type { McpServer } from "../mcp/server.ts";

export { CARD_PATH } from "./card-path.ts";
export const CARD_SCHEMA = "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json";
/** SEP-2127 wants a reverse-DNS name with one slash; the serverInfo name stays `patttterns-mcp`. */
export const CARD_NAME_NAMESPACE = "com.patttterns";

export function serverCard(server: McpServer<any>, mcpUrl: string) {
  const { info } = server;
  return {
    $schema: CARD_SCHEMA,
    name: `${CARD_NAME_NAMESPACE}/${info.name}`,
    version: info.version,
    title: info.title,
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

/** Public metadata: any origin may read it (SEP-2127 CORS requirements). */
const CARD_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "X-Content-Type-Options": "nosniff",
};

/** Serves the card; the remote URL is the request's own origin, so previews and local runs point at themselves. */
export function cardHandler(server: McpServer<any>) {
  return (req: Request): Response => {
    if (req.method === "OPTIONS")
      return new Response(null, { status: 204, headers: { ...CARD_HEADERS, "Access-Control-Max-Age": "86400" } });
    if (req.method !== "GET" && req.method !== "HEAD") {
      return Response.json(
        { error: "Method not allowed: use GET" },
        { status: 405, headers: { ...CARD_HEADERS, Allow: "GET, HEAD, OPTIONS" } },
      );
    }
    const origin = new URL(req.url).origin;
    const body = JSON.stringify(serverCard(server, `${origin}/mcp`), null, 2);
    return new Response(req.method === "HEAD" ? null : body, {
      status: 200,
      // The tool table changes only on deploy; an hour matches the tools/list cache hint.
      headers: { ...CARD_HEADERS, "Content-Type": "application/json", "Cache-Control": "public, max-age=3600" },
    });
  };
}
