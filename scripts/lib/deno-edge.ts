/**
 * Runs ON DENO, not Node: serves the real edge function module (`netlify/edge-functions/mcp.ts`) under
 * `Deno.serve`, the way a production isolate keeps it: one module instance for every request, so
 * module-level caches and any leak survive between requests (the @netlify/dev emulator starts a fresh
 * worker per request and would hide both). Blobs credentials come from NETLIFY_BLOBS_CONTEXT, as on
 * Netlify. Started by `scripts/lib/deno-serve.ts`; `/__load/*` paths are this harness's, not the app's.
 */
export {};

declare const Deno: {
  env: { get(k: string): string | undefined; toObject(): Record<string, string> };
  pid: number;
  memoryUsage(): { rss: number; heapUsed: number; heapTotal: number; external: number };
  serve(
    opts: { hostname: string; port: number; onListen(a: { port: number }): void },
    handler: (req: Request, info: { remoteAddr: { hostname: string } }) => Response | Promise<Response>,
  ): unknown;
};

// The edge runtime's `Netlify.env` global; @netlify/runtime-utils reads env through it too.
(globalThis as { Netlify?: unknown }).Netlify = { env: Deno.env };
const { default: edge } = await import("../../netlify/edge-functions/mcp.ts");

/** Work handed to waitUntil: production keeps the isolate alive for it, so this harness does too. */
const pending = new Set<Promise<unknown>>();
let requests = 0;

function context(ip: string) {
  return {
    ip,
    requestId: `load-${++requests}`,
    waitUntil(p: Promise<unknown>) {
      const tracked = Promise.resolve(p).catch(() => {}).finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    deploy: { context: "production", id: "load", published: true },
    site: { id: "load", name: "load", url: "http://127.0.0.1" },
    server: { region: "local" },
    geo: {},
    params: {},
  };
}

const collect = (globalThis as { gc?: () => void }).gc;

Deno.serve({
  hostname: "127.0.0.1",
  port: Number(Deno.env.get("PORT") ?? 0),
  onListen: ({ port }) => console.log(JSON.stringify({ listening: port, pid: Deno.pid })),
}, async (req, info) => {
  const path = new URL(req.url).pathname;
  if (path === "/__load/memory") {
    // After a full GC (deno runs with --expose-gc), heapUsed is what the isolate really keeps.
    await Promise.allSettled([...pending]);
    collect?.();
    return Response.json({ ...Deno.memoryUsage(), gc: !!collect, pending: pending.size, requests });
  }
  if (path === "/__load/settle") {
    await Promise.allSettled([...pending]);
    return Response.json({ pending: pending.size });
  }
  return edge(req, context(info.remoteAddr.hostname) as never);
});
