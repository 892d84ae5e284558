/**
 * A Node HTTP listener for a web-standard handler, on 127.0.0.1 only, that refuses a non-loopback
 * Host before the handler sees the request (local-guard.ts): every listener the local server opens
 * in Node is one of these.
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createHostGuard, forbiddenHost, LISTEN_HOST } from "./guard.ts";

export type WebHandler = (req: Request, ip: string) => Response | Promise<Response>;

export interface LoopbackOptions {
  port?: number;
  /** `ALLOWED_ORIGINS`: their hosts are accepted as Host too (a proxy in front). */
  allowedOrigins?: string;
  /** Refuse every request that carries an Origin: for listeners no browser page has any business with. */
  refuseOrigin?: boolean;
}

export interface LoopbackServer {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

export async function listenLoopback(handler: WebHandler, opts: LoopbackOptions = {}): Promise<LoopbackServer> {
  const hostAllowed = createHostGuard(opts.allowedOrigins);
  // overrideGlobalObjects: false, or the adapter swaps this process's global Request and Response.
  const listener = getRequestListener(
    (req, env) => {
      if (!hostAllowed(req.headers.get("host")) || (opts.refuseOrigin && req.headers.has("origin")))
        return forbiddenHost();
      return handler(req, ("incoming" in env ? env.incoming.socket.remoteAddress : undefined) ?? LISTEN_HOST);
    },
    { overrideGlobalObjects: false },
  );
  const server = createServer(listener);
  server.listen(opts.port ?? 0, LISTEN_HOST);
  await once(server, "listening");
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://${LISTEN_HOST}:${port}`,
    port,
    server,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
