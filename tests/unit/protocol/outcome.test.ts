/**
 * What each request came to: the server returns it with the result (server.ts, `dispatch`) and the
 * transport hands it over with what it sent (http.ts, `Served`); no layer writes it into the request's
 * context. Usage reads nothing else, so these are the facts its events are built from (it records
 * handshakes and tool calls; the rest is covered here all the same).
 */
import { describe, expect, it } from "vitest";
import { createOriginPolicy } from "../../../src/http/index.ts";
import { createHttpHandler } from "../../../src/mcp/http.ts";
import type { UsageRecorder } from "../../../src/usage/recorder.ts";
import { fixtureSource, fixtures, modern, post, testApp } from "../../helpers/app.ts";
import { deny } from "../../helpers/entitlement.ts";
import { legacyReq, modernReq } from "./helpers.ts";

const sidebar = fixtures.find((f) => f.name === "sidebar-navigation")!;
const call = (name: string, args: Record<string, unknown>) => modern("tools/call", { name, arguments: args });

/** The app's server behind a transport of its own, so the test sees what the transport hands over. */
function served(app = testApp()) {
  const deps = { catalog: app.catalog, components: fixtureSource() };
  return createHttpHandler(app.server, { deps, origins: createOriginPolicy("https://patttterns.com") });
}

describe("the outcome the server returns with each request", () => {
  const handle = served();

  it("a tool call: ok, the tool, its report; the status, bytes and time of what was sent", async () => {
    const { response, requests } = await handle(call("get_component", { pattern_id: sidebar.entry.id }));
    const body = await response.text();
    expect(requests).toHaveLength(1);
    const [r] = requests;
    expect(r.outcome).toEqual({
      status: "ok",
      tool: "get_component",
      report: { pattern_id: sidebar.entry.id, version_id: sidebar.index.activeVersionId },
    });
    expect(r.httpStatus).toBe(200);
    expect(r.bytes).toBe(new TextEncoder().encode(body).byteLength);
    expect(r.durationMs).toBeGreaterThanOrEqual(0);
    expect(r.context.method).toBe("tools/call");
    expect(r.context).not.toHaveProperty("outcome");
  });

  it("a tool's failure: its error code, and the report once the pattern is known", async () => {
    const unknown = (await handle(call("get_component", { pattern_id: "no-such-pattern-zzz" }))).requests[0];
    expect(unknown.outcome).toEqual({ status: "pattern_not_found", tool: "get_component", report: undefined });
    const missing = (await handle(call("get_component", { pattern_id: sidebar.entry.id, version_id: "v99" })))
      .requests[0];
    expect(missing.outcome).toEqual({
      status: "version_not_found",
      tool: "get_component",
      report: { pattern_id: sidebar.entry.id, version_id: "v99" },
    });
    // A version id that could never be one stays out of the record.
    const hostile = (await handle(call("get_component", { pattern_id: sidebar.entry.id, version_id: "v1;drop" })))
      .requests[0];
    expect(hostile.outcome.report).toEqual({ pattern_id: sidebar.entry.id, version_id: undefined });
  });

  it("arguments that fail the schema: invalid_args, the tool named", async () => {
    const r = (await handle(call("search_patterns", {}))).requests[0];
    expect(r.outcome).toEqual({ status: "invalid_args", tool: "search_patterns", report: undefined });
    expect(r.httpStatus).toBe(200);
  });

  it("a search's report: how its best hit matched, and the query only when it found little", async () => {
    const found = (await handle(call("search_patterns", { query: "date picker" }))).requests[0];
    expect(found.outcome.report).toEqual({ search: "all_words", query: undefined });
    const none = (await handle(call("search_patterns", { query: "holographic keyboard for cats" }))).requests[0];
    expect(none.outcome.report).toEqual({ search: "none", query: "holographic keyboard for cats" });
  });

  it("protocol errors: rpc_<code>, the tool named only when it is one of the server's and the envelope was read", async () => {
    const unknownTool = (await handle(call("no_such_tool", {}))).requests[0];
    expect(unknownTool.outcome).toEqual({ status: "rpc_-32602", tool: undefined });
    const mismatch = await handle(
      modernReq("tools/call", { name: "get_component", arguments: {} }, { headers: { "mcp-name": "other" } }),
    );
    expect(mismatch.requests[0].outcome).toEqual({ status: "rpc_-32020", tool: undefined });
    expect(mismatch.requests[0].httpStatus).toBe(400);
    const removed = (await handle(modernReq("ping"))).requests[0];
    expect(removed.outcome).toEqual({ status: "rpc_-32601", tool: undefined });
    expect(removed.httpStatus).toBe(404);
  });

  it("resources/read: the protocol error of a URI that names nothing, or of the entitlement policy's refusal", async () => {
    const r = (await handle(legacyReq("resources/read", { uri: "patttterns://nothing/here" }, "2025-11-25")))
      .requests[0];
    expect(r.outcome).toEqual({ status: "rpc_-32002", tool: undefined });
    const denying = served(testApp({ entitlement: () => deny("Component code needs an account.") }));
    const uri = `patttterns://components/${sidebar.entry.id}/active`;
    const refused = (await denying(legacyReq("resources/read", { uri }, "2025-11-25"))).requests[0];
    expect(refused.outcome).toEqual({ status: "rpc_-32000", tool: undefined });
  });

  it("a tool call refused by the entitlement policy: the policy's error code", async () => {
    const denying = served(testApp({ entitlement: () => deny("Component code needs an account.") }));
    const r = (await denying(call("get_component", { pattern_id: sidebar.entry.id }))).requests[0];
    expect(r.outcome).toEqual({ status: "forbidden", tool: "get_component", report: undefined });
  });

  it("a 2025-03-26 batch: one entry per request, the body's bytes divided among them; notifications none", async () => {
    const batch = await handle(
      post([
        { jsonrpc: "2.0", id: 1, method: "ping" },
        { jsonrpc: "2.0", method: "notifications/initialized" },
        { jsonrpc: "2.0", id: 2, method: "tools/list" },
      ]),
    );
    const body = await batch.response.text();
    expect(batch.requests.map((r) => [r.context.method, r.outcome.status])).toEqual([
      ["ping", "ok"],
      ["tools/list", "ok"],
    ]);
    expect(batch.requests[0].bytes * 2).toBe(body.length);
    const note = await handle(
      post({ jsonrpc: "2.0", method: "notifications/initialized" }, { "mcp-protocol-version": "2025-11-25" }),
    );
    expect(note.response.status).toBe(202);
    expect(note.requests).toEqual([]);
  });
});

describe("the app hands the same to usage", () => {
  it("withUsage records what the transport served, outcome and all", async () => {
    const seen: Parameters<UsageRecorder["record"]>[0] = [];
    const usage: UsageRecorder = {
      record: async (requests) => void seen.push(...requests),
      sessionId: async () => undefined,
    };
    const app = testApp({ usage });
    await app.handle(call("get_component", { pattern_id: "no-such-pattern-zzz" }));
    expect(seen.map((r) => r.outcome)).toEqual([
      { status: "pattern_not_found", tool: "get_component", report: undefined },
    ]);
  });
});
