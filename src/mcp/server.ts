/**
 * The MCP server: its method table for both eras, assembled from the core's methods (lifecycle,
 * tools, resources) and its extensions' (extension.ts). Transport-agnostic: it dispatches one request
 * context (its envelope checked, then its method) and returns the result or the protocol error in its
 * place, with what the request came to. It never throws.
 */
import type { Outcome, RequestContext } from "./context.ts";
import { classifyEra, readEnvelope } from "./era.ts";
import type { Extension, Method } from "./extension.ts";
import { toolCaller } from "./call-tool.ts";
import { CODES, internalError, RpcError, type RpcResult, clip } from "./jsonrpc.ts";
import { lifecycleMethods, type ServerInfo } from "./lifecycle.ts";
import { toolLister } from "./list-tools.ts";
import { modernEnvelope } from "./modern-result.ts";
import { listedResource, resourceMethods } from "./read-resource.ts";
import type { Resource, ResourceTemplate } from "./resource.ts";
import type { ArgumentsError, EntitlementPolicy, ListedTool } from "./tool.ts";

export type { ServerInfo };

export interface ServerOptions<D> {
  info: ServerInfo;
  instructions: string;
  tools: ListedTool<D>[];
  /** The error a call gets when its arguments fail the tool's schema: the app's own error model. */
  argumentsError: ArgumentsError;
  resources?: Resource<D>[];
  templates?: ResourceTemplate<D>[];
  entitlement?: EntitlementPolicy;
  /**
   * Opt-in additions, through one hook (extension.ts): MCP protocol extensions such as the MCP Apps
   * view, and the protocol features no production tool uses (tests/conformance/extensions/).
   */
  extensions?: Extension<D>[];
}

export interface McpServer<D> {
  info: ServerInfo;
  capabilities: Record<string, unknown>;
  tools: ListedTool<D>[];
  /** Every tool as tools/list shows it to a client that takes every extension (the server card's list). */
  listTools(): Record<string, unknown>[];
  /** The resources as resources/list shows them (the server card's list). */
  listResources(): Record<string, unknown>[];
  /** Serves one request: never throws; a protocol fault is its `error`. */
  dispatch(ctx: RequestContext<D>): Promise<Dispatched>;
}

/** What the server made of one request: its result, or the protocol error in its place, and its outcome. */
export type Dispatched = { outcome: Outcome } & ({ result: RpcResult; error?: never } | { error: RpcError });

export function createServer<D>(opts: ServerOptions<D>): McpServer<D> {
  const { info, instructions, tools, resources = [], templates = [], extensions = [] } = opts;
  const capabilities = capabilitiesOf(resources.length + templates.length > 0, extensions);
  const lister = toolLister(tools, extensions);
  const unlisted = extensions.flatMap((e) => e.resources ?? []);
  const methods = methodTable<D>(
    {
      ...lifecycleMethods(info, capabilities, instructions),
      "tools/list": lister.method,
      "tools/call": { handle: toolCaller(tools, extensions, opts.argumentsError, opts.entitlement) },
      ...resourceMethods(resources, templates, unlisted, opts.entitlement),
    },
    extensions,
  );
  const modern = modernEnvelope(info);
  const toolNames = new Set(tools.map((t) => t.name));
  /** The tool a tools/call names, when it is one of ours: recorded whatever the call then comes to. */
  const toolOf = (ctx: RequestContext<D>) =>
    ctx.method === "tools/call" && toolNames.has(ctx.params.name as string) ? (ctx.params.name as string) : undefined;

  return {
    info,
    capabilities,
    tools,
    listTools: lister.listTools,
    listResources: () => resources.map(listedResource),
    async dispatch(ctx) {
      let tool: string | undefined;
      try {
        // The envelope first (docs/protocol.md, M1–M3, L2): it sets the request's era.
        readEnvelope(ctx, classifyEra(ctx.method, ctx.params, ctx.headers));
        tool = toolOf(ctx);
        const method = methods.get(ctx.method);
        // 2026-07-28: an unknown, removed or unadvertised method is 404 (SH §Protocol Version Header).
        if (!method || (method.era && method.era !== ctx.era)) {
          const httpStatus = ctx.era === "modern" ? 404 : 200;
          throw new RpcError(CODES.methodNotFound, `Method not found: ${clip(ctx.method)}`, undefined, httpStatus);
        }
        const { result, status = "ok", report } = await method.handle(ctx.params, ctx);
        return {
          result: ctx.era === "modern" ? modern(result, !!method.list) : result,
          outcome: { status, tool, report },
        };
      } catch (e) {
        const error = e instanceof RpcError ? e : internalError(e);
        return { error, outcome: { status: `rpc_${error.code}`, tool } };
      }
    },
  };
}

/** Tools always; resources when there are any; then what each extension adds, in the order given. */
function capabilitiesOf(hasResources: boolean, extensions: Extension<any>[]): Record<string, unknown> {
  const capabilities: Record<string, unknown> = { tools: { listChanged: false } };
  if (hasResources) capabilities.resources = { listChanged: false, subscribe: false };
  for (const e of extensions) {
    for (const [key, value] of Object.entries(e.capabilities ?? {})) {
      const merged = key === "extensions" ? { ...(capabilities.extensions as object), ...(value as object) } : value;
      capabilities[key] = merged;
    }
  }
  return capabilities;
}

function methodTable<D>(core: Record<string, Method<D>>, extensions: Extension<D>[]): Map<string, Method<D>> {
  const table = new Map(Object.entries(core));
  for (const e of extensions) {
    for (const [name, method] of Object.entries(e.methods ?? {})) {
      if (table.has(name)) throw new Error(`${name} is served twice: an extension adds methods, it replaces none`);
      table.set(name, method);
    }
  }
  return table;
}
