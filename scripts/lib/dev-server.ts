/**
 * Serves the real edge function through Netlify's own local emulation (`@netlify/dev`): Deno runs
 * `netlify/edge-functions/mcp.ts`, Blobs is a local sandbox under `.netlify/blobs-serve`, seeded here.
 */
import { createServer, type Server } from "node:http";
import { once } from "node:events";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { NetlifyDev } from "@netlify/dev";
import { openStore } from "../../src/storage/blobs.ts";
import { loadFixtures, ROOT } from "./fixtures.ts";
import { seedStore, type SeedResult } from "./seed.ts";

export interface DevServer {
  url: string;
  seed: SeedResult;
  /** How many times the emulation was restarted to bound its memory. */
  recycles(): number;
  stop(): Promise<void>;
}

/**
 * The emulation runs every request in a fresh Deno Worker, and Deno 2.9.5 does not give a terminated
 * worker's memory back: we measured ~11 MB kept per sequential request and far more under concurrency
 * (20 GB after 600 requests). So the front server restarts the emulation after this many requests:
 * a ~2 s pause that keeps the Deno process under ~2 GB. Production isolates are not affected.
 */
export const RECYCLE_AFTER = 100;
/** The longest a recycle waits for in-flight requests (the tests allow a request 60 s). */
const DRAIN_LIMIT_MS = 30_000;

function createDev() {
  return new NetlifyDev({
    projectRoot: ROOT,
    blobs: { enabled: true },
    edgeFunctions: { enabled: true },
    functions: { enabled: true },
    environmentVariables: { enabled: true },
    staticFiles: { enabled: true },
    redirects: { enabled: true },
    headers: { enabled: true },
    // Offline: no geolocation lookups, no image CDN, no AI gateway, no database.
    geolocation: { enabled: false },
    images: { enabled: false },
    aiGateway: { enabled: false },
    database: { enabled: false },
  });
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

function loopbackHost(host: string | undefined) {
  if (host === undefined) return true;
  try {
    return LOOPBACK.has(new URL(`http://${host}`).hostname);
  } catch {
    return false;
  }
}

export async function startDevServer({ port = 8888, host = "127.0.0.1", recycleAfter = RECYCLE_AFTER } = {}): Promise<DevServer> {
  let dev = createDev();
  await dev.start();
  // After start() the emulated runtime has set this process's Blobs context, so getStore finds the sandbox.
  // The sandbox is a directory (.netlify/blobs-serve), so its contents survive a restart of the emulation.
  const seed = await seedStore(openStore("components"), await loadFixtures(), true);

  let served = 0;
  let inflight = 0;
  let recycles = 0;
  let drained: (() => void) | undefined;
  /** Set while the emulation restarts: new requests wait for it. */
  let restarting: Promise<void> | undefined;

  const recycle = async () => {
    // In-flight requests finish on the old emulation first; one that never ends must not stall
    // the server, so the wait is bounded (and said).
    if (inflight > 0) {
      const drain = new Promise<void>((r) => (drained = r));
      const bounded = new Promise<boolean>((r) => setTimeout(() => r(false), DRAIN_LIMIT_MS).unref());
      if (!(await Promise.race([drain.then(() => true), bounded]))) console.error(`[dev-server] recycling with ${inflight} request(s) still in flight after ${DRAIN_LIMIT_MS / 1000} s`);
    }
    drained = undefined;
    await dev.stop();
    dev = createDev();
    await dev.start();
    served = 0;
    recycles++;
  };

  const server: Server = createServer(async (req, res) => {
    // The emulation rewrites Host before the edge function sees it, so the DNS-rebinding check
    // (a loopback server must refuse foreign Host names) happens here, as the front server.
    if (!loopbackHost(req.headers.host)) {
      res.writeHead(403, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32000, message: "Forbidden: host not allowed" } }));
      return;
    }
    while (restarting) await restarting;
    const current = dev;
    inflight++;
    // The request that reaches the limit is still served by the current emulation: recycle() drains first.
    if (++served >= recycleAfter) restarting = recycle().finally(() => (restarting = undefined));
    const slow = setTimeout(() => console.error(`[dev-server] ${req.method} ${req.url} still pending after 20 s (served ${served}, inflight ${inflight})`), 20_000);
    try {
      const out = await current.handleAndIntrospectNodeRequest(req);
      const response = out?.response ?? new Response("Not found", { status: 404 });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) Readable.fromWeb(response.body as never).pipe(res);
      else res.end();
      // finished() also settles for a response that closed before this line (a client that went
      // away); waiting for a "close" event already emitted would hold `inflight`, and with it the
      // next recycle and every request after it, forever.
      await finished(res).catch(() => {});
    } catch (e) {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(`Local emulation failed: ${e instanceof Error ? e.message : e}`);
    } finally {
      clearTimeout(slow);
      if (--inflight === 0) drained?.();
    }
  });
  server.listen(port, host);
  await once(server, "listening");
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://${host}:${actual}`,
    seed,
    recycles: () => recycles,
    async stop() {
      while (restarting) await restarting;
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await dev.stop();
    },
  };
}
