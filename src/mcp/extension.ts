/**
 * Protocol extensions (`capabilities.extensions`): opt-in additions a server is created with. Each
 * names itself in the server's capabilities (initialize, server/discover), may add `_meta` to the
 * tools/list entries of the clients it applies to, and may serve resources that resources/list leaves
 * out. Tool results never change: a client without the extension gets exactly what it got before.
 */
import type { RequestContext } from "./context.ts";
import type { Resource } from "./resource.ts";

export interface Extension<D = unknown> {
  /** The extension identifier, the key under `capabilities.extensions` (its settings: `{}`, none). */
  id: string;
  /**
   * Whether the request's client takes the extension's tool `_meta`. 2026-07-28 requests carry the
   * client's capabilities; a stateless server has none for legacy requests after initialize.
   */
  appliesTo(request: RequestContext): boolean;
  /** `_meta` entries merged into tools/list entries, by tool name. */
  toolMeta: Record<string, Record<string, unknown>>;
  /** Resources served by resources/read and not listed by resources/list. */
  resources: Resource<D>[];
}

/** A tools/list entry with the `_meta` of `extensions` merged in (the entry itself when none adds any). */
export function withToolMeta(entry: Record<string, unknown>, extensions: readonly Extension<any>[]): Record<string, unknown> {
  const metas = extensions.map((e) => e.toolMeta[entry.name as string]).filter((m) => m !== undefined);
  if (!metas.length) return entry;
  return { ...entry, _meta: Object.assign({}, entry._meta as Record<string, unknown> | undefined, ...metas) };
}
