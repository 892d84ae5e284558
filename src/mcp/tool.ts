/**
 * Tools as plain values: one `defineTool` per file, a list registered with the server.
 * tools/list is generated from the same objects, so nothing is declared twice.
 */
import { z } from "zod";
import { type DomainError, domainError } from "../errors.ts";

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

export type ToolOutcome = { ok: true; data: unknown; subject?: Subject } | { ok: false; error: DomainError; subject?: Subject };

export interface ToolContext<D> {
  deps: D;
  caller: Caller;
}

export interface Tool<D = unknown, S extends z.ZodType = z.ZodType> {
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

export const defineTool = <D, S extends z.ZodType>(tool: Tool<D, S>): Tool<D, S> => tool;

export const ok = (data: unknown, subject?: Subject): ToolOutcome => ({ ok: true, data, subject });
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
export function invalidArgs(error: z.ZodError, tool: string): DomainError {
  const parts = error.issues.slice(0, 5).map((i) => `${i.path.length ? i.path.join(".") : "arguments"}: ${i.message}`);
  return domainError("invalid_args", `Invalid arguments for ${tool}: ${parts.join("; ")}`, "Fix the arguments as the tool's inputSchema describes and call again.");
}

/**
 * One text block of compact JSON and no `structuredContent`: Claude Code shows the model only
 * `structuredContent` when present and several clients hide the text, so a single text block is
 * the one shape every client shows in full.
 */
export function renderOutcome(outcome: ToolOutcome) {
  if (outcome.ok) return { content: [{ type: "text", text: JSON.stringify(outcome.data) }] };
  return { content: [{ type: "text", text: JSON.stringify({ error: outcome.error }) }], isError: true };
}
