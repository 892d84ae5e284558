/**
 * `tools/call`: find the tool, check the client capabilities it needs (2026: -32021), read the
 * arguments leniently (lenient.ts) and validate them (failures are isError results, SEP-1303), ask
 * the entitlement policy, run, render.
 */
import type { RequestContext } from "./context.ts";
import { CODES, type Params, type Result, RpcError, clip } from "./jsonrpc.ts";
import { readInput, renderInputRequired, type StateSealer } from "./mrtr.ts";
import { notifier } from "./notify.ts";
import { lenientArguments } from "./lenient.ts";
import { type EntitlementPolicy, fail, invalidArgs, type ListedTool, renderOutcome, type Tool } from "./tool.ts";

export interface ToolCallOptions {
  entitlement?: EntitlementPolicy;
  /** The server advertises logging (legacy requests then get the tool's logs). */
  logging: boolean;
  sealer: StateSealer;
}

export function toolCaller<D>(tools: (Tool<D, any> & Partial<Pick<ListedTool<D>, "inputSchema">>)[], opts: ToolCallOptions) {
  const byName = new Map(tools.map((t) => [t.name, t]));
  return async (params: Params, ctx: RequestContext<D>): Promise<Result> => {
    const name = typeof params.name === "string" ? params.name : undefined;
    const tool = name === undefined ? undefined : byName.get(name);
    if (!tool) throw new RpcError(CODES.invalidParams, `Unknown tool: ${clip(name)}`, { tool: clip(name) });
    ctx.outcome.tool = tool.name;
    if (ctx.era === "modern" && tool.requires) {
      const missing = Object.keys(tool.requires).filter((k) => !(k in ctx.clientCapabilities));
      if (missing.length) {
        throw new RpcError(CODES.missingClientCapability, `Tool ${tool.name} needs client capabilities: ${missing.join(", ")}`, {
          requiredCapabilities: Object.fromEntries(missing.map((k) => [k, tool.requires![k]])),
        }, 400);
      }
    }
    const args = tool.inputSchema ? lenientArguments(params.arguments ?? {}, tool.inputSchema) : (params.arguments ?? {});
    const parsed = tool.input.safeParse(args);
    let outcome;
    if (!parsed.success) outcome = fail(invalidArgs(parsed.error, tool.name));
    else {
      const decision = tool.returnsCode && opts.entitlement ? await opts.entitlement(ctx, tool.name, parsed.data) : { allow: true as const };
      const run = async () => tool.run(parsed.data, {
        deps: ctx.deps,
        request: ctx,
        ...notifier(ctx, opts.logging),
        input: await readInput(params, opts.sealer),
        clientCapabilities: ctx.clientCapabilities,
      });
      outcome = decision.allow ? await run() : fail(decision.error);
    }
    if (outcome.ok && "input" in outcome && outcome.input) {
      ctx.outcome.status = "input_required";
      return renderInputRequired(outcome.input, ctx.era === "modern", opts.sealer);
    }
    ctx.outcome.status = outcome.ok ? "ok" : outcome.error.code;
    ctx.outcome.subject = outcome.subject;
    return renderOutcome(outcome);
  };
}
