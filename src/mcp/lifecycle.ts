/**
 * How a client meets the server: `initialize` and `ping` (2025 revisions; no session is ever minted)
 * and `server/discover` (2026-07-28), which advertise the same capabilities.
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
        return { protocolVersion, capabilities, serverInfo: legacyInfo(protocolVersion), instructions };
      },
    },
    ping: { era: "legacy", handle: async () => ({}) },
    "server/discover": {
      era: "modern",
      handle: async () => ({
        supportedVersions: [...SUPPORTED_VERSIONS],
        capabilities,
        instructions,
        ...CACHE_HINTS.discover,
      }),
    },
  };
}
