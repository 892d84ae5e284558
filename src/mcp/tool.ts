/**
 * Tools as plain values: one `defineTool` per file, a list registered with the server.
 * tools/list is generated from the same objects, so nothing is declared twice.
 */
import * as z from "zod/mini";
import "../zod-english.ts";
import { type DomainError, domainError } from "../errors.ts";
import type { LogLevel, ParamHeader } from "./era.ts";
import { jsonOf } from "./frozen-json.ts";
import { isObject } from "./jsonrpc.ts";
import type { Input, InputRequest, InputRequired } from "./mrtr.ts";

export interface Caller {
  ip?: string;
  authorization?: string;
  userAgent?: string;
  clientInfo?: { name: string; version?: string };
}

/** What a tool call resolved to, for the usage record (never code). */
export interface Subject {
  pattern_id?: string;
  version_id?: string;
}

/**
 * `content` replaces the default JSON text block (images, audio, embedded resources); `input`
 * asks the client for input first (2026-07-28 MRTR, see mrtr.ts).
 */
export type ToolOutcome =
  | { ok: true; data: unknown; subject?: Subject; content?: ContentBlock[]; input?: InputRequired }
  | { ok: false; error: DomainError; subject?: Subject };

/** An MCP content block (text, image, audio, resource, resource_link), passed through as is. */
export type ContentBlock = { type: string } & Record<string, unknown>;

export interface ToolContext<D> {
  deps: D;
  caller: Caller;
  /** Sends notifications/progress when the request carried a progressToken; otherwise a no-op. */
  progress(progress: number, total?: number, message?: string): void;
  /** Sends notifications/message when the caller asked for logs at this level (see notify.ts). */
  log(level: LogLevel, data: unknown): void;
  /** The client's answers to an earlier `needInput` (the server always sets it; optional for direct callers). */
  input?: Input;
  /** What the client declared it can do (2026-07-28 `_meta`; `{}` for legacy requests). */
  clientCapabilities?: Record<string, unknown>;
}

/**
 * A tool's input: any zod 4 schema with `safeParse`. Ours are zod/mini (a fraction of full zod's
 * bundle and import time); tests may pass full zod ones, which share the same core.
 */
export type InputSchema = z.core.$ZodType & { safeParse(data: unknown): z.core.util.SafeParseResult<unknown> };

export interface Tool<D = unknown, S extends InputSchema = InputSchema> {
  name: string;
  title?: string;
  description: string;
  input: S;
  annotations?: Record<string, boolean>;
  /** Tools that hand out component code pass through the entitlement policy first. */
  returnsCode?: boolean;
  /** Client capabilities the tool needs (2026-07-28: refused with -32021 when absent). */
  requires?: Record<string, Record<string, unknown>>;
  run(args: z.output<S>, ctx: ToolContext<D>): Promise<ToolOutcome>;
}

export const defineTool = <D, S extends InputSchema>(tool: Tool<D, S>): Tool<D, S> => tool;

export const ok = (data: unknown, subject?: Subject): ToolOutcome => ({ ok: true, data, subject });
/** A success made of explicit content blocks instead of one JSON text block. */
export const blocks = (content: ContentBlock[]): ToolOutcome => ({ ok: true, data: undefined, content });
/** Ask the client for input (elicitation, sampling, roots) and to call again with the answers. */
export const needInput = (requests: Record<string, InputRequest>, state?: unknown): ToolOutcome =>
  ({ ok: true, data: undefined, input: { requests, state } });
export const fail = (error: DomainError, subject?: Subject): ToolOutcome => ({ ok: false, error, subject });

/** The tools/list entry. No outputSchema: Claude Desktop fails tools that declare one. */
export function describeTool(tool: Tool<any, any>) {
  const inputSchema = z.toJSONSchema(tool.input, { target: "draft-2020-12", io: "input", unrepresentable: "any" });
  delete (inputSchema as Record<string, unknown>).$schema;
  const entry: Record<string, unknown> = { name: tool.name, description: tool.description, inputSchema };
  if (tool.title) entry.title = tool.title;
  if (tool.annotations) entry.annotations = tool.annotations;
  return entry;
}

/** Zod issues as one sentence the model can act on. */
export function invalidArgs(error: z.core.$ZodError, tool: string): DomainError {
  const parts = error.issues.slice(0, 5).map((i) => `${i.path.length ? i.path.join(".") : "arguments"}: ${i.message}`);
  return domainError("invalid_args", `Invalid arguments for ${tool}: ${parts.join("; ")}`, "Fix the arguments as the tool's inputSchema describes and call again.");
}

const rendered = new WeakMap<object, Readonly<{ content: ContentBlock[] }>>();

/**
 * One text block of compact JSON and no `structuredContent`: Claude Code shows the model only
 * `structuredContent` when present and several clients hide the text, so a single text block is
 * the one shape every client shows in full.
 */
export function renderOutcome(outcome: ToolOutcome) {
  if (outcome.ok && !outcome.content && typeof outcome.data === "object" && outcome.data !== null && Object.isFrozen(outcome.data)) {
    // A frozen result (a stored version's payload) renders to the same frozen block every time: see frozen-json.ts.
    let block = rendered.get(outcome.data);
    if (!block) rendered.set(outcome.data, (block = Object.freeze({ content: [{ type: "text", text: jsonOf(outcome.data) }] })));
    return block;
  }
  if (outcome.ok) return { content: outcome.content ?? [{ type: "text", text: JSON.stringify(outcome.data) }] };
  return { content: [{ type: "text", text: JSON.stringify({ error: outcome.error }) }], isError: true };
}

/**
 * Arguments the tool mirrors into `Mcp-Param-*` headers: properties annotated with
 * `x-mcp-header` (set with `.check(z.meta({ "x-mcp-header": "Region" }))`, or `.meta(...)` in full zod), reachable from the
 * root through `properties` only, as SH §Custom Headers requires.
 */
export function paramHeaders(inputSchema: Record<string, unknown>): ParamHeader[] {
  const found: ParamHeader[] = [];
  const walk = (schema: unknown, path: string[]) => {
    if (!isObject(schema) || !isObject(schema.properties)) return;
    for (const [key, prop] of Object.entries(schema.properties)) {
      if (!isObject(prop)) continue;
      const header = prop["x-mcp-header"];
      if (typeof header === "string" && header !== "") found.push({ path: [...path, key], header });
      walk(prop, [...path, key]);
    }
  };
  walk(inputSchema, []);
  return found;
}
