/**
 * The platform side of the local server: the Netlify `Context` an edge function (on Deno) or a
 * Netlify Function (on Node) receives, and the bookkeeping of `waitUntil`. Web-standard, so both
 * runtimes share it. What each field does here, and how that matches Netlify:
 *
 * - `ip`: the address the listener saw (on loopback, 127.0.0.1), as Netlify passes the client's.
 * - `requestId`: unique per request (Netlify's are ULIDs; a UUID serves the same purpose).
 * - `waitUntil`: the work keeps running after the response, as a production isolate keeps it, and
 *   `drain()` lets the server finish it before it exits, so a write handed over is never cut off.
 * - `deploy.context`: "dev", what Netlify reports for local development.
 * - `site.url`, `url`: the origin the client reached, and the request's URL on it.
 * - `next()`: hands the request on to the origin (static files, Netlify Functions), as on Netlify.
 * - `cookies.get`, `json`, `log`, `params` behave as documented; `geo` and `account` are empty, and
 *   `cookies.set`/`delete` and the deprecated `rewrite` throw: nothing in this project uses them.
 */
import type { Context } from "@netlify/edge-functions";

/**
 * `context.server.region` here. It tells the edge function it runs on this server, where work handed
 * to `waitUntil` outlives the response (as in production), and not in the @netlify/dev emulation,
 * whose "dev" context also says local but which ends that work with the response.
 */
export const LOCAL_REGION = "local";

export interface PlatformOptions {
  site: { id: string; name: string };
  deployId?: string;
  /** Where `context.next()` sends a request; without it, `next()` answers 404. */
  next?: (req: Request) => Promise<Response>;
}

export interface RequestFacts {
  req: Request;
  ip: string;
  params?: Record<string, string>;
}

export interface Platform {
  context(facts: RequestFacts): Context;
  /** Work handed to `waitUntil` and not yet settled. */
  pending(): number;
  /** Waits until every `waitUntil` promise has settled, or `limitMs` has passed; true when all did. */
  drain(limitMs: number): Promise<boolean>;
}

const unsupported = (what: string) => () => {
  throw new Error(`context.${what} is not available on the local server`);
};

function cookie(header: string | null, name: string): string {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return "";
}

export function createPlatform(opts: PlatformOptions): Platform {
  const pending = new Set<Promise<unknown>>();
  const notFound = async () => new Response("Not found", { status: 404 });
  const next = opts.next ?? notFound;
  return {
    context({ req, ip, params = {} }) {
      const url = new URL(req.url);
      const ctx = {
        account: { id: "" },
        cookies: {
          get: (name: string) => cookie(req.headers.get("cookie"), name),
          set: unsupported("cookies.set"),
          delete: unsupported("cookies.delete"),
        },
        deploy: { context: "dev", id: opts.deployId ?? "0", published: false },
        geo: {},
        ip,
        json: (input: unknown) => Response.json(input),
        log: (...data: unknown[]) => console.log(...data),
        next: (r?: Request | object) => next(r instanceof Request ? r : req),
        params,
        rewrite: unsupported("rewrite"),
        requestId: crypto.randomUUID(),
        // netlify/edge-functions/mcp.ts reads this region as "waitUntil work survives the response".
        server: { region: LOCAL_REGION },
        site: { ...opts.site, url: url.origin },
        url,
        waitUntil(work: Promise<unknown>) {
          const tracked: Promise<unknown> = Promise.resolve(work)
            .catch((e) => console.error(`[local] waitUntil work failed: ${e instanceof Error ? e.message : String(e)}`))
            .finally(() => pending.delete(tracked));
          pending.add(tracked);
        },
      };
      return ctx as unknown as Context;
    },
    pending: () => pending.size,
    async drain(limitMs) {
      const deadline = Date.now() + limitMs;
      while (pending.size > 0 && Date.now() < deadline) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          Promise.allSettled([...pending]),
          new Promise((r) => (timer = setTimeout(r, deadline - Date.now()))),
        ]);
        clearTimeout(timer);
      }
      return pending.size === 0;
    },
  };
}
