/**
 * Core features the production tool list does not exercise, proven in process on the conformance
 * fixture (tests/conformance/fixture-server.ts, built on our own createServer + createHttpHandler):
 * -32021, request-scoped SSE (progress, logs), Mcp-Param-* headers, MRTR, prompts, completions.
 */
import { describe, expect, it } from "vitest";
import { post } from "../../helpers/app.ts";
import { fixtureHandler } from "../../conformance/fixture-server.ts";
import { fullMeta, legacyReq, META, modernReq, read, V } from "./helpers.ts";

const handle = fixtureHandler();
const send = async (req: Request) => read(await handle(req));
const call = (
  name: string,
  args: unknown,
  o: { meta?: Record<string, unknown>; headers?: Record<string, string | null>; extra?: Record<string, unknown> } = {},
) => modernReq("tools/call", { name, arguments: args, ...o.extra }, { meta: o.meta, headers: o.headers });
const legacyCall = (name: string, args: unknown = {}, extra: Record<string, unknown> = {}) =>
  legacyReq("tools/call", { name, arguments: args, ...extra }, "2025-11-25");

describe("M5: a missing client capability → 400 -32021 {requiredCapabilities: {sampling: {}}}", () => {
  it("without sampling", async () => {
    const r = await send(call("test_missing_capability", {}));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ id: 1, error: { code: -32021, data: { requiredCapabilities: { sampling: {} } } } });
  });
  it("with sampling declared → 200", async () => {
    const r = await send(call("test_missing_capability", {}, { meta: fullMeta({ [META.caps]: { sampling: {} } }) }));
    expect([r.status, r.body.result.content[0].text]).toEqual([200, "sampling available"]);
  });
});

describe("M7: request-scoped notifications on the request's own SSE stream", () => {
  it("progress: three notifications with the token, then the result; X-Accel-Buffering: no", async () => {
    const res = await handle(call("test_tool_with_progress", {}, { meta: fullMeta({ progressToken: "tok-1" }) }));
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    expect(res.headers.get("x-accel-buffering")).toBe("no");
    const frames = (await read(res)).body as any[];
    expect(frames.map((f) => f.method ?? "result")).toEqual([
      "notifications/progress",
      "notifications/progress",
      "notifications/progress",
      "result",
    ]);
    expect(frames.slice(0, 3).map((f) => [f.params.progressToken, f.params.progress, f.params.total])).toEqual([
      ["tok-1", 0, 100],
      ["tok-1", 50, 100],
      ["tok-1", 100, 100],
    ]);
    expect(frames[3]).toMatchObject({ id: 1, result: { resultType: "complete" } });
  });
  it("no progressToken → plain JSON", async () => {
    const res = await handle(call("test_tool_with_progress", {}));
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toMatchObject({
      id: 1,
      result: { content: [{ type: "text", text: "Progress test completed" }] },
    });
  });
  it("a client that accepts only JSON gets JSON (notifications dropped)", async () => {
    const req = post(
      {
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "test_tool_with_progress", arguments: {}, _meta: { progressToken: 1 } },
      },
      { accept: "application/json", "mcp-protocol-version": "2025-11-25" },
    );
    const r = await send(req);
    expect(r.headers.get("content-type")).toContain("application/json");
    expect(r.body.result.content[0].text).toBe("Progress test completed");
  });
  it("2026: no log without _meta logLevel", async () => {
    const res = await handle(call("test_logging_tool", {}));
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = await res.json();
    expect(body).toMatchObject({ id: 1, result: { resultType: "complete" } });
    expect(body.result.isError).toBeUndefined();
  });
  it("2026: logs at or above the requested level only", async () => {
    const info = (await send(call("test_tool_with_logging", {}, { meta: fullMeta({ [META.logLevel]: "info" }) })))
      .body as any[];
    expect(info.filter((f) => f.method === "notifications/message").map((f) => f.params)).toEqual([
      { level: "info", data: "Tool execution started" },
      { level: "info", data: "Tool processing data" },
      { level: "info", data: "Tool execution completed" },
    ]);
    const res = await handle(call("test_tool_with_logging", {}, { meta: fullMeta({ [META.logLevel]: "warning" }) }));
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toMatchObject({ id: 1, result: { resultType: "complete" } });
  });
  it("legacy: logs go out when the server advertises logging (stateless: setLevel cannot be remembered)", async () => {
    const frames = (await send(legacyCall("test_tool_with_logging"))).body as any[];
    expect(frames.filter((f) => f.method === "notifications/message")).toHaveLength(3);
    expect(frames.at(-1).result.resultType).toBeUndefined();
  });
  it("a batch never streams", async () => {
    const r = await send(
      post([
        { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "test_tool_with_logging", arguments: {} } },
      ]),
    );
    expect(r.headers.get("content-type")).toContain("application/json");
    expect(r.body[0].result.content[0].text).toContain("logging");
  });
});

describe("M2: Mcp-Param-* headers for arguments with x-mcp-header", () => {
  const region = (value: string | null, args: Record<string, unknown> = { region: "Hello" }) =>
    call("test_custom_headers", args, { headers: { "mcp-param-region": value } });
  it("tools/list publishes the annotation generated from zod .meta()", async () => {
    const { tools } = (await send(modernReq("tools/list"))).body.result;
    const t = tools.find((x: { name: string }) => x.name === "test_custom_headers");
    expect(t.inputSchema.properties.region["x-mcp-header"]).toBe("Region");
  });
  const ok: [string, string | null, Record<string, unknown>][] = [
    ["a matching literal", "Hello", { region: "Hello" }],
    ["a matching base64 value", `=?base64?${btoa("Hello")}?=`, { region: "Hello" }],
    ["non-ASCII via base64", `=?base64?${Buffer.from("Zürich").toString("base64")}?=`, { region: "Zürich" }],
    ["a literal that only starts like the sentinel", "=?base64?SGVsbG8=", { region: "=?base64?SGVsbG8=" }],
    ["no header when the argument is absent", null, {}],
  ];
  for (const [label, header, args] of ok) {
    it(`${label} → 200`, async () => {
      const r = await send(region(header, args));
      expect(r.status).toBe(200);
      expect(r.body.error).toBeUndefined();
    });
  }
  const bad: [string, string | null, Record<string, unknown>][] = [
    ["a missing header while the body has the value", null, { region: "Hello" }],
    ["a different value", "World", { region: "Hello" }],
    ["base64 with invalid padding", "=?base64?SGVsbG8?=", { region: "Hello" }],
    ["base64 with characters outside the alphabet", "=?base64?SGVs!!!bG8=?=", { region: "Hello" }],
    ["a header without the argument", "Hello", {}],
  ];
  for (const [label, header, args] of bad) {
    it(`${label} → 400 -32020`, async () => {
      const r = await send(region(header, args));
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe(-32020);
    });
  }
  for (const [header, status] of [
    ["42", 200],
    ["42.0", 200],
    ["+42", 200],
    ["0x2A", 400],
    ["43", 400],
    ["4e1", 400],
  ] as const) {
    it(`an integer argument 42 with Mcp-Param-Count: ${header} → ${status}`, async () => {
      const r = await send(
        call(
          "test_custom_headers",
          { region: "Hello", count: 42 },
          { headers: { "mcp-param-region": "Hello", "mcp-param-count": header } },
        ),
      );
      expect(r.status).toBe(status);
      if (status === 400) expect(r.body.error.code).toBe(-32020);
    });
  }
  it("legacy requests are not held to the 2026 header rules", async () => {
    const r = await send(legacyCall("test_custom_headers", { region: "Hello" }));
    expect([r.status, r.body.result.content[0].text]).toEqual([200, "region=Hello"]);
  });
});

describe("MRTR (2026-07-28 input_required)", () => {
  it("asks, then completes on the retry with inputResponses", async () => {
    const first = (await send(call("test_input_required_result_elicitation", {}))).body.result;
    expect(first).toMatchObject({
      resultType: "input_required",
      inputRequests: { user_name: { method: "elicitation/create" } },
    });
    const done = (
      await send(
        call(
          "test_input_required_result_elicitation",
          {},
          { extra: { inputResponses: { user_name: { action: "accept", content: { name: "Ada" } } } } },
        ),
      )
    ).body.result;
    expect(done).toMatchObject({ resultType: "complete", content: [{ type: "text", text: "Hello, Ada!" }] });
  });
  it("requestState is sealed, round-trips, and a tampered one → -32602", async () => {
    const first = (await send(call("test_input_required_result_request_state", {}))).body.result;
    expect(first.requestState).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(first.requestState).not.toContain("confirm");
    const answers = { confirm: { action: "accept", content: { ok: true } } };
    const ok = (
      await send(
        call(
          "test_input_required_result_request_state",
          {},
          { extra: { inputResponses: answers, requestState: first.requestState } },
        ),
      )
    ).body;
    expect(ok.result.content[0].text).toBe("state-ok");
    for (const tampered of [`${first.requestState}-TAMPERED`, first.requestState.replace(/^./, "A"), "nodot", 42]) {
      const r = await send(
        call(
          "test_input_required_result_request_state",
          {},
          { extra: { inputResponses: answers, requestState: tampered } },
        ),
      );
      expect(r.status).toBe(200);
      expect(r.body.error.code).toBe(-32602);
    }
  });
  for (const [label, responses] of [
    ["null", null],
    ["a number per key", { user_name: 12345 }],
    ["an array", []],
  ] as const) {
    it(`inputResponses that is ${label} → -32602`, async () => {
      const r = await send(
        call("test_input_required_result_elicitation", {}, { extra: { inputResponses: responses } }),
      );
      expect(r.body.error.code).toBe(-32602);
    });
  }
  it("a prompt can ask for input too", async () => {
    const r = await send(modernReq("prompts/get", { name: "test_input_required_result_prompt" }));
    expect(r.body.result).toMatchObject({
      resultType: "input_required",
      inputRequests: { user_context: { method: "elicitation/create" } },
    });
  });
  it("legacy clients cannot answer: a tool gets an isError result, a prompt -32602", async () => {
    const tool = (await send(legacyCall("test_input_required_result_elicitation"))).body.result;
    expect(tool.isError).toBe(true);
    expect(tool.resultType).toBeUndefined();
    const prompt = await send(legacyReq("prompts/get", { name: "test_input_required_result_prompt" }, "2025-11-25"));
    expect(prompt.body.error.code).toBe(-32602);
  });
});

describe("B1, B5, B6: prompts, resources, completions, logging on a server that has them", () => {
  it("prompts/list (modern): resultType and cache fields; legacy: neither", async () => {
    const m = (await send(modernReq("prompts/list"))).body.result;
    expect(m).toMatchObject({ resultType: "complete", ttlMs: expect.any(Number), cacheScope: expect.any(String) });
    expect(m.prompts.map((p: { name: string }) => p.name)).toContain("test_prompt_with_arguments");
    const l = (await send(legacyReq("prompts/list", {}, "2025-11-25"))).body.result;
    expect(Object.keys(l)).toEqual(["prompts"]);
  });
  it("prompts/get: arguments filled in; missing required arguments or an unknown prompt → -32602", async () => {
    const r = await send(
      modernReq("prompts/get", { name: "test_prompt_with_arguments", arguments: { arg1: "a", arg2: "b" } }),
    );
    expect(r.body.result.messages[0].content.text).toBe("Prompt with arguments: arg1='a', arg2='b'");
    expect(
      (await send(modernReq("prompts/get", { name: "test_prompt_with_arguments", arguments: { arg1: "a" } }))).body
        .error.code,
    ).toBe(-32602);
    expect((await send(modernReq("prompts/get", { name: "nope" }))).body.error.code).toBe(-32602);
  });
  it("resources: binary contents as blob, templates filled in, unknown URIs -32602 (2026) / -32002 (legacy)", async () => {
    const bin = (await send(modernReq("resources/read", { uri: "test://static-binary" }))).body.result;
    expect(bin.contents[0]).toMatchObject({
      uri: "test://static-binary",
      mimeType: "image/png",
      blob: expect.any(String),
    });
    const tpl = (await send(modernReq("resources/read", { uri: "test://template/123/data" }))).body.result;
    expect(JSON.parse(tpl.contents[0].text)).toMatchObject({ id: "123" });
    expect((await send(modernReq("resources/read", { uri: "test://template/123/other" }))).body.error).toMatchObject({
      code: -32602,
      data: { uri: "test://template/123/other" },
    });
    expect((await send(legacyReq("resources/read", { uri: "test://nope" }, "2025-11-25"))).body.error.code).toBe(
      -32002,
    );
  });
  it("completion/complete in both eras; capabilities advertise completions and logging", async () => {
    const params = {
      ref: { type: "ref/prompt", name: "test_prompt_with_arguments" },
      argument: { name: "arg1", value: "par" },
    };
    expect((await send(modernReq("completion/complete", params))).body.result).toMatchObject({
      resultType: "complete",
      completion: { values: ["paris", "park", "party"] },
    });
    expect((await send(legacyReq("completion/complete", params, "2025-11-25"))).body.result.completion.values).toEqual([
      "paris",
      "park",
      "party",
    ]);
    const caps = (await send(modernReq("server/discover"))).body.result.capabilities;
    expect(caps).toMatchObject({ completions: {}, logging: {}, prompts: {}, resources: {} });
  });
  it("logging/setLevel: legacy {} (a bad level → -32602); 2026: removed, 404 -32601", async () => {
    expect((await send(legacyReq("logging/setLevel", { level: "debug" }, "2025-11-25"))).body.result).toEqual({});
    expect((await send(legacyReq("logging/setLevel", { level: "loud" }, "2025-11-25"))).body.error.code).toBe(-32602);
    const m = await send(modernReq("logging/setLevel", { level: "debug" }));
    expect([m.status, m.body.error.code]).toEqual([404, -32601]);
  });
  it(`initialize (legacy) advertises what discover (${V.modern}) advertises`, async () => {
    const l = (await send(legacyReq("initialize", { protocolVersion: "2025-11-25", capabilities: {} }))).body.result
      .capabilities;
    const m = (await send(modernReq("server/discover"))).body.result.capabilities;
    expect(l).toEqual(m);
  });
});
