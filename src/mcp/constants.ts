/** What the protocol layer fixes: the revisions it speaks, its transport bounds, its result cache hints. */

export const MODERN_VERSION = "2026-07-28";
/** Legacy revisions, newest first: the first is what `initialize` answers when the client asks for another. */
export const LEGACY_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26"] as const;
/** Every revision this endpoint speaks; discover and -32022 list the same set. */
export const SUPPORTED_VERSIONS = [MODERN_VERSION, ...LEGACY_VERSIONS] as const;

/**
 * The version a legacy initialize settles on: the one asked for when we serve it, else our newest
 * (LC25 §Version Negotiation).
 */
export const negotiateLegacy = (asked: unknown): string =>
  typeof asked === "string" && (LEGACY_VERSIONS as readonly string[]).includes(asked) ? asked : LEGACY_VERSIONS[0];

export const TRANSPORT_LIMITS = {
  /** 1 MiB: a tools/call is a few hundred bytes; nothing legitimate comes close. */
  bodyBytes: 1024 * 1024,
  /** Batches exist only for 2025-03-26 clients, which send a handful of messages at most. */
  batchSize: 32,
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
