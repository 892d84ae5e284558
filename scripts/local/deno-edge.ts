/**
 * Runs ON DENO, not Node: the local edge. One long-lived `Deno.serve` runs the real edge function
 * module (`netlify/edge-functions/mcp.ts`) the way a production isolate keeps it: one module
 * instance for every request, so module-level caches (and any leak) survive between requests. The
 * Netlify emulator (@netlify/dev) instead starts a fresh Deno worker per request (docs/local.md).
 *
 * As on Netlify, the module's `config` (path, excludedPath, pattern, method) decides which requests
 * it gets; the rest go on to the origin at ORIGIN_URL (static files, Netlify Functions). The Context
 * is scripts/local/netlify-context.ts. Listens on 127.0.0.1 only and refuses a non-loopback Host.
 *
 * Env: PORT (0: any free port), EDGE_FUNCTION (default the MCP function), ORIGIN_URL,
 * NETLIFY_BLOBS_CONTEXT (as Netlify hands it over), EDGE_HARNESS=1 for the bench and load harness
 * (`/__load/memory`, `/__load/settle`). Prints `{"listening":PORT,"pid":PID,"paths":[...]}` when ready.
 */
import type { Config, Context } from "@netlify/edge-functions";
import { urlPathname } from "../../src/http/index.ts";
import { carried, createHostGuard, forbiddenHost, LISTEN_HOST, publicRequest } from "./guard.ts";
import { router } from "./edge-routes.ts";
import { createPlatform } from "./netlify-context.ts";

declare const Deno: {
  env: { get(k: string): string | undefined; toObject(): Record<string, string> };
  pid: number;
  memoryUsage(): { rss: number; heapUsed: number; heapTotal: number; external: number };
  addSignalListener(signal: "SIGINT" | "SIGTERM", handler: () => void): void;
  exit(code: number): never;
  serve(
    opts: { hostname: string; port: number; onListen(a: { port: number }): void },
    handler: (req: Request, info: { remoteAddr: { hostname: string } }) => Response | Promise<Response>,
  ): { shutdown(): Promise<void> };
};
const env = Deno.env;
// The edge runtime's `Netlify.env` global; @netlify/runtime-utils reads env through it too.
(globalThis as { Netlify?: unknown }).Netlify = { env };
const modulePath = env.get("EDGE_FUNCTION") ?? new URL("../../netlify/edge-functions/mcp.ts", import.meta.url).href;
const edge: { default: (req: Request, context: Context) => Response | Promise<Response>; config?: Config } =
  await import(modulePath);

const origin = env.get("ORIGIN_URL");
/** Requests the edge function does not take, on to the origin, with the public host it was asked for. */
async function toOrigin(req: Request): Promise<Response> {
  if (!origin) return new Response("Not found", { status: 404 });
  const url = new URL(req.url);
  const headers = new Headers(req.headers);
  headers.delete("host");
  headers.set("x-forwarded-host", url.host);
  headers.set("x-forwarded-proto", url.protocol.slice(0, -1));
  return await fetch(new URL(`${url.pathname}${url.search}`, origin), { ...carried(req, headers), redirect: "manual" });
}

const platform = createPlatform({ site: { id: env.get("SITE_ID") ?? "0", name: "patttterns-mcp" }, next: toOrigin });
const route = router(edge.config);
const hostAllowed = createHostGuard(env.get("ALLOWED_ORIGINS"));
const harness = env.get("EDGE_HARNESS") === "1";
const collect = (globalThis as { gc?: () => void }).gc;
let requests = 0;

async function handleHarness(path: string): Promise<Response> {
  // After settling pending work and a full GC (deno runs with --expose-gc), heapUsed is what the isolate keeps.
  await platform.drain(30_000);
  if (path === "/__load/settle") return Response.json({ pending: platform.pending() });
  collect?.();
  return Response.json({ ...Deno.memoryUsage(), gc: !!collect, pending: platform.pending(), requests });
}

const server = Deno.serve(
  {
    hostname: LISTEN_HOST,
    port: Number(env.get("PORT") ?? 0),
    onListen: ({ port }) =>
      console.log(JSON.stringify({ listening: port, pid: Deno.pid, paths: edge.config?.path ?? [] })),
  },
  (raw, info) => {
    if (!hostAllowed(raw.headers.get("host"))) return forbiddenHost();
    requests++;
    const path = urlPathname(raw.url);
    if (harness && path.startsWith("/__load/")) return handleHarness(path);
    const req = publicRequest(raw);
    const params = route(req.method, path);
    if (!params) return toOrigin(req);
    return edge.default(req, platform.context({ req, ip: info.remoteAddr.hostname, params }));
  },
);

/** Ctrl-C reaches this process too: stop taking requests, let those in flight and their waitUntil work finish. */
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.shutdown();
  if (!(await platform.drain(10_000)))
    console.error(`[local] exiting with ${platform.pending()} waitUntil task(s) unfinished after 10 s`);
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", stop);
Deno.addSignalListener("SIGTERM", stop);
