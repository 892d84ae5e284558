/**
 * The MCP method table for both eras. Transport-agnostic: it takes one classified request plus
 * what the HTTP layer learned, and returns a JSON-RPC result or throws RpcError.
 */
import { CACHE_HINTS, MODERN_VERSION, SUPPORTED_VERSIONS } from "../config.ts";
import { CODES, type Params, RpcError } from "./jsonrpc.ts";
import { type Envelope, META } from "./era.ts";
import type { Prompt, Resource, ResourceTemplate } from "./resource.ts";
import { type Caller, describeTool, fail, invalidArgs, renderOutcome, type Subject, type Tool } from "./tool.ts";
import type { DomainError } from "../errors.ts";

export interface ServerInfo {
  name: string;
  title?: string;
  version: string;
  description?: string;
  websiteUrl?: string;
}

export type Decision = { allow: true } | { allow: false; error: DomainError };
/** Decides whether a caller may receive component code. Runs before the tool, so a denial reads nothing. */
export type EntitlementPolicy = (caller: Caller, tool: string, args: unknown) => Promise<Decision> | Decision;

export interface ServerOptions<D> {
  info: ServerInfo;
  instructions: string;
  tools: Tool<D, any>[];
  resources?: Resource<D>[];
  templates?: ResourceTemplate<D>[];
  prompts?: Prompt<D>[];
  entitlement?: EntitlementPolicy;
}

/** Filled in while a request is served; the usage layer reads it afterwards. */
export interface Trace {
  tool?: string;
  status: string;
  subject?: Subject;
}

export interface CallContext<D> {
  envelope: Envelope;
  caller: Caller;
  deps: D;
  trace: Trace;
}

type Handler<D> = (params: Params, ctx: CallContext<D>) => Promise<Record<string, unknown>>;

export interface McpServer<D> {
  info: ServerInfo;
  capabilities: Record<string, unknown>;
  tools: Tool<D, any>[];
  listTools(): Record<string, unknown>[];
  /** Serves one request; throws RpcError for protocol faults. */
  call(method: string, params: Params | undefined, ctx: CallContext<D>): Promise<Record<string, unknown>>;
}

const str = (v: unknown) => (typeof v === "string" ? v : undefined);

export function createServer<D>(opts: ServerOptions<D>): McpServer<D> {
  const { info, instructions, tools, resources = [], templates = [], prompts = [] } = opts;
  const toolsByName = new Map(tools.map((t) => [t.name, t]));
  const promptsByName = new Map(prompts.map((p) => [p.name, p]));
  const capabilities: Record<string, unknown> = { tools: { listChanged: false } };
  if (resources.length || templates.length) capabilities.resources = { listChanged: false, subscribe: false };
  if (prompts.length) capabilities.prompts = { listChanged: false };

  let toolList: Record<string, unknown>[] | undefined;
  // Generated on first use: JSON Schema generation is cheap but not free on a cold isolate.
  const listTools = () => (toolList ??= tools.map(describeTool));
  const serverInfo = { name: info.name, title: info.title, version: info.version };
  const legacyInfo = (version: string) =>
    version >= "2025-11-25" ? { ...serverInfo, description: info.description, websiteUrl: info.websiteUrl } : serverInfo;

  const shared: Record<string, Handler<D>> = {
    "tools/list": async () => ({ tools: listTools() }),
    "tools/call": async (params, ctx) => {
      const name = str(params.name);
      const tool = name === undefined ? undefined : toolsByName.get(name);
      if (!tool) throw new RpcError(CODES.invalidParams, `Unknown tool: ${String(name)}`, { tool: name });
      ctx.trace.tool = tool.name;
      if (ctx.envelope.era === "modern" && tool.requires) {
        const missing = Object.keys(tool.requires).filter((k) => !(k in ctx.envelope.clientCapabilities));
        if (missing.length) {
          throw new RpcError(CODES.missingClientCapability, `Tool ${tool.name} needs client capabilities: ${missing.join(", ")}`, {
            requiredCapabilities: Object.fromEntries(missing.map((k) => [k, tool.requires![k]])),
          }, 400);
        }
      }
      const args = params.arguments ?? {};
      const parsed = tool.input.safeParse(args);
      let outcome;
      if (!parsed.success) outcome = fail(invalidArgs(parsed.error, tool.name));
      else {
        const decision = tool.returnsCode && opts.entitlement ? await opts.entitlement(ctx.caller, tool.name, parsed.data) : { allow: true as const };
        outcome = decision.allow ? await tool.run(parsed.data, { deps: ctx.deps, caller: ctx.caller }) : fail(decision.error);
      }
      ctx.trace.status = outcome.ok ? "ok" : outcome.error.code;
      ctx.trace.subject = outcome.subject;
      return renderOutcome(outcome);
    },
    "resources/list": async () => ({
      resources: resources.map(({ uri, name, title, description, mimeType }) => ({ uri, name, title, description, mimeType })),
    }),
    "resources/templates/list": async () => ({
      resourceTemplates: templates.map(({ uriTemplate, name, title, description, mimeType }) => ({ uriTemplate, name, title, description, mimeType })),
    }),
    "resources/read": async (params, ctx) => {
      const uri = str(params.uri);
      if (uri === undefined) throw new RpcError(CODES.invalidParams, "params.uri must be a string");
      const fixed = resources.find((r) => r.uri === uri);
      let read = fixed ? await fixed.read(ctx.deps) : null;
      for (const t of templates) {
        if (read) break;
        read = await t.read(uri, ctx.deps);
      }
      if (!read || read.contents.length === 0) {
        ctx.trace.status = "resource_not_found";
        if (ctx.envelope.era === "modern") throw new RpcError(CODES.invalidParams, `Resource not found: ${uri}`, { uri });
        throw new RpcError(CODES.resourceNotFoundLegacy, `Resource not found: ${uri}`, { uri });
      }
      const out: Record<string, unknown> = { contents: read.contents };
      if (ctx.envelope.era === "modern") Object.assign(out, read.cache ?? CACHE_HINTS.mutable);
      return out;
    },
  };
  if (prompts.length) {
    shared["prompts/list"] = async () => ({
      prompts: prompts.map(({ name, description, arguments: a }) => ({ name, description, arguments: a })),
    });
    shared["prompts/get"] = async (params, ctx) => {
      const prompt = promptsByName.get(str(params.name) ?? "");
      if (!prompt) throw new RpcError(CODES.invalidParams, `Unknown prompt: ${String(params.name)}`);
      return prompt.get((params.arguments ?? {}) as Record<string, string>, ctx.deps);
    };
  }

  const legacy: Record<string, Handler<D>> = {
    ...shared,
    initialize: async (params) => {
      const asked = str(params.protocolVersion);
      const legacyVersions = SUPPORTED_VERSIONS.filter((v) => v !== MODERN_VERSION) as string[];
      const protocolVersion = asked && legacyVersions.includes(asked) ? asked : legacyVersions[0];
      return { protocolVersion, capabilities, serverInfo: legacyInfo(protocolVersion), instructions };
    },
    ping: async () => ({}),
  };

  const modern: Record<string, Handler<D>> = {
    ...shared,
    "server/discover": async () => ({
      supportedVersions: [...SUPPORTED_VERSIONS],
      capabilities,
      instructions,
      ...CACHE_HINTS.discover,
    }),
  };
  const cachedLists = new Set(["tools/list", "resources/list", "resources/templates/list", "prompts/list"]);

  return {
    info,
    capabilities,
    tools,
    listTools,
    async call(method, params = {}, ctx) {
      const modernEra = ctx.envelope.era === "modern";
      const handler = Object.hasOwn(modernEra ? modern : legacy, method) ? (modernEra ? modern : legacy)[method] : undefined;
      if (!handler) throw new RpcError(CODES.methodNotFound, `Method not found: ${method}`, undefined, modernEra ? 404 : 200);
      const out = await handler(params, ctx);
      if (!modernEra) return out;
      if (cachedLists.has(method)) Object.assign(out, CACHE_HINTS.lists);
      return { resultType: "complete", ...out, _meta: { [META.serverInfo]: serverInfo } };
    },
  };
}
