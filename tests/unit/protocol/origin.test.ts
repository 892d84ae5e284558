/**
 * docs/protocol.md, A1 (Origin and Host) and CORS: the allow-list, 403s, and the CORS
 * headers every answer to an allowed browser origin carries, errors and preflight included.
 */
import { describe, expect, it } from "vitest";
import { post, testApp } from "../../helpers/app.ts";
import { modernReq, raw, read } from "./helpers.ts";

const app = testApp();
const ping = (headers: Record<string, string> = {}) => post({ jsonrpc: "2.0", id: 1, method: "ping" }, headers);

describe("A1: Origin allow-list", () => {
  const allowed: [string, Record<string, string>][] = [
    ["no Origin (non-browser clients)", {}],
    ["the site's origin", { origin: "https://patttterns.com" }],
    ["localhost on any port", { origin: "http://localhost:5173" }],
    ["127.0.0.1 on any port", { origin: "http://127.0.0.1:1" }],
    ["[::1]", { origin: "http://[::1]:3000" }],
  ];
  for (const [label, headers] of allowed) {
    it(`${label} → 200`, async () => {
      const r = await read(await app.handle(ping(headers)));
      expect([r.status, r.body]).toEqual([200, { jsonrpc: "2.0", id: 1, result: {} }]);
    });
  }

  const refused = [
    "http://evil.example.com",
    "null",
    "https://patttterns.com.evil.com",
    "http://localhost.evil.com",
    "https://patttterns.com/",
    "file://",
  ];
  for (const origin of refused) {
    it(`Origin ${origin} → 403, JSON-RPC error without id, no CORS`, async () => {
      const res = await app.handle(ping({ origin }));
      const r = await read(res);
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32000 } });
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
    });
  }

  it("an evil Origin is refused before anything else: even a GET or a bad body gets 403", async () => {
    for (const req of [
      raw({ method: "GET", headers: { origin: "http://evil.example.com" } }),
      post("{", { origin: "http://evil.example.com" }),
    ]) {
      expect((await app.handle(req)).status).toBe(403);
    }
  });

  it("ALLOWED_ORIGINS adds exact origins; others stay refused", async () => {
    const configured = testApp({ env: { ALLOWED_ORIGINS: "https://app.example.com, https://tools.example.org/" } });
    for (const origin of ["https://app.example.com", "https://tools.example.org"]) {
      const res = await configured.handle(ping({ origin }));
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe(origin);
    }
    expect((await configured.handle(ping({ origin: "https://example.com" }))).status).toBe(403);
    expect((await app.handle(ping({ origin: "https://app.example.com" }))).status).toBe(403);
  });

  it("SITE_URL moves the site's own origin", async () => {
    const moved = testApp({ env: { SITE_URL: "https://staging.patttterns.dev" } });
    expect((await moved.handle(ping({ origin: "https://staging.patttterns.dev" }))).status).toBe(200);
    expect((await moved.handle(ping({ origin: "https://patttterns.com" }))).status).toBe(403);
  });
});

describe("A1: Host on a loopback server (DNS rebinding)", () => {
  for (const host of ["localhost:8888", "127.0.0.1:8888", "[::1]:8888", "localhost"]) {
    it(`Host ${host} → 200`, async () => {
      expect((await app.handle(ping({ host }))).status).toBe(200);
    });
  }
  for (const host of ["evil.example.com", "evil.example.com:8888", "127.0.0.1.nip.io:8888", "localhost.evil.com"]) {
    it(`Host ${host} → 403 even without Origin`, async () => {
      const r = await read(await app.handle(ping({ host })));
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe(-32000);
    });
  }
  it("a public deployment (non-loopback URL) does not judge its Host", async () => {
    const req = new Request("https://mcp.patttterns.com/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", host: "mcp.patttterns.com" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    expect((await app.handle(req)).status).toBe(200);
  });
});

describe("CORS for allowed browser origins", () => {
  const origin = "http://localhost:5173";
  const expectCors = (h: Headers) => {
    expect(h.get("access-control-allow-origin")).toBe(origin);
    expect(h.get("vary")).toMatch(/Origin/);
    const exposed = (h.get("access-control-expose-headers") ?? "").toLowerCase();
    for (const name of ["mcp-protocol-version", "mcp-session-id", "mcp-method", "mcp-name"])
      expect(exposed).toContain(name);
  };

  it("on a success", async () => {
    const res = await app.handle(modernReq("tools/list", {}, { headers: { origin } }));
    expect(res.status).toBe(200);
    expectCors(res.headers);
  });
  const errors: [string, Request, number][] = [
    ["405", raw({ method: "DELETE", headers: { origin } }), 405],
    ["415", raw({ method: "POST", headers: { origin, "content-type": "text/plain" }, body: "x" }), 415],
    ["400 parse error", post("{", { origin }), 400],
    ["400 header mismatch", modernReq("tools/list", {}, { headers: { origin, "mcp-method": "x" } }), 400],
    ["404 modern unknown method", modernReq("nope", {}, { headers: { origin } }), 404],
    ["202 notification", post({ jsonrpc: "2.0", method: "notifications/initialized" }, { origin }), 202],
  ];
  for (const [label, req, status] of errors) {
    it(`on ${label}`, async () => {
      const res = await app.handle(req);
      expect(res.status).toBe(status);
      expectCors(res.headers);
    });
  }
  it("on a 413", async () => {
    const res = await app.handle(post(" ".repeat(1024 * 1024 + 1), { origin }));
    expect(res.status).toBe(413);
    expectCors(res.headers);
  });

  it("preflight (OPTIONS) allows POST and the MCP request headers, Mcp-Param-* included", async () => {
    const res = await app.handle(
      raw({
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers":
            "content-type, mcp-protocol-version, mcp-method, mcp-name, mcp-param-region",
        },
      }),
    );
    expect(res.status).toBe(204);
    expectCors(res.headers);
    expect(res.headers.get("access-control-allow-methods")).toContain("POST");
    const allowed = (res.headers.get("access-control-allow-headers") ?? "").toLowerCase();
    for (const name of [
      "content-type",
      "accept",
      "authorization",
      "mcp-protocol-version",
      "mcp-method",
      "mcp-name",
      "mcp-session-id",
      "last-event-id",
      "mcp-param-region",
    ]) {
      expect(allowed).toContain(name);
    }
  });
  it("preflight from a refused origin → 403 without CORS", async () => {
    const res = await app.handle(
      raw({
        method: "OPTIONS",
        headers: { origin: "http://evil.example.com", "access-control-request-method": "POST" },
      }),
    );
    expect(res.status).toBe(403);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });
  it("no Origin → no CORS headers", async () => {
    const res = await app.handle(ping());
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });
});
