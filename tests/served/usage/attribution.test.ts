/**
 * Against `npm start` (the real edge function on Deno, writing to the local usage store after each
 * response), read back through the monthly review: a 2025-era client initializes, then calls two
 * tools, and the review (`buildReport` over the folded month) attributes all three calls to its
 * name, through the signed session id it was given. SDK 1.x over HTTP, and mcp-remote over stdio as
 * Claude Desktop runs it. A tampered session id is attributed to nobody.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildReport } from "../../../scripts/ops/usage-report/report.ts";
import { foldUntil, openUsageStore, type UsageStore } from "../../../scripts/ops/usage-store.ts";
import type { Monthly } from "../../../src/usage/monthly.ts";
import { connectMcpRemote, viaMcpRemote } from "../../helpers/mcp-remote.ts";
import { SERVED } from "../../helpers/served.ts";

const TIMEOUT = 180_000;
/** The writes land after the responses (each bounded at 10 s). */
const SETTLE_LIMIT_MS = 60_000;
const endpoint = `${SERVED[0].url}/mcp`;
const unique = (what: string) => `e2e-${what}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let store: UsageStore;
beforeAll(async () => {
  store = await openUsageStore();
});
afterAll(async () => {
  await store?.close();
});

/** The month's review once `count` of it reaches `expected` (or the limit passes). */
async function reviewOnce(count: (r: ReturnType<typeof buildReport>) => number, expected: number) {
  const month = new Date().toISOString().slice(0, 7);
  const report = (blobs: Monthly[]) => buildReport(blobs[0]);
  const blobs = await foldUntil(store.kv, [month], (b) => count(report(b)), expected, SETTLE_LIMIT_MS);
  return report(blobs);
}

/** Two tool calls any client makes after the handshake. */
async function twoCalls(client: Pick<Client, "callTool">) {
  const hits = await client.callTool({ name: "search_components", arguments: { query: "tabs" } });
  expect(hits.isError).toBeFalsy();
  const code = await client.callTool({ name: "get_component", arguments: { pattern_id: "#12" } });
  expect(code.isError).toBeFalsy();
}

describe("the monthly review names 2025-era clients by their session id", () => {
  it("SDK 1.x: initialize and two tool calls, all three under its name", { timeout: TIMEOUT }, async () => {
    const name = unique("sdk1");
    const transport = new StreamableHTTPClientTransport(new URL(endpoint));
    const client = new Client({ name, version: "1.0.0" });
    await client.connect(transport);
    try {
      expect(transport.protocolVersion).toBe("2025-11-25");
      expect(transport.sessionId).toMatch(/^[\x21-\x7e]+$/);
      await twoCalls(client);
    } finally {
      await client.close();
    }
    const report = await reviewOnce((r) => r.by_agent[`${name}/1.0.0`] ?? 0, 3);
    expect(report.by_agent[`${name}/1.0.0`]).toBe(3);
  });

  it("mcp-remote over stdio: initialize and two tool calls, all three under its name", {
    timeout: TIMEOUT,
  }, async () => {
    const name = unique("desktop");
    const remote = await connectMcpRemote(endpoint, { name, version: "0.1.0" });
    try {
      await twoCalls(remote.client);
    } finally {
      await remote.close();
    }
    const agent = `${viaMcpRemote(name)}/0.1.0`;
    const report = await reviewOnce((r) => r.by_agent[agent] ?? 0, 3);
    expect(report.by_agent[agent]).toBe(3);
  });

  it("a tampered session id is attributed to nobody: its calls are unknown", { timeout: TIMEOUT }, async () => {
    const name = unique("tampered");
    const userAgent = unique("ua");
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(endpoint, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "user-agent": userAgent,
          ...headers,
        },
        body: JSON.stringify(body),
      });
    const init = await post({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name, version: "1" } },
    });
    expect(init.status).toBe(200);
    const id = init.headers.get("mcp-session-id")!;
    const [kid, payload, sig] = id.split(".");
    // The signature of this very id, one character changed: the name it carries is intact, and not trusted.
    const tampered = `${kid}.${payload}.${sig[0] === "A" ? "B" : "A"}${sig.slice(1)}`;
    for (const [i, [tool, args]] of [
      ["search_components", { query: "tabs" }],
      ["get_component", { pattern_id: "#12" }],
    ].entries()) {
      const res = await post(
        { jsonrpc: "2.0", id: i + 2, method: "tools/call", params: { name: tool, arguments: args } },
        { "mcp-protocol-version": "2025-11-25", "mcp-session-id": tampered },
      );
      // Ignored, never refused: the call is answered as any other.
      expect(res.status).toBe(200);
      expect((await res.json()).result.isError).toBeUndefined();
    }
    const report = await reviewOnce(
      (r) => (r.unknown_by_user_agent[userAgent] ?? 0) + (r.by_agent[`${name}/1`] ?? 0),
      3,
    );
    expect(report.unknown_by_user_agent[userAgent]).toBe(2);
    expect(report.by_agent[`${name}/1`]).toBe(1);
  });
});
