/**
 * docs/protocol.md, A2–A4 (the body cap included) and A6: what the endpoint answers before any
 * method runs. In process, over the real app (testApp()).
 */
import { describe, expect, it } from "vitest";
import { post, testApp } from "../../helpers/app.ts";
import { init, legacyReq, modernReq, raw, read } from "./helpers.ts";

const app = testApp();
const send = async (req: Request) => read(await app.handle(req));
const MiB = 1024 * 1024;

describe("A2: GET and DELETE → 405 with Allow: POST", () => {
  for (const method of ["GET", "DELETE"]) {
    it(`${method} → 405, Allow: POST, JSON-RPC error without id`, async () => {
      const r = await send(
        raw({ method, headers: { accept: "application/json, text/event-stream", "mcp-session-id": "abc" } }),
      );
      expect(r.status).toBe(405);
      expect(r.headers.get("allow")).toBe("POST");
      expect(r.body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32000 } });
    });
  }
  it("PUT is refused the same way", async () => {
    const r = await send(raw({ method: "PUT", headers: { "content-type": "application/json" }, body: "{}" }));
    expect([r.status, r.headers.get("allow")]).toEqual([405, "POST"]);
  });
});

describe("A3: a non-JSON Content-Type → 415", () => {
  for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/jsonx", null]) {
    it(`Content-Type ${type ?? "(none)"} → 415`, async () => {
      const headers: Record<string, string> = type ? { "content-type": type } : {};
      const r = await send(
        raw({ method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }) }),
      );
      expect(r.status).toBe(415);
      expect(r.body.error.code).toBe(-32000);
    });
  }
  it("application/json with a charset parameter is JSON", async () => {
    const r = await send(
      post({ jsonrpc: "2.0", id: 1, method: "ping" }, { "content-type": "Application/JSON; charset=utf-8" }),
    );
    expect([r.status, r.body]).toEqual([200, { jsonrpc: "2.0", id: 1, result: {} }]);
  });
});

describe("A4: the 1 MiB body cap → 413", () => {
  it("with Content-Length over the cap: 413 before reading the body", async () => {
    let pulled = 0;
    const body = new ReadableStream({
      pull(c) {
        pulled++;
        c.enqueue(new Uint8Array(1024));
      },
    });
    const req = new Request("http://127.0.0.1:8888/mcp", {
      method: "POST",
      body,
      duplex: "half",
      headers: { "content-type": "application/json", "content-length": String(MiB + 1) },
    } as RequestInit);
    const r = await send(req);
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ id: null, error: { code: -32000 } });
    expect(pulled).toBeLessThanOrEqual(2);
  });
  it("a chunked stream without Content-Length: cut once it passes the cap, never read to the end", async () => {
    let sent = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const body = new ReadableStream({
      pull(c) {
        sent += chunk.byteLength;
        c.enqueue(chunk);
      },
    }); // endless
    const req = new Request("http://127.0.0.1:8888/mcp", {
      method: "POST",
      body,
      duplex: "half",
      headers: { "content-type": "application/json" },
    } as RequestInit);
    expect(req.headers.get("content-length")).toBeNull();
    const r = await send(req);
    expect(r.status).toBe(413);
    expect(sent).toBeGreaterThan(MiB);
    expect(sent).toBeLessThan(MiB + 4 * chunk.byteLength);
  });
  it("a body of exactly 1 MiB is read and served", async () => {
    const json = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
    const r = await send(post(json + " ".repeat(MiB - json.length)));
    expect([r.status, r.body.result]).toEqual([200, {}]);
  });
});

describe("A4: not JSON → 400 -32700; not JSON-RPC → 400 -32600", () => {
  const parse = [
    ["truncated JSON", '{"jsonrpc":"2.0","id":1,'],
    ["an empty body", ""],
    ["trailing garbage", '{"jsonrpc":"2.0","id":1,"method":"ping"} x'],
  ];
  for (const [label, body] of parse) {
    it(`${label} → 400, -32700, id null`, async () => {
      const r = await send(post(body));
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } });
    });
  }
  it("invalid UTF-8 → 400, -32700, id null (never decoded with replacement characters)", async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"'),
      0xff,
      0xfe,
      ...new TextEncoder().encode('"}}'),
    ]);
    const r = await send(
      new Request("http://127.0.0.1:8888/mcp", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: bytes,
      }),
    );
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ id: null, error: { code: -32700 } });
  });

  const invalid: [string, unknown, string | number | null][] = [
    ["a string", "ping", null],
    ["a number", 42, null],
    ["null", null, null],
    ["no jsonrpc field", { id: 3, method: "ping" }, 3],
    ['jsonrpc "1.0"', { jsonrpc: "1.0", id: 4, method: "ping" }, 4],
    ["an empty method", { jsonrpc: "2.0", id: 5, method: "" }, 5],
    ["a numeric method", { jsonrpc: "2.0", id: 6, method: 7 }, 6],
    ["array params", { jsonrpc: "2.0", id: 7, method: "ping", params: [1] }, 7],
    ["id null on a request", { jsonrpc: "2.0", id: null, method: "ping" }, null],
    ["an object id", { jsonrpc: "2.0", id: { a: 1 }, method: "ping" }, null],
    ["neither request nor response", { jsonrpc: "2.0", id: 8 }, 8],
  ];
  for (const [label, body, id] of invalid) {
    it(`${label} → 400, -32600, id ${String(id)}`, async () => {
      const r = await send(post(JSON.stringify(body)));
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ jsonrpc: "2.0", id, error: { code: -32600 } });
    });
  }
});

describe("A6: a POSTed JSON-RPC response → 202, empty body", () => {
  const responses = [
    { jsonrpc: "2.0", id: 1, result: {} },
    { jsonrpc: "2.0", id: "x", error: { code: -32601, message: "nope" } },
    { jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse" } },
  ];
  for (const body of responses) {
    it(`${JSON.stringify(body).slice(0, 60)} → 202`, async () => {
      const r = await send(post(body));
      expect([r.status, r.text]).toEqual([202, ""]);
    });
  }
  it("also with a modern version header", async () => {
    const r = await send(post({ jsonrpc: "2.0", id: 1, result: {} }, { "mcp-protocol-version": "2026-07-28" }));
    expect([r.status, r.text]).toEqual([202, ""]);
  });
});

describe("no sessions in the protocol core (the usage decorator adds a stateless id: tests/integration/usage/session.test.ts)", () => {
  it("initialize, a request with a stale Mcp-Session-Id and a modern request mint no Mcp-Session-Id", async () => {
    for (const req of [
      init("2025-11-25"),
      post(
        { jsonrpc: "2.0", id: 1, method: "tools/list" },
        { "mcp-session-id": "stale", "mcp-protocol-version": "2025-11-25" },
      ),
      modernReq("server/discover"),
    ]) {
      const res = await app.handle(req);
      expect(res.status).toBe(200);
      expect(res.headers.get("mcp-session-id")).toBeNull();
    }
  });
  it("Last-Event-ID is ignored", async () => {
    const r = await send(post({ jsonrpc: "2.0", id: 1, method: "ping" }, { "last-event-id": "42" }));
    expect(r.body).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
  });
});

describe("error responses echo the id and carry no stack", () => {
  const cases: [string, Request, string | number][] = [
    ["legacy unknown method", legacyReq("nope/nothing", undefined, undefined, "req-1"), "req-1"],
    ["modern unknown method", modernReq("nope/nothing", {}, { id: 99 }), 99],
    ["modern _meta fault", modernReq("tools/list", {}, { id: "m", meta: null }), "m"],
    ["modern header mismatch", modernReq("tools/list", {}, { id: 0, headers: { "mcp-method": "prompts/list" } }), 0],
    ["unknown tool", legacyReq("tools/call", { name: "nope" }, "2025-11-25", 12), 12],
  ];
  for (const [label, req, id] of cases) {
    it(label, async () => {
      const r = await send(req);
      expect(r.body.id).toBe(id);
      expect(r.body.error).toBeDefined();
      expect(r.text).not.toMatch(/\bat \S+ \(|\.ts:\d+|stack/i);
    });
  }
});
