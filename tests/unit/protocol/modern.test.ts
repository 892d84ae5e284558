/**
 * docs/protocol.md, M1–M8 and B1–B6 for 2026-07-28, in process over the real app:
 * `_meta` validation, header validation, version negotiation, removed methods, result fields.
 */
import { describe, expect, it } from "vitest";
import { modern, post, testApp } from "../../helpers/app.ts";
import { fullMeta, META, modernReq, read, V } from "./helpers.ts";

const app = testApp();
const send = async (req: Request) => read(await app.handle(req));
const b64 = (s: string) => `=?base64?${Buffer.from(s, "utf8").toString("base64")}?=`;
const call = (name: string, args: unknown, headers: Record<string, string | null> = {}, id: number | string = 1) =>
  modernReq("tools/call", { name, arguments: args }, { headers, id });

describe("M1: a missing or partial _meta → 400 -32602", () => {
  const { [META.version]: _v, ...noVersion } = fullMeta();
  const { [META.caps]: _c, ...noCaps } = fullMeta();
  const cases: [string, Record<string, unknown> | null][] = [
    ["no _meta at all", null],
    ["_meta without protocolVersion", noVersion],
    ["_meta without clientCapabilities", noCaps],
    ["clientCapabilities that is an array", fullMeta({ [META.caps]: ["sampling"] })],
    ["a non-string protocolVersion", fullMeta({ [META.version]: 20260728 })],
    ["a clientInfo without a name", fullMeta({ [META.info]: { version: "1" } })],
    ["an unknown logLevel", fullMeta({ [META.logLevel]: "loud" })],
  ];
  for (const [label, meta] of cases) {
    it(`${label} → 400, -32602, id echoed`, async () => {
      const r = await send(modernReq("server/discover", {}, { meta, id: 101 }));
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ jsonrpc: "2.0", id: 101, error: { code: -32602 } });
    });
  }
  it("a _meta that is a string → 400 -32602", async () => {
    const r = await send(
      post(
        { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: "x" } },
        { "mcp-protocol-version": V.modern, "mcp-method": "tools/list" },
      ),
    );
    expect([r.status, r.body.error.code]).toEqual([400, -32602]);
  });
  it("clientInfo may be omitted (SHOULD, not MUST)", async () => {
    const { [META.info]: _i, ...noInfo } = fullMeta();
    const r = await send(modernReq("server/discover", {}, { meta: noInfo }));
    expect(r.status).toBe(200);
    expect(r.body.result.resultType).toBe("complete");
  });
});

describe("M2: header mismatches → 400 -32020", () => {
  const cases: [string, Request][] = [
    ["MCP-Protocol-Version missing", modernReq("tools/list", {}, { headers: { "mcp-protocol-version": null } })],
    [
      "MCP-Protocol-Version ≠ _meta version",
      modernReq("tools/list", {}, { meta: fullMeta({ [META.version]: "v999.0.0" }) }),
    ],
    [
      "_meta names 2025-11-25 under a 2026-07-28 header",
      modernReq("tools/list", {}, { meta: fullMeta({ [META.version]: "2025-11-25" }) }),
    ],
    ["Mcp-Method missing", modernReq("tools/list", {}, { headers: { "mcp-method": null } })],
    ["Mcp-Method uppercased", modernReq("tools/list", {}, { headers: { "mcp-method": "TOOLS/LIST" } })],
    ["Mcp-Method naming another method", modernReq("tools/list", {}, { headers: { "mcp-method": "prompts/list" } })],
    ["Mcp-Name missing on tools/call", call("search_patterns", { query: "tabs" }, { "mcp-name": null })],
    ["Mcp-Name naming another tool", call("search_patterns", { query: "tabs" }, { "mcp-name": "get_pattern" })],
    ["Mcp-Name in another case", call("search_patterns", { query: "tabs" }, { "mcp-name": "SEARCH_PATTERNS" })],
    [
      "Mcp-Name missing on resources/read",
      modernReq("resources/read", { uri: "patttterns://skill/SKILL.md" }, { headers: { "mcp-name": null } }),
    ],
    [
      "Mcp-Name ≠ params.uri",
      modernReq(
        "resources/read",
        { uri: "patttterns://skill/SKILL.md" },
        { headers: { "mcp-name": "patttterns://skill/OTHER.md" } },
      ),
    ],
    ["Mcp-Name missing on prompts/get", modernReq("prompts/get", { name: "p" }, { headers: { "mcp-name": null } })],
    [
      "base64 Mcp-Name with bad padding",
      call("search_patterns", { query: "tabs" }, { "mcp-name": "=?base64?c2VhcmNoX3BhdHRlcm5z=?=" }),
    ],
    [
      "base64 Mcp-Name with characters outside the alphabet",
      call("search_patterns", { query: "tabs" }, { "mcp-name": "=?base64?c2Vhcm!!!BhdHRlcm5z?=" }),
    ],
    [
      "base64 Mcp-Name that decodes to another name",
      call("search_patterns", { query: "tabs" }, { "mcp-name": b64("get_pattern") }),
    ],
    [
      "base64 Mcp-Name that is not UTF-8",
      call("search_patterns", { query: "tabs" }, { "mcp-name": "=?base64?/w==?=" }),
    ],
    [
      "a sentinel-looking literal without the ?= suffix",
      call("search_patterns", { query: "tabs" }, { "mcp-name": "=?base64?c2VhcmNoX3BhdHRlcm5z" }),
    ],
  ];
  for (const [label, req] of cases) {
    it(`${label} → 400, -32020`, async () => {
      const r = await send(req);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ jsonrpc: "2.0", id: 1, error: { code: -32020 } });
    });
  }

  const accepted: [string, Request][] = [
    [
      "whitespace around Mcp-Name (trimmed)",
      call("search_patterns", { query: "tabs" }, { "mcp-name": "  search_patterns  " }),
    ],
    ["whitespace around Mcp-Method", modernReq("tools/list", {}, { headers: { "mcp-method": " tools/list " } })],
    [
      "header names in any case",
      modernReq("tools/list", {}, { headers: { "mcp-method": null, "MCP-METHOD": "tools/list" } }),
    ],
    ["a valid base64 Mcp-Name", call("search_patterns", { query: "tabs" }, { "mcp-name": b64("search_patterns") })],
  ];
  for (const [label, req] of accepted) {
    it(`${label} → 200`, async () => {
      const r = await send(req);
      expect(r.status).toBe(200);
      expect(r.body.result.resultType).toBe("complete");
    });
  }
});

describe("M3: an unsupported version → 400 -32022 {supported, requested}", () => {
  it("v999.0.0 in header and _meta", async () => {
    const r = await send(
      modernReq(
        "server/discover",
        {},
        { id: 301, meta: fullMeta({ [META.version]: "v999.0.0" }), headers: { "mcp-protocol-version": "v999.0.0" } },
      ),
    );
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ id: 301, error: { code: -32022, data: { requested: "v999.0.0" } } });
    const discover = await send(modernReq("server/discover"));
    expect(r.body.error.data.supported).toEqual(discover.body.result.supportedVersions);
    expect(r.body.error.data.supported).toEqual([V.modern, ...V.legacy]);
  });
  it("a future dated revision", async () => {
    const r = await send(
      modernReq(
        "tools/list",
        {},
        { meta: fullMeta({ [META.version]: "2027-01-01" }), headers: { "mcp-protocol-version": "2027-01-01" } },
      ),
    );
    expect([r.status, r.body.error.code, r.body.error.data.requested]).toEqual([400, -32022, "2027-01-01"]);
  });
});

describe("M4: removed, unknown or unadvertised methods → 404 -32601", () => {
  for (const method of [
    "initialize",
    "ping",
    "logging/setLevel",
    "resources/subscribe",
    "resources/unsubscribe",
    "unknown/method",
    "prompts/list",
    "prompts/get",
    "completion/complete",
    "subscriptions/listen",
    "tasks/get",
  ]) {
    it(method, async () => {
      const params = method === "prompts/get" ? { name: "x" } : {};
      const r = await send(modernReq(method, params, { id: 500 }));
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ jsonrpc: "2.0", id: 500, error: { code: -32601 } });
    });
  }
});

describe("M6: notifications → 202, empty body", () => {
  for (const method of ["notifications/initialized", "notifications/cancelled", "notifications/anything"]) {
    it(method, async () => {
      const r = await send(
        post(
          { jsonrpc: "2.0", method, params: { _meta: fullMeta() } },
          { "mcp-protocol-version": V.modern, "mcp-method": method },
        ),
      );
      expect([r.status, r.text]).toEqual([202, ""]);
    });
  }
});

describe("M7: results", () => {
  const serverInfo = { name: "patttterns-mcp", title: "PATTTTERNS", version: expect.any(String) };
  it("server/discover: supportedVersions, capabilities, instructions, ttlMs, cacheScope, _meta serverInfo", async () => {
    const res = await app.handle(modern("server/discover"));
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("mcp-session-id")).toBeNull();
    const { result } = await res.json();
    expect(result).toMatchObject({
      resultType: "complete",
      supportedVersions: [V.modern, ...V.legacy],
      capabilities: { tools: {} },
      instructions: expect.stringMatching(/search/i),
      ttlMs: expect.any(Number),
      cacheScope: expect.stringMatching(/^(public|private)$/),
      _meta: { [META.serverInfo]: serverInfo },
    });
    expect(Number.isInteger(result.ttlMs) && result.ttlMs >= 0).toBe(true);
    expect(result.capabilities.prompts).toBeUndefined();
  });
  for (const method of ["tools/list", "resources/list", "resources/templates/list"]) {
    it(`${method}: resultType, ttlMs, cacheScope, serverInfo`, async () => {
      const { result } = (await send(modern(method))).body;
      expect(result).toMatchObject({
        resultType: "complete",
        ttlMs: expect.any(Number),
        cacheScope: expect.stringMatching(/^(public|private)$/),
        _meta: { [META.serverInfo]: serverInfo },
      });
    });
  }
  it("tools/list is deterministic and names are spec-valid", async () => {
    const a = (await send(modern("tools/list"))).body.result.tools;
    const b = (await send(modern("tools/list"))).body.result.tools;
    expect(a).toEqual(b);
    for (const t of a) expect(t.name).toMatch(/^[A-Za-z0-9_.-]{1,128}$/);
  });
  it("resources/read: contents plus cache fields", async () => {
    const { result } = (await send(modern("resources/read", { uri: "patttterns://skill/SKILL.md" }))).body;
    expect(result).toMatchObject({ resultType: "complete", ttlMs: expect.any(Number), cacheScope: expect.any(String) });
    expect(result.contents[0]).toMatchObject({ uri: "patttterns://skill/SKILL.md", text: expect.any(String) });
  });
  it("tools/call: resultType and serverInfo, one text block of JSON, no cache fields, no structuredContent", async () => {
    const r = await send(call("search_patterns", { query: "tabs", limit: 2 }));
    expect(r.status).toBe(200);
    const { result } = r.body;
    expect(result).toMatchObject({ resultType: "complete", _meta: { [META.serverInfo]: serverInfo } });
    expect(result.ttlMs).toBeUndefined();
    expect(result.structuredContent).toBeUndefined();
    expect(result.content).toHaveLength(1);
    expect(JSON.parse(result.content[0].text).results.length).toBeLessThanOrEqual(2);
  });
});

describe("M8 and tool errors (both eras)", () => {
  it("an unknown tool → 200, -32602 (modern)", async () => {
    const r = await send(call("no_such_tool", {}, {}, 7));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: 7, error: { code: -32602 } });
  });
  it("an unknown tool → 200, -32602 (legacy)", async () => {
    const r = await send(
      post(
        { jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "no_such_tool", arguments: {} } },
        { "mcp-protocol-version": "2025-11-25" },
      ),
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: 8, error: { code: -32602 } });
  });
  it("resources/read of an unknown URI → 200, -32602 with data.uri, never empty contents", async () => {
    const r = await send(modernReq("resources/read", { uri: "test://nonexistent" }, { id: 9 }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: 9, error: { code: -32602, data: { uri: "test://nonexistent" } } });
    expect(r.body.result).toBeUndefined();
  });
  for (const [era, req] of [
    ["modern", call("search_patterns", { limit: "many" })],
    [
      "legacy",
      post(
        {
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "search_patterns", arguments: { limit: "many" } },
        },
        { "mcp-protocol-version": "2025-11-25" },
      ),
    ],
  ] as const) {
    it(`invalid arguments → an isError result with code invalid_args, not a JSON-RPC error (${era})`, async () => {
      const r = await send(req);
      expect(r.status).toBe(200);
      expect(r.body.error).toBeUndefined();
      expect(r.body.result.isError).toBe(true);
      const { error } = JSON.parse(r.body.result.content[0].text);
      expect(error).toMatchObject({
        code: "invalid_args",
        retryable: false,
        message: expect.stringContaining("query"),
        suggestion: expect.any(String),
      });
    });
  }
});
