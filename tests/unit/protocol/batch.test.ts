/**
 * docs/protocol.md, A5: JSON-RPC batches. Served only for 2025-03-26 (no version header, no
 * envelope: B0326 §Batching MUST accept them), at most 32 messages, never with initialize.
 */
import { describe, expect, it } from "vitest";
import { post, testApp } from "../../helpers/app.ts";
import { fullMeta, read } from "./helpers.ts";

const app = testApp();
const send = async (body: unknown, headers: Record<string, string> = {}) => read(await app.handle(post(body, headers)));
const ping = (id: number | string) => ({ jsonrpc: "2.0", id, method: "ping" });
const note = { jsonrpc: "2.0", method: "notifications/initialized" };

describe("2025-03-26 batches are served", () => {
  it("two requests → 200 and one response each, by id", async () => {
    const r = await send([ping(1), { jsonrpc: "2.0", id: "t", method: "tools/list" }]);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("application/json");
    expect(r.body).toHaveLength(2);
    expect(r.body[0]).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
    expect(r.body[1].id).toBe("t");
    expect(r.body[1].result.tools.length).toBeGreaterThan(0);
    expect(r.body[1].result.resultType).toBeUndefined();
  });
  it("notifications and posted responses in a batch get no reply element", async () => {
    const r = await send([note, ping(2), { jsonrpc: "2.0", id: 9, result: {} }]);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([{ jsonrpc: "2.0", id: 2, result: {} }]);
  });
  it("only notifications → 202, empty body", async () => {
    const r = await send([note, { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } }]);
    expect([r.status, r.text]).toEqual([202, ""]);
  });
  it("only posted responses → 202, empty body", async () => {
    const r = await send([{ jsonrpc: "2.0", id: 1, result: {} }]);
    expect([r.status, r.text]).toEqual([202, ""]);
  });
  it("a bad element gets its own error; the rest is served", async () => {
    const r = await send([
      { jsonrpc: "1.0", id: 3, method: "ping" },
      42,
      { jsonrpc: "2.0", id: 4, method: "nope/nothing" },
      ping(5),
    ]);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      expect.objectContaining({ id: 3, error: expect.objectContaining({ code: -32600 }) }),
      expect.objectContaining({ id: null, error: expect.objectContaining({ code: -32600 }) }),
      expect.objectContaining({ id: 4, error: expect.objectContaining({ code: -32601 }) }),
      { jsonrpc: "2.0", id: 5, result: {} },
    ]);
  });
  it("initialize inside a batch is refused for that element (-32600), the others are served", async () => {
    const initialize = {
      jsonrpc: "2.0",
      id: "i",
      method: "initialize",
      params: { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    };
    const r = await send([initialize, ping(6)]);
    expect(r.status).toBe(200);
    expect(r.body[0]).toMatchObject({ id: "i", error: { code: -32600 } });
    expect(r.body[1]).toEqual({ jsonrpc: "2.0", id: 6, result: {} });
  });
  it("exactly 32 messages are served", async () => {
    const r = await send(Array.from({ length: 32 }, (_, i) => ping(i)));
    expect(r.status).toBe(200);
    expect(r.body.map((m: { id: number }) => m.id)).toEqual(Array.from({ length: 32 }, (_, i) => i));
  });
});

describe("batches that are refused with 400 -32600", () => {
  const refused: [string, unknown, Record<string, string>][] = [
    ["an empty batch", [], {}],
    ["33 messages (over the cap)", Array.from({ length: 33 }, (_, i) => ping(i)), {}],
    ["version header 2025-06-18 (batching was removed)", [ping(1)], { "mcp-protocol-version": "2025-06-18" }],
    ["version header 2025-11-25", [ping(1)], { "mcp-protocol-version": "2025-11-25" }],
    ["version header 2026-07-28", [ping(1)], { "mcp-protocol-version": "2026-07-28" }],
    [
      "an element carrying a 2026-07-28 envelope",
      [ping(1), { jsonrpc: "2.0", id: 2, method: "tools/list", params: { _meta: fullMeta() } }],
      {},
    ],
  ];
  for (const [label, body, headers] of refused) {
    it(label, async () => {
      const r = await send(body, headers);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });
    });
  }
});
