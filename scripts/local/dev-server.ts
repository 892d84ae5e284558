/**
 * Serves the real edge function through Netlify's own local emulation (`@netlify/dev`): Deno runs
 * `netlify/edge-functions/mcp.ts`, Blobs is a local sandbox under `.netlify/blobs-serve`, seeded here.
 * `npm run start:netlify` and the tests that check the function on Netlify's runtime use it; `npm
 * start` is scripts/local/server.ts. What the emulation does per request, and what it opens on
 * which interface: docs/local.md.
 */
import { createServer, type Server } from "node:http";
import { once } from "node:events";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { NetlifyDev } from "@netlify/dev";
import { openStore } from "../../src/storage/blobs.ts";
import { loadFixtures } from "../lib/fixtures.ts";
import { ROOT } from "../lib/repo-root.ts";
import { createHostGuard, FORBIDDEN_HOST_BODY, LISTEN_HOST } from "./guard.ts";
import { seedStore, type SeedResult } from "../lib/seed.ts";

export interface DevServer {
  url: string;
  seed: SeedResult;
  /** How many times the emulation was restarted to bound its memory. */
  recycles(): number;
  stop(): Promise<void>;
}

/**
 * Per request, the emulation starts two Deno Workers: one to read the functions' `config` and one to
 * run the request. It terminates the second but never the first, so each request leaves a Worker
 * behind: one more thread and ~14 MB kept, far more under concurrency (20 GB after 600 requests). So
 * the front server restarts the emulation after this many requests, a pause of ~2 s (logged) that
 * keeps the Deno process under ~2 GB. Production isolates are not affected; docs/local.md has the
 * measurement.
 */
export const RECYCLE_AFTER = 100;
/** The longest a recycle waits for in-flight requests (the tests allow a request 60 s). */
const DRAIN_LIMIT_MS = 30_000;

type Feature = "blobs" | "edgeFunctions" | "functions";

/**
 * Netlify's local emulation, offline: no geolocation lookups, no image CDN, no AI gateway, no
 * database. `off` turns more features off (the local server keeps only static files, headers and
 * redirects). `serverAddress` is where the edge function's requests appear to arrive: without it the
 * emulation starts a server of its own (on every interface) and edge functions see its port.
 */
export function createNetlifyDev(off: Partial<Record<Feature, false>> = {}, serverAddress?: string) {
  return new NetlifyDev({
    projectRoot: ROOT,
    serverAddress,
    blobs: { enabled: off.blobs ?? true },
    edgeFunctions: { enabled: off.edgeFunctions ?? true },
    functions: { enabled: off.functions ?? true },
    environmentVariables: { enabled: true },
    staticFiles: { enabled: true },
    redirects: { enabled: true },
    headers: { enabled: true },
    geolocation: { enabled: false },
    images: { enabled: false },
    aiGateway: { enabled: false },
    database: { enabled: false },
  });
}

export async function startDevServer({ port = 8888, recycleAfter = RECYCLE_AFTER } = {}): Promise<DevServer> {
  const hostAllowed = createHostGuard(process.env.ALLOWED_ORIGINS);
  let served = 0;
  let inflight = 0;
  let recycles = 0;
  let drained: (() => void) | undefined;
  /** Set while the emulation starts or restarts: new requests wait for it. */
  let restarting: Promise<unknown> | undefined;
  let dev: ReturnType<typeof createNetlifyDev>;
  // The emulation hands edge functions `localhost:<port of serverAddress>` as their origin: this
  // server's port, so the page and the server card name the port users reach.
  let serverAddress = "";

  const recycle = async () => {
    const started = performance.now();
    // In-flight requests finish on the old emulation first; one that never ends must not stall
    // the server, so the wait is bounded (and said).
    if (inflight > 0) {
      const drain = new Promise<void>((r) => (drained = r));
      const bounded = new Promise<boolean>((r) => setTimeout(() => r(false), DRAIN_LIMIT_MS).unref());
      if (!(await Promise.race([drain.then(() => true), bounded])))
        console.error(
          `[dev-server] recycling with ${inflight} request(s) still in flight after ${DRAIN_LIMIT_MS / 1000} s`,
        );
    }
    drained = undefined;
    await dev.stop();
    dev = createNetlifyDev({}, serverAddress);
    await dev.start();
    served = 0;
    recycles++;
    console.error(
      `[dev-server] restarted the emulation after ${recycleAfter} requests (restart ${recycles}); new requests waited ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  };

  const server: Server = createServer(async (req, res) => {
    // The emulation rewrites Host before the edge function sees it, so the DNS-rebinding check
    // (a loopback server must refuse foreign Host names) happens here, as the front server.
    if (!hostAllowed(req.headers.host ?? null)) {
      res.writeHead(403, { "content-type": "application/json" });
      res.end(FORBIDDEN_HOST_BODY);
      return;
    }
    while (restarting) await restarting;
    const current = dev;
    inflight++;
    // The request that reaches the limit is still served by the current emulation: recycle() drains first.
    if (++served >= recycleAfter) restarting = recycle().finally(() => (restarting = undefined));
    const slow = setTimeout(
      () =>
        console.error(
          `[dev-server] ${req.method} ${req.url} still pending after 20 s (served ${served}, inflight ${inflight})`,
        ),
      20_000,
    );
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
  server.listen(port, LISTEN_HOST);
  await once(server, "listening");
  const address = server.address();
  serverAddress = `http://${LISTEN_HOST}:${typeof address === "object" && address ? address.port : port}`;
  dev = createNetlifyDev({}, serverAddress);
  await (restarting = dev.start().finally(() => (restarting = undefined)));
  // After start() the emulated runtime has set this process's Blobs context, so getStore finds the sandbox.
  // The sandbox is a directory (.netlify/blobs-serve), so its contents survive a restart of the emulation.
  const seed = await seedStore(openStore("components"), await loadFixtures(), true);
  return {
    url: serverAddress,
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
