/**
 * `tools/call`: find the tool, let extensions check the call (2026 headers, client capabilities),
 * read the arguments leniently (lenient.ts) and validate them (failures are isError results,
 * SEP-1303), ask the entitlement policy, then run and render, inside the extensions' wrappers. What
 * the call came to (`ok` or the failure's code, and the tool's report) is returned with its result.
 */
import type { Extension, Handled, Handler } from "./extension.ts";
import { CODES, RpcError, clip } from "./jsonrpc.ts";
import { lenientArguments } from "./lenient.ts";
import { type ArgumentsError, type EntitlementPolicy, type ListedTool, type ToolOutcome, toolResult } from "./tool.ts";

const ALLOW = { allow: true } as const;

/** The outcome rendered as the call's result, with its status and report. */
const handled = (outcome: ToolOutcome): Handled => ({
  result: toolResult(outcome),
  status: outcome.ok ? "ok" : outcome.error.code,
  report: outcome.report,
});

export function toolCaller<D>(
  tools: ListedTool<D>[],
  extensions: Extension<D>[],
  argumentsError: ArgumentsError,
  entitlement?: EntitlementPolicy,
): Handler<D> {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const checks = extensions.filter((e) => e.checkTool);
  const wrappers = extensions.filter((e) => e.aroundTool);
  return async (params, ctx) => {
    const name = typeof params.name === "string" ? params.name : undefined;
    const tool = name === undefined ? undefined : byName.get(name);
    if (!tool) throw new RpcError(CODES.invalidParams, `Unknown tool: ${clip(name)}`, { tool: clip(name) });
    for (const e of checks) e.checkTool!(tool, ctx);
    const parsed = tool.input.safeParse(lenientArguments(params.arguments ?? {}, tool.inputSchema));
    if (!parsed.success) return handled({ ok: false, error: argumentsError(parsed.error.issues, tool.name) });
    const decision = tool.returnsCode && entitlement ? await entitlement(ctx, tool.name, parsed.data) : ALLOW;
    if (!decision.allow) return handled({ ok: false, error: decision.error });
    const run = async () => handled(await tool.run(parsed.data, ctx));
    // The first extension listed is the outermost wrapper.
    return wrappers.reduceRight<() => Promise<Handled>>((next, e) => () => e.aroundTool!(ctx, next), run)();
  };
}
