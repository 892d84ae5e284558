/**
 * `resources/list`, `resources/templates/list` and `resources/read`. A resource that hands out code
 * asks the entitlement policy first, as tools do; a URI that names nothing is -32602 with
 * `data.uri` in 2026-07-28 (never empty contents) and -32002 before.
 */
import { CACHE_HINTS } from "./constants.ts";
import type { RequestContext } from "./context.ts";
import type { Method } from "./extension.ts";
import { CODES, RpcError, clip } from "./jsonrpc.ts";
import type { ReadResult, Resource, ResourceTemplate } from "./resource.ts";
import type { EntitlementPolicy } from "./tool.ts";

/** A resource as resources/list and the server card show it: what it is, not how it is read. */
export const listedResource = ({ uri, name, title, description, mimeType }: Resource<any>) => ({
  uri,
  name,
  title,
  description,
  mimeType,
});

/** `unlisted`: resources served by resources/read that resources/list leaves out (extensions' views). */
export function resourceMethods<D>(
  resources: Resource<D>[],
  templates: ResourceTemplate<D>[],
  unlisted: Resource<D>[],
  entitlement?: EntitlementPolicy,
): Record<string, Method<D>> {
  // Like tools: a policy that denies is asked before anything is read.
  const entitled = async (ctx: RequestContext<D>, uri: string, returnsCode?: boolean) => {
    if (!returnsCode || !entitlement) return;
    const decision = await entitlement(ctx, "resources/read", { uri });
    if (decision.allow) return;
    throw new RpcError(CODES.serverError, decision.error.message, { ...decision.error, uri });
  };
  const read = async (ctx: RequestContext<D>, uri: string): Promise<ReadResult | null> => {
    const fixed = resources.find((r) => r.uri === uri) ?? unlisted.find((r) => r.uri === uri);
    if (fixed) {
      await entitled(ctx, uri, fixed.returnsCode);
      const found = await fixed.read(ctx.deps);
      if (found) return found;
    }
    for (const t of templates) {
      await entitled(ctx, uri, t.returnsCode);
      const found = await t.read(uri, ctx.deps);
      if (found) return found;
    }
    return null;
  };

  return {
    "resources/list": {
      list: true,
      handle: async () => ({ result: { resources: resources.map(listedResource) } }),
    },
    "resources/templates/list": {
      list: true,
      handle: async () => ({
        result: {
          resourceTemplates: templates.map(({ uriTemplate, name, title, description, mimeType }) => ({
            uriTemplate,
            name,
            title,
            description,
            mimeType,
          })),
        },
      }),
    },
    "resources/read": {
      handle: async (params, ctx) => {
        const uri = typeof params.uri === "string" ? params.uri : undefined;
        if (uri === undefined) throw new RpcError(CODES.invalidParams, "params.uri must be a string");
        const found = await read(ctx, uri);
        if (!found || found.contents.length === 0) {
          const code = ctx.era === "modern" ? CODES.invalidParams : CODES.resourceNotFoundLegacy;
          throw new RpcError(code, `Resource not found: ${clip(uri)}`, { uri });
        }
        const result: Record<string, unknown> = { contents: found.contents };
        if (ctx.era === "modern") Object.assign(result, found.cache ?? CACHE_HINTS.mutable);
        return { result };
      },
    },
  };
}
