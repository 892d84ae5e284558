/**
 * `tools/call`: find the tool, let extensions check the call (2026 headers, client capabilities),
 * read the arguments leniently (lenient.ts) and validate them (failures are isError results,
 * SEP-1303), ask the entitlement policy, then run and render, inside the extensions' wrappers.
 */
import type { RequestContext } from "./context.ts";
import type { Extension, Handler } from "./extension.ts";
import { CODES, type Result, RpcError, clip } from "./jsonrpc.ts";
import { lenientArguments } from "./lenient.ts";
import {
  type ArgumentsError,
  type EntitlementPolicy,
  fail,
  type ListedTool,
  renderOutcome,
  type ToolOutcome,
} from "./tool.ts";

const ALLOW = { allow: true } as const;

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
    ctx.outcome.tool = tool.name;
    for (const e of checks) e.checkTool!(tool, ctx);
    const parsed = tool.input.safeParse(lenientArguments(params.arguments ?? {}, tool.inputSchema));
    if (!parsed.success) return answer(ctx, fail(argumentsError(parsed.error.issues, tool.name)));
    const decision = tool.returnsCode && entitlement ? await entitlement(ctx, tool.name, parsed.data) : ALLOW;
    if (!decision.allow) return answer(ctx, fail(decision.error));
    const run = async () => answer(ctx, await tool.run(parsed.data, ctx));
    // The first extension listed is the outermost wrapper.
    return wrappers.reduceRight<() => Promise<Result>>((next, e) => () => e.aroundTool!(ctx, next), run)();
  };
}

/** The outcome into the request's record, and rendered as the call's result. */
function answer(ctx: RequestContext, outcome: ToolOutcome): Result {
  ctx.outcome.status = outcome.ok ? "ok" : outcome.error.code;
  ctx.outcome.report = outcome.report;
  return renderOutcome(outcome);
}
