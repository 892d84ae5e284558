/**
 * How a client meets the server: `initialize` and `ping` (2025 revisions) and `server/discover`
 * (2026-07-28), which advertise the same capabilities. The server keeps no session: it mints no
 * `Mcp-Session-Id`, and an incoming one changes nothing here (a decorator around the transport may add a
 * stateless one to the response, as the app's usage does to name 2025-era clients).
 */
import { CACHE_HINTS, negotiateLegacy, SUPPORTED_VERSIONS } from "./constants.ts";
import type { Method } from "./extension.ts";

export interface ServerInfo {
  name: string;
  title?: string;
  version: string;
  description?: string;
  websiteUrl?: string;
}

/** The Implementation a 2026-07-28 result names in `_meta` (and a 2025-06-18 initialize). */
export const implementation = (info: ServerInfo) => ({ name: info.name, title: info.title, version: info.version });

export function lifecycleMethods<D>(
  info: ServerInfo,
  capabilities: Record<string, unknown>,
  instructions: string,
): Record<string, Method<D>> {
  // Implementation fields by revision: title arrived in 2025-06-18, description and websiteUrl in 2025-11-25.
  const legacyInfo = (version: string) =>
    version >= "2025-11-25"
      ? { ...implementation(info), description: info.description, websiteUrl: info.websiteUrl }
      : version >= "2025-06-18"
        ? implementation(info)
        : { name: info.name, version: info.version };
  return {
    initialize: {
      era: "legacy",
      handle: async (params) => {
        const protocolVersion = negotiateLegacy(params.protocolVersion);
        return { result: { protocolVersion, capabilities, serverInfo: legacyInfo(protocolVersion), instructions } };
      },
    },
    ping: { era: "legacy", handle: async () => ({ result: {} }) },
    "server/discover": {
      era: "modern",
      handle: async () => ({
        result: { supportedVersions: [...SUPPORTED_VERSIONS], capabilities, instructions, ...CACHE_HINTS.discover },
      }),
    },
  };
}
