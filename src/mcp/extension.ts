/**
 * Extensions: what a server is created with beyond its tools and resources, through one hook,
 * `createServer({ extensions })`. Both kinds are extensions: MCP protocol extensions (the MCP Apps
 * view, src/apps/preview.ts) and protocol features no production tool uses (prompts, completion,
 * logging and progress, MRTR, Mcp-Param headers, required client capabilities:
 * tests/conformance/extensions/), which only the conformance fixture registers. The core never imports an
 * extension; an extension imports the core. A client that takes none of them gets exactly what a
 * server without them answers.
 */
import type { Era, Report, RequestContext } from "./context.ts";
import type { Params, RpcResult } from "./jsonrpc.ts";
import type { Resource } from "./resource.ts";
import type { ListedTool } from "./tool.ts";

/**
 * What a method made of a request: its result, and what the request came to when that is more than
 * `ok` (a tool's error code, `input_required`), with what a tool reported. The server turns it into
 * the request's `Outcome` (context.ts); nothing else records it.
 */
export interface Handled {
  result: RpcResult;
  status?: string;
  report?: Report;
}

/** Serves one method: params in, what it made of them out, or an RpcError thrown. */
export type Handler<D> = (params: Params, ctx: RequestContext<D>) => Promise<Handled>;

export interface Method<D> {
  handle: Handler<D>;
  /** The one era that serves it (2026-07-28 removed initialize, ping, logging/setLevel); both when absent. */
  era?: Era;
  /** A list: its 2026-07-28 result carries the cache hints. */
  list?: boolean;
}

export interface Extension<D = unknown> {
  /** Merged into the server's capabilities (initialize, server/discover); `extensions` is merged one level deeper. */
  capabilities?: Record<string, unknown>;
  /** Added to the method table; a name the core or another extension serves is refused at creation. */
  methods?: Record<string, Method<D>>;
  /** `_meta` merged into tools/list entries, by tool name, for the requests `appliesTo` accepts. */
  toolMeta?: { appliesTo(request: RequestContext<D>): boolean; byTool: Record<string, Record<string, unknown>> };
  /** Resources served by resources/read and left out of resources/list. */
  resources?: Resource<D>[];
  /** tools/call, once the tool is found and before its arguments are read: throws an RpcError to refuse. */
  checkTool?(tool: ListedTool<D>, request: RequestContext<D>): void;
  /**
   * tools/call, around the tool's run and the rendering of its outcome (arguments valid, caller
   * entitled): `next` runs it; what this returns is the call's result.
   */
  aroundTool?(request: RequestContext<D>, next: () => Promise<Handled>): Promise<Handled>;
}

/** A tools/list entry with the `_meta` of `extensions` merged in (the entry itself when none adds any). */
export function withToolMeta(
  entry: Record<string, unknown>,
  extensions: readonly Extension<any>[],
): Record<string, unknown> {
  const metas = extensions.map((e) => e.toolMeta?.byTool[entry.name as string]).filter((m) => m !== undefined);
  if (!metas.length) return entry;
  return { ...entry, _meta: Object.assign({}, entry._meta as Record<string, unknown> | undefined, ...metas) };
}
