/** Constants of the endpoint, in one place. Numbers carry their reason. */

// The protocol's own constants live with the protocol layer; the app reads them from here too.
export { CACHE_HINTS, MODERN_VERSION, SUPPORTED_VERSIONS } from "./mcp/constants.ts";

export const SERVER_NAME = "patttterns-mcp";
export const SERVER_TITLE = "PATTTTERNS";
export const SERVER_VERSION = "1.0.0";

export const LIMITS = {
  /** `limit` defaults and hard cap shared by the search tools. */
  searchDefault: 10,
  searchMax: 50,
  /** Query strings longer than this are cut: no real query is longer, and it bounds work per call. */
  queryChars: 256,
  /** Refs longer than any slug or URL of the site are rejected before resolution. */
  refChars: 512,
} as const;

export const DEFAULT_SITE_URL = "https://patttterns.com";
