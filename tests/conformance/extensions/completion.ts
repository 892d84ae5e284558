/** `completion/complete` for prompt and template arguments, and the `completions` capability. */
import type { Extension } from "../../../src/mcp/extension.ts";
import type { Params } from "../../../src/mcp/jsonrpc.ts";

export interface Completion {
  values: string[];
  total?: number;
  hasMore?: boolean;
}

export function completion<D>(complete: (params: Params, deps: D) => Promise<Completion>): Extension<D> {
  return {
    capabilities: { completions: {} },
    methods: {
      "completion/complete": {
        handle: async (params, ctx) => ({ result: { completion: await complete(params, ctx.deps) } }),
      },
    },
  };
}
