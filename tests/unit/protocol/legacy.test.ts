/**
 * docs/protocol.md, L1–L5 and B1–B6 for 2025-03-26 / 2025-06-18 / 2025-11-25:
 * initialize, notifications, ping, the version header, and result shapes without 2026 fields.
 */
import { describe, expect, it } from "vitest";
import { post, testApp } from "../../helpers/app.ts";
import { init, legacyReq, read, V } from "./helpers.ts";

const app = testApp();
const send = async (req: Request) => read(await app.handle(req));

describe("L1: initialize", () => {
  for (const version of V.legacy) {
    it(`asked for ${version}: 200, echoes it, no Mcp-Session-Id`, async () => {
      const res = await app.handle(init(version, "init-1"));
      expect(res.headers.get("mcp-session-id")).toBeNull();
      const r = await read(res);
      expect(r.status).toBe(200);
      expect(r.body.id).toBe("init-1");
      const result = r.body.result;
      expect(result.protocolVersion).toBe(version);
      expect(result.serverInfo).toMatchObject({ name: "patttterns-mcp", version: expect.any(String) });
      expect(result.capabilities.tools).toBeDefined();
      expect(result.instructions).toMatch(/search/i);
      expect(result.resultType).toBeUndefined();
      expect(result._meta).toBeUndefined();
    });
  }
  for (const asked of ["2024-11-05", "2026-07-28", "1999-01-01", "garbage"]) {
    it(`asked for ${asked}: answers 2025-11-25`, async () => {
      const r = await send(init(asked));
      expect(r.status).toBe(200);
      expect(r.body.result.protocolVersion).toBe("2025-11-25");
    });
  }
  it("serverInfo fields follow the revision: name+version (03-26), + title (06-18), + description, websiteUrl (11-25)", async () => {
    const info = async (v: string) => (await send(init(v))).body.result.serverInfo;
    expect(Object.keys(await info("2025-03-26")).sort()).toEqual(["name", "version"]);
    expect(await info("2025-06-18")).toMatchObject({ name: "patttterns-mcp", title: "PATTTTERNS" });
    expect(await info("2025-06-18")).not.toHaveProperty("description");
    expect(await info("2025-11-25")).toMatchObject({
      title: "PATTTTERNS",
      description: expect.any(String),
      websiteUrl: "https://patttterns.com",
    });
  });
  it("initialize is legacy even with a 2026-07-28 version header", async () => {
    const r = await send(
      post(
        { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {} } },
        { "mcp-protocol-version": "2026-07-28" },
      ),
    );
    expect([r.status, r.body.result.protocolVersion]).toEqual([200, "2025-06-18"]);
  });
});

describe("L2: an unsupported MCP-Protocol-Version header → 400", () => {
  for (const version of ["2024-11-05", "2025-13-01", "banana"]) {
    it(`${version} on a request → 400 -32000 with the request id`, async () => {
      const r = await send(legacyReq("tools/list", undefined, version, 5));
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ id: 5, error: { code: -32000 } });
      expect(r.body.error.message).toContain("2025-11-25");
    });
  }
  it("on a notification → 400, id null", async () => {
    const r = await send(
      post({ jsonrpc: "2.0", method: "notifications/initialized" }, { "mcp-protocol-version": "2024-11-05" }),
    );
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ id: null, error: { code: -32000 } });
  });
});

describe("L3: no header means 2025-03-26, and no handshake state is needed", () => {
  it("tools/list without initialize or header → 200", async () => {
    const r = await send(legacyReq("tools/list"));
    expect(r.status).toBe(200);
    expect(r.body.result.tools.length).toBeGreaterThanOrEqual(4);
  });
});

describe("L4: notifications → 202, empty body", () => {
  const notes = [
    { jsonrpc: "2.0", method: "notifications/initialized" },
    { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1, reason: "x" } },
    { jsonrpc: "2.0", method: "notifications/roots/list_changed" },
    { jsonrpc: "2.0", method: "notifications/whatever" },
  ];
  for (const body of notes) {
    for (const version of [undefined, "2025-11-25"]) {
      it(`${body.method} (${version ?? "no header"}) → 202`, async () => {
        const r = await send(post(body, version ? { "mcp-protocol-version": version } : {}));
        expect([r.status, r.text]).toEqual([202, ""]);
        expect(r.headers.get("content-type")).toBeNull();
      });
    }
  }
});

describe("L5: other requests → 200 JSON; errors in the body", () => {
  for (const version of V.legacy) {
    it(`ping (${version}) → {}`, async () => {
      const r = await send(legacyReq("ping", undefined, version === "2025-03-26" ? undefined : version, "p"));
      expect([r.status, r.body]).toEqual([200, { jsonrpc: "2.0", id: "p", result: {} }]);
    });
  }
  for (const method of [
    "nope/nothing",
    "server/discover",
    "resources/subscribe",
    "logging/setLevel",
    "prompts/list",
    "completion/complete",
  ]) {
    it(`${method} → 200, -32601`, async () => {
      const r = await send(legacyReq(method, {}, "2025-11-25", 3));
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ id: 3, error: { code: -32601 } });
    });
  }
  it("tools/list: tools with name, description and an object inputSchema; no 2026 fields", async () => {
    const r = await send(legacyReq("tools/list", undefined, "2025-11-25"));
    const result = r.body.result;
    expect(Object.keys(result)).toEqual(["tools"]);
    for (const t of result.tools) {
      expect(t.name).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(typeof t.description).toBe("string");
      expect(t.inputSchema.type).toBe("object");
      expect(t.outputSchema).toBeUndefined();
    }
  });
  it("tools/call: content only, no resultType, _meta, ttlMs or structuredContent", async () => {
    const r = await send(
      legacyReq("tools/call", { name: "search_patterns", arguments: { query: "tabs", limit: 1 } }, "2025-06-18"),
    );
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.result)).toEqual(["content"]);
    expect(r.body.result.content).toEqual([{ type: "text", text: expect.any(String) }]);
  });
  it("resources/read of an unknown URI → 200, -32002 (legacy code), data.uri", async () => {
    const r = await send(legacyReq("resources/read", { uri: "patttterns://nothing/here" }, "2025-11-25", 4));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: 4, error: { code: -32002, data: { uri: "patttterns://nothing/here" } } });
  });
  it("a request that names a legacy revision in _meta is served as legacy", async () => {
    const r = await send(
      post(
        {
          jsonrpc: "2.0",
          id: 1,
          method: "ping",
          params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2025-11-25" } },
        },
        { "mcp-protocol-version": "2025-11-25" },
      ),
    );
    expect([r.status, r.body.result]).toEqual([200, {}]);
  });
});
