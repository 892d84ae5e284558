/** Origin and Host rules (DNS-rebinding protection) and the CORS headers allowed origins get. */
import { urlHostname } from "./url.ts";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export interface OriginPolicy {
  /** True for a request without Origin, the site's origin, loopback origins and configured extras. */
  allows(origin: string | null): boolean;
  /**
   * False when a loopback-addressed request (`url` is `Request.url`) names a foreign Host (a
   * DNS-rebinding attempt).
   */
  hostAllowed(url: string, host: string | null): boolean;
}

/** `localhost:8888`, `127.0.0.1`, `[::1]:3000`: the common loopback Host headers, without a URL parse. */
const PLAIN_LOOPBACK = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::(\d{1,5}))?$/i;
const plainLoopback = (host: string) => {
  const m = PLAIN_LOOPBACK.exec(host);
  return m !== null && (m[1] === undefined || Number(m[1]) <= 65535);
};

const hostname = (s: string) => {
  try {
    return new URL(s.includes("://") ? s : `http://${s}`).hostname;
  } catch {
    return null;
  }
};

/** `origin` parsed, when it is an origin exactly as a browser serializes one (no path, no default port). */
const exactOrigin = (origin: string): URL | null => {
  try {
    const u = new URL(origin);
    return u.origin === origin ? u : null;
  } catch {
    return null;
  }
};

const isLoopback = (u: URL) => (u.protocol === "http:" || u.protocol === "https:") && LOOPBACK.has(u.hostname);

/** `extra` is a list of exact origins; `*` allows every origin (for a deliberately open deployment). */
export function createOriginPolicy(siteUrl: string, extra: string[] = []): OriginPolicy {
  const exact = new Set([new URL(siteUrl).origin, ...extra.map((o) => o.trim().replace(/\/$/, "")).filter(Boolean)]);
  const any = exact.has("*");
  return {
    allows(origin) {
      if (origin === null) return true;
      if (any || exact.has(origin)) return true;
      const u = exactOrigin(origin);
      return u !== null && isLoopback(u);
    },
    hostAllowed(url, host) {
      return !LOOPBACK.has(urlHostname(url)) || loopbackHost(host);
    },
  };
}

/** `PREFIX--NAME.netlify.app` (a deploy preview, a branch deploy, a permalink) or `NAME.netlify.app`. */
const NETLIFY_NAME = /^(?:[a-z0-9-]+--)?([a-z0-9-]+)\.netlify\.app$/;

/**
 * The origins a deployment itself answers on, where it may send its own requests: `urls` (the site's
 * URL, Netlify's deploy URLs where it sets them), the Netlify names of the site called `siteName`
 * (its previews, branch deploys and permalinks among them, whose URLs an edge function is not told),
 * and loopback. Not ALLOWED_ORIGINS: those are pages allowed to call the site, not hosts it owns.
 */
export function ownedBy(urls: string[], siteName?: string): (origin: string) => boolean {
  const exact = new Set(urls.map((u) => new URL(u).origin));
  return (origin) => {
    if (exact.has(origin)) return true;
    const u = exactOrigin(origin);
    if (u === null) return false;
    if (isLoopback(u)) return true;
    return !!siteName && u.protocol === "https:" && u.port === "" && NETLIFY_NAME.exec(u.hostname)?.[1] === siteName;
  };
}

/**
 * True when a Host header names a loopback address (or is absent, as in HTTP/1.0): what a server
 * listening on loopback must require, since a DNS-rebinding page sends its own name as Host.
 */
export function loopbackHost(host: string | null): boolean {
  if (host === null || plainLoopback(host)) return true;
  const h = hostname(host);
  return h !== null && LOOPBACK.has(h);
}

const ALLOW_HEADERS =
  "Content-Type, Accept, Authorization, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Session-Id, Last-Event-ID";
const EXPOSE_HEADERS = "Mcp-Session-Id, MCP-Protocol-Version, Mcp-Method, Mcp-Name, WWW-Authenticate";

/** Headers for every response to an allowed browser origin, errors included. */
export function corsHeaders(origin: string | null): Record<string, string> {
  if (origin === null) return {};
  return { "Access-Control-Allow-Origin": origin, "Access-Control-Expose-Headers": EXPOSE_HEADERS, Vary: "Origin" };
}

/** Preflight answer; `Mcp-Param-*` headers are echoed because a list cannot name them in advance. */
export function preflightHeaders(origin: string | null, requested: string | null): Record<string, string> {
  const params = (requested ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter((h) => /^mcp-param-[a-z0-9-]+$/i.test(h));
  return {
    ...corsHeaders(origin),
    "Access-Control-Allow-Methods": "POST, GET, DELETE, OPTIONS",
    "Access-Control-Allow-Headers": [ALLOW_HEADERS, ...params].join(", "),
    "Access-Control-Max-Age": "86400",
  };
}
