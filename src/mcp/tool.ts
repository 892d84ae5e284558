/**
 * Tools as plain values, one per file, registered with the server as a list. tools/list is built
 * from the same objects, so nothing is declared twice: a tool is listed with its input's JSON Schema
 * (`ListedTool`), which the app converts from the tool's schema ahead of time.
 */
import type { Report, RequestContext } from "./context.ts";
import { type Prebuilt, prebuilt } from "./wire.ts";

/**
 * A failure as a tool reports it: rendered once, as an isError result
 * `{"error":{"code","message","retryable","suggestion"}}` the model can act on. The app's error
 * model (its codes and how they are built) is its own; this is only the shape the core renders.
 */
export interface ToolError {
  code: string;
  message: string;
  retryable: boolean;
  suggestion: string;
  /** Extra, code-specific facts (candidates, available versions). */
  [extra: string]: unknown;
}

/** What an entitlement policy may look at: who calls, as the request says. */
export type Caller = Pick<RequestContext, "ip" | "authorization" | "userAgent" | "clientInfo">;

export type Decision = { allow: true } | { allow: false; error: ToolError };
/**
 * Decides whether a caller may receive component code: asked before a tool or resource that returns
 * code, so a denial reads nothing.
 */
export type EntitlementPolicy = (caller: Caller, tool: string, args: unknown) => Promise<Decision> | Decision;

/**
 * What a tool's run came to: a `value`, rendered as one JSON text block; explicit `content` blocks
 * (images, audio, embedded resources); a whole `result` serialized ahead (wire.ts); or a failure,
 * rendered as an isError result. The app's own failed results (`{ ok: false, error }`) are failures
 * as they are. `report` is what the tool says about the call, carried to the request's outcome.
 */
export type ToolOutcome = (
  | { ok: true; value: unknown }
  | { ok: true; content: ContentBlock[] }
  | { ok: true; result: Prebuilt<CallToolResult> }
  | { ok: false; error: ToolError }
) & { report?: Report };

/** An MCP content block (text, image, audio, resource, resource_link), passed through as is. */
export type ContentBlock = { type: string } & Record<string, unknown>;

/** A tools/call result as the core renders it. */
export type CallToolResult = { content: ContentBlock[]; isError?: boolean };

/** Where an argument went wrong, and how: the shape of a zod issue. */
export interface InputIssue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * A tool's input: any schema with zod 4's `safeParse`, described by shape so the core needs no
 * schema library. Ours are zod/mini (a fraction of full zod's bundle and import time); tests may
 * pass full zod ones.
 */
export interface InputSchema<Out = unknown> {
  safeParse(data: unknown): { success: true; data: Out } | { success: false; error: { issues: readonly InputIssue[] } };
}

/** The arguments a tool's `run` receives: what its schema's `safeParse` returns. */
export type InputOf<S> = S extends InputSchema<infer Out> ? Out : never;

export interface Tool<D = unknown, S extends InputSchema = InputSchema> {
  name: string;
  title?: string;
  description: string;
  input: S;
  annotations?: Record<string, boolean>;
  /** Tools that hand out entitled content (the app decides what) pass through the entitlement policy first. */
  returnsCode?: boolean;
  /** Runs with the request's context: `ctx.deps` are the app's dependencies. */
  run(args: InputOf<S>, ctx: RequestContext<D>): Promise<ToolOutcome>;
}

/** A JSON Schema object, as tools/list shows it. */
export type JsonSchema = Record<string, unknown>;

/** A tool as the server lists it: its definition plus its input as JSON Schema. */
export type ListedTool<D = unknown, S extends InputSchema = any> = Tool<D, S> & { inputSchema: JsonSchema };

/** Builds the error a tool call gets when its arguments fail the tool's schema (the app's error model). */
export type ArgumentsError = (issues: readonly InputIssue[], tool: string) => ToolError;

/** A success: `value` rendered as one JSON text block. */
export const ok = (value: unknown, report?: Report): ToolOutcome => ({ ok: true, value, report });
/** A success made of explicit content blocks instead of one JSON text block. */
export const blocks = (content: ContentBlock[]): ToolOutcome => ({ ok: true, content });

/** The tools/list entry. No outputSchema: Claude Desktop fails tools that declare one. */
export function describeTool(tool: ListedTool<any>) {
  const { name, description, inputSchema } = tool;
  const entry: Record<string, unknown> = { name, description, inputSchema };
  if (tool.title) entry.title = tool.title;
  if (tool.annotations) entry.annotations = tool.annotations;
  return entry;
}

/** One text block holding `text`, as a result whose wire JSON is built now: for a result served many times. */
export const textResult = (text: string): Prebuilt<CallToolResult> => prebuilt({ content: [{ type: "text", text }] });

/**
 * One text block of compact JSON and no `structuredContent`: Claude Code shows the model only
 * `structuredContent` when present and several clients hide the text, so a single text block is
 * the one shape every client shows in full.
 */
export function toolResult(outcome: ToolOutcome): CallToolResult | Prebuilt<CallToolResult> {
  if (!outcome.ok) {
    return { content: [{ type: "text", text: JSON.stringify({ error: outcome.error }) }], isError: true };
  }
  if ("result" in outcome) return outcome.result;
  if ("content" in outcome) return { content: outcome.content };
  return { content: [{ type: "text", text: JSON.stringify(outcome.value) }] };
}
