/**
 * Variants (b) and (c) of the benchmark: the same tools over the same catalog and component
 * source, served by the official SDK's recommended stateless pattern: a new McpServer and a new
 * WebStandardStreamableHTTPServerTransport per request, JSON responses, no session ids.
 * Only the protocol layer differs from our endpoint: every tool call runs our tool's own `run`.
 * Web-standard only (no `node:` imports): it runs under Deno and Node, and bundles for the edge.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import { SERVER_NAME, SERVER_TITLE, SERVER_VERSION } from "../src/config.ts";
import type { Deps } from "../src/deps.ts";
import { allowAll } from "../src/entitlement.ts";
import { INSTRUCTIONS } from "../src/instructions.ts";
import { Prebuilt } from "../src/mcp/wire.ts";
import type { RequestContext } from "../src/mcp/context.ts";
import { type ToolOutcome, toolResult } from "../src/mcp/tool.ts";
import { tools } from "../src/tools/index.ts";

export interface SdkOptions {
  deps: Deps;
  /**
   * (c): one validator shared by every per-request server, the SDK's documented
   * `jsonSchemaValidator` option. Without it (b), each `new McpServer` builds its own Ajv instance.
   */
  validator?: jsonSchemaValidator;
}

/** Our rendering of a tool's outcome, as the plain result object the SDK takes (its JSON is the SDK's to write). */
const render = (outcome: ToolOutcome) => {
  const result = toolResult(outcome);
  return result instanceof Prebuilt ? result.value : result;
};

export function createSdkHandler({ deps, validator }: SdkOptions): (req: Request) => Promise<Response> {
  const caller = {};
  return async (req) => {
    // Our tools read only `deps` and `url` (get_component names its install command on the request's origin).
    const ctx = { deps, url: req.url } as RequestContext<Deps>;
    const server = new McpServer(
      { name: SERVER_NAME, title: SERVER_TITLE, version: SERVER_VERSION },
      {
        capabilities: { tools: { listChanged: false } },
        instructions: INSTRUCTIONS,
        ...(validator && { jsonSchemaValidator: validator }),
      },
    );
    for (const tool of tools) {
      server.registerTool(
        tool.name,
        {
          title: tool.title,
          description: tool.description,
          inputSchema: tool.input as never,
          annotations: tool.annotations,
        },
        (async (args: unknown) => {
          if (tool.returnsCode) {
            const decision = await allowAll(caller, tool.name, args);
            if (!decision.allow) return render({ ok: false, error: decision.error });
          }
          return render(await tool.run(args as never, ctx));
        }) as never,
      );
    }
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(req);
    } finally {
      await server.close();
    }
  };
}
