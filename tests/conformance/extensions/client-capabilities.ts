/**
 * Tools that need a client capability (2026-07-28, BI): a request whose `_meta` capabilities lack
 * one is refused with 400 and -32021, `data.requiredCapabilities` an object such as `{ sampling: {} }`.
 * Legacy requests carry no capabilities after initialize, so they are not checked.
 */
import { CODES, RpcError } from "../../../src/mcp/jsonrpc.ts";
import type { Extension } from "../../../src/mcp/extension.ts";

/** `byTool`: for each tool that needs any, the capabilities it needs, by name. */
export function requiredCapabilities<D>(byTool: Record<string, Record<string, Record<string, unknown>>>): Extension<D> {
  return {
    checkTool(tool, ctx) {
      if (ctx.era !== "modern" || !Object.hasOwn(byTool, tool.name)) return;
      const requires = byTool[tool.name];
      const missing = Object.keys(requires).filter((k) => !(k in ctx.clientCapabilities));
      if (!missing.length) return;
      const message = `Tool ${tool.name} needs client capabilities: ${missing.join(", ")}`;
      const requiredCapabilities = Object.fromEntries(missing.map((k) => [k, requires[k]]));
      throw new RpcError(CODES.missingClientCapability, message, { requiredCapabilities }, 400);
    },
  };
}
