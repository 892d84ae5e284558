/** Constants of the endpoint, in one place. Numbers carry their reason. */

export const SERVER_NAME = "patttterns-mcp";
export const SERVER_TITLE = "PATTTTERNS";
export const SERVER_VERSION = "1.0.0";

export const MODERN_VERSION = "2026-07-28";
/** Legacy revisions, newest first: the first is what `initialize` answers when the client asks for another. */
export const LEGACY_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26"] as const;
/** Every revision this endpoint speaks; discover and -32022 list the same set. */
export const SUPPORTED_VERSIONS = [MODERN_VERSION, ...LEGACY_VERSIONS] as const;

export const LIMITS = {
  /** 1 MiB: a tools/call is a few hundred bytes; nothing legitimate comes close. */
  bodyBytes: 1024 * 1024,
  /** Batches exist only for 2025-03-26 clients, which send a handful of messages at most. */
  batchSize: 32,
  /** `limit` defaults and hard cap shared by the search tools. */
  searchDefault: 10,
  searchMax: 50,
  /** Query strings longer than this are cut: no real query is longer, and it bounds work per call. */
  queryChars: 256,
  /** Refs longer than any slug or URL of the site are rejected before resolution. */
  refChars: 512,
} as const;

/** Result cache hints (2026-07-28). The tool list only changes on deploy, so agents may cache it for an hour. */
export const CACHE_HINTS = {
  discover: { ttlMs: 3_600_000, cacheScope: "public" },
  lists: { ttlMs: 3_600_000, cacheScope: "public" },
  /** An explicit version's code never changes; a day is a conservative bound for a public cache. */
  immutable: { ttlMs: 86_400_000, cacheScope: "public" },
  /** The active pointer moves on regenerate: never cached by clients. */
  mutable: { ttlMs: 0, cacheScope: "public" },
} as const;

export const DEFAULT_SITE_URL = "https://patttterns.com";
