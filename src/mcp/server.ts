/**
 * The MCP method table for both eras. Transport-agnostic: it takes one classified request plus
 * what the HTTP layer learned, and returns a JSON-RPC result or throws RpcError.
 */
import { CACHE_HINTS, MODERN_VERSION, SUPPORTED_VERSIONS } from "../config.ts";
import type { RequestContext } from "./context.ts";
import { CODES, isObject, type Params, type Result, RpcError, clip } from "./jsonrpc.ts";
import { isLogLevel, META, type ParamHeader } from "./era.ts";
import { toolCaller } from "./call-tool.ts";
import { type Extension, withToolMeta } from "./extension.ts";
import { readInput, renderInputRequired, stateSealer } from "./mrtr.ts";
import { asciiJson, Prebuilt, prebuilt } from "./prebuilt.ts";
import type { Prompt, Resource, ResourceTemplate } from "./resource.ts";
import { describeTool, type EntitlementPolicy, type ListedTool, paramHeaders } from "./tool.ts";

export interface ServerInfo {
  name: string;
  title?: string;
  version: string;
  description?: string;
  websiteUrl?: string;
}

export interface ServerOptions<D> {
  info: ServerInfo;
  instructions: string;
  tools: ListedTool<D>[];
  resources?: Resource<D>[];
  templates?: ResourceTemplate<D>[];
  prompts?: Prompt<D>[];
  entitlement?: EntitlementPolicy;
  /** Advertise `logging`: tools may log (see notify.ts); legacy `logging/setLevel` is acknowledged. */
  logging?: boolean;
  /** Serves `completion/complete` for prompt and template arguments; advertises `completions`. */
  complete?: (params: Params, deps: D) => Promise<Completion>;
  /** HMAC secret for MRTR requestState; set it when several isolates may serve one retry chain. */
  stateSecret?: string;
  /** Opt-in protocol extensions (see extension.ts), advertised under `capabilities.extensions`. */
  extensions?: Extension<D>[];
}

export interface Completion {
  values: string[];
  total?: number;
  hasMore?: boolean;
}

type Handler<D> = (params: Params, ctx: RequestContext<D>) => Promise<Result>;

export interface McpServer<D> {
  info: ServerInfo;
  capabilities: Record<string, unknown>;
  tools: ListedTool<D>[];
  /** Every tool as tools/list shows it to a client that takes every extension (the server card's list). */
  listTools(): Record<string, unknown>[];
  /** The `Mcp-Param-*` headers a tool's arguments require (empty for unknown tools). */
  paramHeaders(tool: string): ParamHeader[];
  /** Serves one request; throws RpcError for protocol faults. */
  call(ctx: RequestContext<D>): Promise<Result>;
}

const str = (v: unknown) => (typeof v === "string" ? v : undefined);

export function createServer<D>(opts: ServerOptions<D>): McpServer<D> {
  const { info, instructions, tools, resources = [], templates = [], prompts = [], extensions = [] } = opts;
  const sealer = stateSealer(opts.stateSecret);
  const promptsByName = new Map(prompts.map((p) => [p.name, p]));
  const capabilities: Record<string, unknown> = { tools: { listChanged: false } };
  if (resources.length || templates.length) capabilities.resources = { listChanged: false, subscribe: false };
  if (prompts.length) capabilities.prompts = { listChanged: false };
  if (opts.logging) capabilities.logging = {};
  if (opts.complete) capabilities.completions = {};
  if (extensions.length) capabilities.extensions = Object.fromEntries(extensions.map((e) => [e.id, {}]));
  const unlisted = extensions.flatMap((e) => e.resources);

  let toolList: Record<string, unknown>[] | undefined;
  // Built on first use from each tool's inputSchema, converted from zod at build time (npm run build:schemas).
  const listTools = () => (toolList ??= tools.map((t) => withToolMeta(describeTool(t), extensions)));
  // One prebuilt result per set of extensions a client takes, keyed by their ids (the list only changes on deploy).
  const toolLists = new Map<string, Prebuilt<object>>();
  const toolListFor = (ctx: RequestContext) => {
    const taken = extensions.filter((e) => e.appliesTo(ctx));
    const key = taken.map((e) => e.id).join();
    let out = toolLists.get(key);
    if (!out) toolLists.set(key, (out = prebuilt({ tools: taken.length === extensions.length ? listTools() : tools.map((t) => withToolMeta(describeTool(t), taken)) })));
    return out;
  };
  let headerSpecs: Map<string, ParamHeader[]> | undefined;
  const headersOf = (name: string) =>
    (headerSpecs ??= new Map(listTools().map((t) => [t.name as string, paramHeaders(t.inputSchema as Record<string, unknown>)]))).get(name) ?? [];
  const serverInfo = { name: info.name, title: info.title, version: info.version };
  // Implementation fields by revision: title arrived in 2025-06-18, description and websiteUrl in 2025-11-25.
  const legacyInfo = (version: string) =>
    version >= "2025-11-25" ? { ...serverInfo, description: info.description, websiteUrl: info.websiteUrl }
    : version >= "2025-06-18" ? serverInfo
    : { name: info.name, version: info.version };

  const shared: Record<string, Handler<D>> = {
    // Prebuilt: the list only changes on deploy, so its JSON is built once.
    "tools/list": async (_params, ctx) => toolListFor(ctx),
    "tools/call": toolCaller(tools, { entitlement: opts.entitlement, logging: !!opts.logging, sealer }),
    "resources/list": async () => ({
      resources: resources.map(({ uri, name, title, description, mimeType }) => ({ uri, name, title, description, mimeType })),
    }),
    "resources/templates/list": async () => ({
      resourceTemplates: templates.map(({ uriTemplate, name, title, description, mimeType }) => ({ uriTemplate, name, title, description, mimeType })),
    }),
    "resources/read": async (params, ctx) => {
      const uri = str(params.uri);
      if (uri === undefined) throw new RpcError(CODES.invalidParams, "params.uri must be a string");
      // Like tools: a policy that denies is asked before anything is read.
      const entitled = async (returnsCode?: boolean) => {
        if (!returnsCode || !opts.entitlement) return;
        const decision = await opts.entitlement(ctx, "resources/read", { uri });
        if (decision.allow) return;
        ctx.outcome.status = decision.error.code;
        throw new RpcError(CODES.serverError, decision.error.message, { ...decision.error, uri });
      };
      const fixed = resources.find((r) => r.uri === uri) ?? unlisted.find((r) => r.uri === uri);
      if (fixed) await entitled(fixed.returnsCode);
      let read = fixed ? await fixed.read(ctx.deps) : null;
      for (const t of templates) {
        if (read) break;
        await entitled(t.returnsCode);
        read = await t.read(uri, ctx.deps);
      }
      if (!read || read.contents.length === 0) {
        ctx.outcome.status = "resource_not_found";
        if (ctx.era === "modern") throw new RpcError(CODES.invalidParams, `Resource not found: ${clip(uri)}`, { uri });
        throw new RpcError(CODES.resourceNotFoundLegacy, `Resource not found: ${clip(uri)}`, { uri });
      }
      const out: Record<string, unknown> = { contents: read.contents };
      if (ctx.era === "modern") Object.assign(out, read.cache ?? CACHE_HINTS.mutable);
      return out;
    },
  };
  if (prompts.length) {
    shared["prompts/list"] = async () => ({
      prompts: prompts.map(({ name, title, description, arguments: a }) => ({ name, title, description, arguments: a })),
    });
    shared["prompts/get"] = async (params, ctx) => {
      const prompt = promptsByName.get(str(params.name) ?? "");
      if (!prompt) throw new RpcError(CODES.invalidParams, `Unknown prompt: ${clip(params.name)}`);
      const args = isObject(params.arguments) ? params.arguments : {};
      const missing = (prompt.arguments ?? []).filter((a) => a.required && typeof args[a.name] !== "string").map((a) => a.name);
      if (missing.length) throw new RpcError(CODES.invalidParams, `Prompt ${prompt.name} needs arguments: ${missing.join(", ")}`);
      const input = await readInput(params, sealer);
      const out = await prompt.get(args as Record<string, string>, ctx.deps, { input, clientCapabilities: ctx.clientCapabilities });
      if (!("input" in out)) return { ...out };
      if (ctx.era !== "modern") throw new RpcError(CODES.invalidParams, `Prompt ${prompt.name} needs client input, which requires MCP 2026-07-28`);
      return renderInputRequired(out.input, true, sealer);
    };
  }
  if (opts.complete) {
    const complete = opts.complete;
    shared["completion/complete"] = async (params, ctx) => ({ completion: await complete(params, ctx.deps) });
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
  // Removed in 2026-07-28 (logLevel travels in _meta); legacy: acknowledged, nothing is stored.
  if (opts.logging) {
    legacy["logging/setLevel"] = async (params) => {
      if (!isLogLevel(params.level)) throw new RpcError(CODES.invalidParams, "params.level must be a log level");
      return {};
    };
  }

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
  const meta = { [META.serverInfo]: serverInfo };
  const envelopes = { list: { ...CACHE_HINTS.lists, _meta: meta }, plain: { _meta: meta } };
  // What the 2026 envelope adds after a result's own members, as wire JSON: `"ttlMs":…,"_meta":{…}}`.
  const tails = { list: asciiJson(JSON.stringify(envelopes.list)).slice(1), plain: asciiJson(JSON.stringify(envelopes.plain)).slice(1) };
  const ENVELOPE_KEYS = ["resultType", "ttlMs", "cacheScope", "_meta"];

  return {
    info,
    capabilities,
    tools,
    listTools,
    paramHeaders: headersOf,
    async call(ctx) {
      const { method, params } = ctx;
      const modernEra = ctx.era === "modern";
      const handler = Object.hasOwn(modernEra ? modern : legacy, method) ? (modernEra ? modern : legacy)[method] : undefined;
      if (!handler) throw new RpcError(CODES.methodNotFound, `Method not found: ${clip(method)}`, undefined, modernEra ? 404 : 200);
      const out = await handler(params, ctx);
      if (!modernEra) return out;
      const list = cachedLists.has(method);
      const wrapped = { resultType: "complete", ...(out instanceof Prebuilt ? out.value : out), ...envelopes[list ? "list" : "plain"] };
      if (!(out instanceof Prebuilt) || ENVELOPE_KEYS.some((k) => k in out.value)) return wrapped;
      // A prebuilt result's envelope is joined from its JSON, not serialized again.
      const members = out.json.slice(1, -1);
      return new Prebuilt(wrapped, `{"resultType":"complete",${members}${members === "" ? "" : ","}${tails[list ? "list" : "plain"]}`);
    },
  };
}
