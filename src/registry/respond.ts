/**
 * The registry's HTTP answers: JSON bodies, CORS open to any origin (public, read-only data), and the
 * cache headers of docs/registry.md. Netlify's CDN keeps a response for `Netlify-CDN-Cache-Control`'s
 * `max-age` (the edge function declares `cache: "manual"`) and keys it on the query parameters
 * `Netlify-Vary` names, so a request with other parameters is a hit for the same entry.
 */
import type { DomainError } from "../errors.ts";

/** A pinned version's bytes never change; a day bounds how long a version hidden later is still served. */
export const PINNED_SECONDS = 86_400;
/** What a failing store answers with: try again in a few seconds. */
export const RETRY_AFTER_SECONDS = 5;

/** How long a response may be kept: a pinned version's, briefly (the active pointer, the index), or not at all. */
export type Lifetime = { seconds: number } | "none";

export const ALLOW = "GET, HEAD, OPTIONS";

const BASE = {
  "Access-Control-Allow-Origin": "*",
  "X-Content-Type-Options": "nosniff",
};

function cacheHeaders(lifetime: Lifetime): Record<string, string> {
  if (lifetime === "none") return { "Cache-Control": "no-store", "Netlify-CDN-Cache-Control": "no-store" };
  const value = lifetime.seconds > 0 ? `public, max-age=${lifetime.seconds}` : "public, max-age=0, must-revalidate";
  return { "Cache-Control": value, "Netlify-CDN-Cache-Control": value };
}

export interface Answer {
  status: number;
  body: unknown;
  lifetime: Lifetime;
  headers?: Record<string, string>;
  /** What usage records of it: the pattern and version served or asked for, never code. */
  report?: { pattern_id?: string; version_id?: string };
}

const encoder = new TextEncoder();

/**
 * `answer` as the response to `method` (HEAD: the same status and headers, no body), and the bytes
 * of its body: encoded here once, as the runtime would encode the text.
 */
export function respond(method: string, vary: string, a: Answer): { response: Response; bytes: number } {
  const headers = {
    ...BASE,
    "Content-Type": "application/json; charset=utf-8",
    "Netlify-Vary": vary,
    ...cacheHeaders(a.lifetime),
    ...a.headers,
  };
  const body = method === "HEAD" ? null : encoder.encode(JSON.stringify(a.body, null, 2));
  return { response: new Response(body, { status: a.status, headers }), bytes: body?.byteLength ?? 0 };
}

/** The error code of a failed answer (`failed`'s body), or `ok`. */
export const statusOf = (a: Answer) =>
  a.status < 400 ? "ok" : String((a.body as { error?: unknown } | null)?.error ?? `http_${a.status}`);

/** A CORS preflight: any origin may read with GET. */
export const preflight = () =>
  new Response(null, {
    status: 204,
    headers: {
      ...BASE,
      "Access-Control-Allow-Methods": ALLOW,
      "Access-Control-Allow-Headers": "Content-Type",
      "Access-Control-Max-Age": "86400",
    },
  });

/** The registry's error body: the CLI shows `[error] message`, so the message says what to try. */
export function failed(status: number, error: string, message: string, extra: Record<string, unknown> = {}): Answer {
  const headers: Record<string, string> =
    status >= 500 ? { "Retry-After": String(RETRY_AFTER_SECONDS) } : status === 405 ? { Allow: ALLOW } : {};
  return { status, body: { error, message, ...extra }, lifetime: "none", headers };
}

/**
 * A store failure, the one server-side failure the registry reports: 504 when it did not answer in
 * time, 502 when it answered wrongly, both with `Retry-After`; never cached.
 */
export function storeFailed(e: DomainError): Answer {
  const status = e.code === "upstream_timeout" ? 504 : 502;
  return failed(status, e.code, `${e.message}. Retry in ${RETRY_AFTER_SECONDS} seconds.`);
}
