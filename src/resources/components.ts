/**
 * Component versions as MCP resources: `patttterns://components/{pattern_id}/{version_id}` reads one
 * version's TSX as text, byte for byte as get_component's component_code. `active` names the active
 * version. The same version rule applies: hidden versions are never served, nothing is substituted.
 */
import { CACHE_HINTS } from "../mcp/constants.ts";
import type { Deps } from "../deps.ts";
import { COMPONENT_URI_PREFIX as PREFIX, VERSION_ID } from "../components/model.ts";
import { ACTIVE, loadComponent } from "../components/version-rule.ts";
import { isInfraCode } from "../errors.ts";
import { CODES, RpcError } from "../mcp/jsonrpc.ts";
import type { ResourceTemplate } from "../mcp/resource.ts";

export const COMPONENT_MIME = "text/tsx";

export const componentTemplate: ResourceTemplate<Deps> = {
  uriTemplate: `${PREFIX}{pattern_id}/{version_id}`,
  name: "component",
  title: "Component code",
  description:
    "A pattern's React + Tailwind TSX at one version, exactly as stored. pattern_id is the catalog UUID " +
    '(get_component\'s metadata.pattern_id); version_id is "seed", "v1", … or "active". Prefer get_component, ' +
    "which adds the metadata and usage rules.",
  mimeType: COMPONENT_MIME,
  returnsCode: true,
  async read(uri, { catalog, components }) {
    if (!uri.startsWith(PREFIX)) return null;
    const parts = uri.slice(PREFIX.length).split("/");
    if (parts.length !== 2) return null;
    const [ref, version] = parts;
    // Only well-formed version ids go further; the pattern id is the catalog's, never the URI's text.
    if (version !== ACTIVE && !VERSION_ID.test(version)) return null;
    const r = await catalog.resolve(ref);
    if (!r.ok) return null;
    const loaded = await loadComponent(components, r.entry, version);
    if (!loaded.ok) {
      const { code, message, retryable } = loaded.error;
      // The store failing is ours to report; anything else means the URI names nothing servable.
      if (isInfraCode(code)) throw new RpcError(CODES.internalError, message, { code, retryable, uri });
      return null;
    }
    return {
      contents: [{ uri, mimeType: COMPONENT_MIME, text: loaded.tsx.text }],
      // A pinned version never changes; the active pointer moves on regenerate.
      cache: version === ACTIVE ? CACHE_HINTS.mutable : CACHE_HINTS.immutable,
    };
  },
};
