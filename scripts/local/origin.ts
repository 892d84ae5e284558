/**
 * The origin behind the local edge, as Netlify's CDN and functions sit behind its edge: what the edge
 * function's `config.path` does not take comes here (scripts/local/deno-edge.ts sends it on).
 *
 * - Static files of the publish directory, with netlify.toml's headers and redirects, through
 *   Netlify's own local handlers: @netlify/dev with edge functions, functions and Blobs turned off
 *   (those are served by the edge, below, and local-blobs.ts), so it opens no listener of its own.
 * - Netlify Functions in netlify/functions at /.netlify/functions/<name>, run in this process: each
 *   module is loaded once and kept, as a warm function instance keeps it. The emulation runs each call
 *   in a fresh worker thread instead, and relays a streamed body through a TCP port it opens.
 */
import { readdir } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Context } from "@netlify/edge-functions";
import { urlPathname } from "../../src/http/index.ts";
import { createNetlifyDev } from "./dev-server.ts";
import { ROOT } from "../lib/repo-root.ts";
import { publicRequest } from "./guard.ts";
import { listenLoopback } from "./loopback-server.ts";
import { createPlatform } from "./netlify-context.ts";

/** netlify.toml's `[functions] directory`. */
const FUNCTIONS_DIR = join(ROOT, "netlify/functions");
const FUNCTION_PREFIX = "/.netlify/functions/";
const FUNCTION_FILE = /\.(mts|ts|mjs|js)$/;

type NetlifyFunction = (req: Request, context: Context) => Response | Promise<Response>;

export interface LocalOrigin {
  url: string;
  /** Function names served under /.netlify/functions/. */
  functions: string[];
  stop(): Promise<void>;
}

export async function startLocalOrigin(opts: { allowedOrigins?: string } = {}): Promise<LocalOrigin> {
  const dev = createNetlifyDev({ blobs: false, edgeFunctions: false, functions: false });
  await dev.start();
  const files = new Map(
    (await readdir(FUNCTIONS_DIR))
      .filter((f) => FUNCTION_FILE.test(f))
      .map((f) => [basename(f, extname(f)), join(FUNCTIONS_DIR, f)]),
  );
  const loaded = new Map<string, Promise<NetlifyFunction>>();
  const load = (name: string, file: string) => {
    let fn = loaded.get(name);
    if (!fn) {
      loaded.set(name, (fn = import(pathToFileURL(file).href).then((m: { default: NetlifyFunction }) => m.default)));
      // A module that fails to load is tried again on the next call, not kept failed until a restart.
      fn.catch(() => loaded.delete(name));
    }
    return fn;
  };
  const platform = createPlatform({ site: { id: "0", name: "patttterns-mcp" } });

  const server = await listenLoopback(
    async (raw, ip) => {
      const req = publicRequest(raw);
      const path = urlPathname(req.url);
      const file = path.startsWith(FUNCTION_PREFIX) ? files.get(path.slice(FUNCTION_PREFIX.length)) : undefined;
      if (file) {
        try {
          const res = await (await load(path.slice(FUNCTION_PREFIX.length), file))(req, platform.context({ req, ip }));
          if (res instanceof Response) return res;
          throw new Error("it returned no Response");
        } catch (e) {
          console.error(`[local] function ${basename(file)} failed:`, e);
          return new Response(`Function failed: ${e instanceof Error ? e.message : String(e)}`, { status: 500 });
        }
      }
      return (await dev.handle(req)) ?? new Response("Not found", { status: 404 });
    },
    { allowedOrigins: opts.allowedOrigins },
  );

  return {
    url: server.url,
    functions: [...files.keys()],
    async stop() {
      await server.close();
      if (!(await platform.drain(10_000)))
        console.error(`[local] stopping with ${platform.pending()} function waitUntil task(s) unfinished`);
      await dev.stop();
    },
  };
}
