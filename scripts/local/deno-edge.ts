/**
 * Runs ON DENO, not Node: the local edge. One long-lived `Deno.serve` runs the real edge function
 * modules (`netlify/edge-functions/mcp.ts`, `registry.ts`) the way a production isolate keeps them: one
 * module instance for every request, so module-level caches (and any leak) survive between requests.
 * The Netlify emulator (@netlify/dev) instead starts a fresh Deno worker per request (docs/local.md).
 *
 * As on Netlify, each module's `config` (path, excludedPath, pattern, method) decides which requests
 * it gets; the rest go on to the origin at ORIGIN_URL (static files, Netlify Functions). The Context
 * is scripts/local/netlify-context.ts. Listens on 127.0.0.1 only and refuses a non-loopback Host.
 *
 * Env: PORT (0: any free port), EDGE_FUNCTION (one module alone; default every edge function), ORIGIN_URL,
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
  readDir(path: URL): AsyncIterable<{ name: string; isFile: boolean }>;
  serve(
    opts: { hostname: string; port: number; onListen(a: { port: number }): void },
    handler: (req: Request, info: { remoteAddr: { hostname: string } }) => Response | Promise<Response>,
  ): { shutdown(): Promise<void> };
};
const env = Deno.env;
// The edge runtime's `Netlify.env` global; @netlify/runtime-utils reads env through it too.
(globalThis as { Netlify?: unknown }).Netlify = { env };
type EdgeModule = { default: (req: Request, context: Context) => Response | Promise<Response>; config?: Config };
/**
 * Every edge function of the site (netlify/edge-functions/*.ts, by name, as Netlify orders in-source
 * declarations), or EDGE_FUNCTION alone.
 */
async function edgeModules(): Promise<string[]> {
  const one = env.get("EDGE_FUNCTION");
  if (one) return [one];
  const dir = new URL("../../netlify/edge-functions/", import.meta.url);
  const names: string[] = [];
  for await (const f of Deno.readDir(dir)) if (f.isFile && /\.(?:ts|js|mts)$/.test(f.name)) names.push(f.name);
  return names.sort().map((n) => new URL(n, dir).href);
}
const edges = await Promise.all(
  (await edgeModules()).map(async (path) => {
    const edge: EdgeModule = await import(path);
    return { edge, route: router(edge.config) };
  }),
);

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
      console.log(
        JSON.stringify({ listening: port, pid: Deno.pid, paths: edges.flatMap(({ edge }) => edge.config?.path ?? []) }),
      ),
  },
  (raw, info) => {
    if (!hostAllowed(raw.headers.get("host"))) return forbiddenHost();
    requests++;
    const path = urlPathname(raw.url);
    if (harness && path.startsWith("/__load/")) return handleHarness(path);
    const req = publicRequest(raw);
    for (const { edge, route } of edges) {
      const params = route(req.method, path);
      if (params) return edge.default(req, platform.context({ req, ip: info.remoteAddr.hostname, params }));
    }
    return toOrigin(req);
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
