/**
 * `tools/list`: every tool as the client sees it, with the `_meta` of the extensions that apply to
 * the request. The list only changes on deploy, so each variant is prebuilt once.
 */
import type { Extension, Method } from "./extension.ts";
import { withToolMeta } from "./extension.ts";
import { type Prebuilt, prebuilt } from "./wire.ts";
import { describeTool, type ListedTool } from "./tool.ts";

export function toolLister<D>(tools: ListedTool<D>[], extensions: Extension<D>[]) {
  const metas = extensions.filter((e) => e.toolMeta);
  let all: Record<string, unknown>[] | undefined;
  // Built on first use from each tool's inputSchema, converted from zod at build time (npm run build).
  const listTools = () => (all ??= tools.map((t) => withToolMeta(describeTool(t), metas)));
  const everything = (1 << metas.length) - 1;
  // One result per set of extensions a client takes, keyed by their positions as bits.
  const lists = new Map<number, Prebuilt<object>>();

  const method: Method<D> = {
    list: true,
    handle: async (_params, ctx) => {
      let taken = 0;
      for (let i = 0; i < metas.length; i++) if (metas[i].toolMeta!.appliesTo(ctx)) taken |= 1 << i;
      let out = lists.get(taken);
      if (!out) {
        const some = metas.filter((_, i) => taken & (1 << i));
        const entries = taken === everything ? listTools() : tools.map((t) => withToolMeta(describeTool(t), some));
        out = prebuilt({ tools: entries });
        lists.set(taken, out);
      }
      return { result: out };
    },
  };
  /** `listTools`: every tool as a client every extension applies to sees it (the server card's and the page's list). */
  return { listTools, method };
}
