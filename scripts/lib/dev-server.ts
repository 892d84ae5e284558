/**
 * Serves the real edge function through Netlify's own local emulation (`@netlify/dev`): Deno runs
 * `netlify/edge-functions/mcp.ts`, Blobs is a local sandbox under `.netlify/blobs-serve`, seeded here.
 */
import { createServer, type Server } from "node:http";
import { once } from "node:events";
import { Readable } from "node:stream";
import { NetlifyDev } from "@netlify/dev";
import { openStore } from "../../src/storage/blobs.ts";
import { loadFixtures, ROOT } from "./fixtures.ts";
import { seedStore, type SeedResult } from "./seed.ts";

export interface DevServer {
  url: string;
  seed: SeedResult;
  stop(): Promise<void>;
}

export async function startDevServer({ port = 8888, host = "127.0.0.1" } = {}): Promise<DevServer> {
  const dev = new NetlifyDev({
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
  await dev.start();
  // After start() the emulated runtime has set this process's Blobs context, so getStore finds the sandbox.
  const seed = await seedStore(openStore("components"), await loadFixtures(), true);

  const server: Server = createServer(async (req, res) => {
    try {
      const out = await dev.handleAndIntrospectNodeRequest(req);
      const response = out?.response ?? new Response("Not found", { status: 404 });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) Readable.fromWeb(response.body as never).pipe(res);
      else res.end();
    } catch (e) {
      res.writeHead(502, { "content-type": "text/plain" }).end(`Local emulation failed: ${e instanceof Error ? e.message : e}`);
    }
  });
  server.listen(port, host);
  await once(server, "listening");
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://${host}:${actual}`,
    seed,
    async stop() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await dev.stop();
    },
  };
}
