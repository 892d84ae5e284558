/**
 * What every listener of the local server does first. They all listen on 127.0.0.1 only, and each
 * refuses a Host that is not loopback: a DNS-rebinding page reaches loopback under its own name, and
 * the apps behind cannot tell (they trust the request URL, as on Netlify, where the platform vouches
 * for it). Hosts of `ALLOWED_ORIGINS` are accepted too, for a proxy in front that keeps its own Host.
 * Then the request gets the URL the client reached (`publicRequest`). Web-standard: the Deno edge and
 * the Node listeners share it.
 */
import { loopbackHost } from "../../src/http/index.ts";

/** The only address the local server's listeners bind. */
export const LISTEN_HOST = "127.0.0.1";

export const FORBIDDEN_HOST_BODY = JSON.stringify({
  jsonrpc: "2.0",
  id: null,
  error: { code: -32000, message: "Forbidden: host not allowed" },
});

/** The Host check of every local listener: loopback, or the host of an explicitly allowed origin. */
export function createHostGuard(allowedOrigins = ""): (host: string | null) => boolean {
  const extra = new Set<string>();
  for (const o of allowedOrigins.split(",")) {
    try {
      if (o.trim() && o.trim() !== "*") extra.add(new URL(o.trim()).host);
    } catch {
      // Not a URL: the app's origin policy ignores it too.
    }
  }
  return (host) => loopbackHost(host) || (host !== null && extra.has(host.toLowerCase()));
}

/** The 403 a listener answers a refused Host with: the MCP endpoint's own shape, so clients parse it. */
export const forbiddenHost = () =>
  new Response(FORBIDDEN_HOST_BODY, { status: 403, headers: { "content-type": "application/json" } });

/**
 * The request under the URL the client reached. A proxy in front names it in X-Forwarded-Host and
 * X-Forwarded-Proto (as the edge does for the origin behind it); without one, the request URL, built
 * from the listener's own Host, already is. Called after the Host check, which reads the real Host.
 */
export function publicRequest(req: Request): Request {
  const host = req.headers.get("x-forwarded-host")?.split(",")[0].trim();
  if (!host) return req;
  const proto = req.headers.get("x-forwarded-proto")?.split(",")[0].trim() === "https" ? "https" : "http";
  try {
    const url = new URL(req.url);
    return new Request(new URL(`${url.pathname}${url.search}`, `${proto}://${host}`), carried(req));
  } catch {
    return req;
  }
}

/**
 * What a request carries on to another URL: method, headers and its body as a stream, unread. Not
 * `new Request(url, req)`, which reads req.signal, a use Deno.serve warns about.
 */
export function carried(req: Request, headers: Headers = req.headers): RequestInit {
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return {
    method: req.method,
    headers,
    body: hasBody ? req.body : null,
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit;
}
