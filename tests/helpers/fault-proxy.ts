/**
 * A real HTTP fault injector (node:http) in front of a real upstream (a BlobsServer, a Components API
 * server). Each request is forwarded, or answered with the fault currently set: a delay, an error
 * status, a reset connection, a hang, a truncated body or a garbage body. Every path is recorded.
 */
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from "node:http";
import { once } from "node:events";
import type { AddressInfo, Socket } from "node:net";

export type Fault =
  | { kind: "pass" }
  /** Forward after `ms`: slower than the deadline is a timeout, faster is "slow but in time". */
  | { kind: "delay"; ms: number }
  /** Answer this status (500, 503, 429, …) without forwarding. */
  | { kind: "status"; status: number; headers?: Record<string, string> }
  /** Destroy the socket without answering (ECONNRESET on the client). */
  | { kind: "reset" }
  /** Accept the request and never answer. */
  | { kind: "hang" }
  /** 200 with a Content-Length larger than what is sent, then close. */
  | { kind: "truncate" }
  /** 200 with bytes that are neither JSON nor UTF-8. */
  | { kind: "garbage" };

export interface FaultProxy {
  url: string;
  /** Paths (with query) in arrival order, faulted or not. */
  requests: string[];
  /** One fault for every request, or a function of the request path. */
  set(fault: Fault | ((path: string) => Fault)): void;
  stop(): Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  let choose: (path: string) => Fault = () => ({ kind: "pass" });
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const pass = (req: IncomingMessage, res: ServerResponse) => {
    const out = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    out.on("error", () => res.destroy());
    req.pipe(out);
  };

  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    requests.push(path);
    const fault = choose(path);
    switch (fault.kind) {
      case "pass":
        return pass(req, res);
      case "delay": {
        const t = setTimeout(() => {
          timers.delete(t);
          if (!res.destroyed) pass(req, res);
        }, fault.ms);
        timers.add(t);
        return;
      }
      case "status":
        req.resume();
        return void res
          .writeHead(fault.status, { "content-type": "text/plain", ...fault.headers })
          .end(`injected ${fault.status}`);
      case "reset":
        return void req.socket.destroy();
      case "hang":
        return void req.resume();
      case "truncate":
        req.resume();
        res.writeHead(200, { "content-type": "application/json", "content-length": "4096" });
        res.write('{"seedVersionId":"se');
        return void setTimeout(() => res.socket?.destroy(), 5);
      case "garbage":
        req.resume();
        return void res
          .writeHead(200, { "content-type": "application/octet-stream" })
          .end(Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0xc3, 0x28]));
    }
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    set(fault) {
      choose = typeof fault === "function" ? fault : () => fault;
    },
    async stop() {
      for (const t of timers) clearTimeout(t);
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
