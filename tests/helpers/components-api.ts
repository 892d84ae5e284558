/**
 * A real local stand-in for the Components API (node:http), serving the committed fixtures with the
 * API's read operations: `op=versions&id=`, `op=active&id=` and `op=code&id=&version=`. Unknown ids
 * and versions are 404, as the API answers them. Put a fault proxy in front of it to misbehave.
 */
import { createServer } from "node:http";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import type { FixturePattern } from "../../scripts/lib/fixtures.ts";

export interface ComponentsApi {
  url: string;
  requests: string[];
  stop(): Promise<void>;
}

export async function startComponentsApi(fixtures: FixturePattern[]): Promise<ComponentsApi> {
  const byId = new Map(fixtures.map((f) => [f.entry.id, f]));
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? "/");
    const q = new URL(req.url ?? "/", "http://x").searchParams;
    const f = byId.get(q.get("id") ?? "");
    const op = q.get("op");
    const send = (type: string, body: Uint8Array) => res.writeHead(200, { "content-type": type }).end(body);
    if (f && op === "versions") return send("application/json", f.indexBytes);
    const version = op === "active" ? f?.index.activeVersionId : op === "code" ? q.get("version") : undefined;
    const code = f?.code.find((c) => c.versionId === version);
    if (code) return send("text/plain; charset=utf-8", code.bytes);
    res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async stop() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
