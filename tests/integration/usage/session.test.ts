/**
 * 2025-era attribution by session id, in process over a real local Blobs server: the usage decorator
 * gives a 2025 `initialize` that names its client a signed `Mcp-Session-Id`, and a later call that
 * carries it is logged and stored under that client; any other id is ignored. The protocol core
 * itself never mints one (tests/unit/protocol/transport.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modern, post, testApp } from "../../helpers/app.ts";
import { type LocalBlobs, startBlobs } from "../../helpers/blobs.ts";
import { keys } from "../../../src/usage/event.ts";
import { createUsageRecorder } from "../../../src/usage/recorder.ts";
import { legacyInit, usageApp, usageStore } from "../../helpers/usage.ts";

const parse = (line: string) => JSON.parse(line.slice("[mcp-usage] ".length));
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

/** A 2025-11-25 tools/call as SDK 1.x sends it after the handshake: no clientInfo, maybe a session id. */
const legacyCall = (name: string, args: Record<string, unknown>, headers: Record<string, string> = {}) =>
  post(
    { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name, arguments: args } },
    { "mcp-protocol-version": "2025-11-25", "user-agent": "node", ...headers },
  );

/** An app with usage over the shared local store; `secret` undefined means the deployment's stored key. */
function appWith(opts: { secret?: string; sessionIds?: boolean } = {}) {
  const lines: string[] = [];
  const usage = createUsageRecorder({ ...opts, open: () => usageStore(blobs.config), log: (l) => lines.push(l) });
  return { app: testApp({ usage }), lines };
}

describe("a 2025 initialize gets a signed Mcp-Session-Id", () => {
  it("naming its client; the id is visible ASCII and the answer is otherwise the same", async () => {
    const { app } = usageApp(blobs.config, { secret: "s" });
    const res = await app.handle(legacyInit("cursor"), { ip: "192.0.2.1" });
    const id = res.headers.get("mcp-session-id");
    expect(id).toMatch(VISIBLE_ASCII);
    expect(id!.split(".")).toHaveLength(3);
    const plain = await testApp().handle(legacyInit("cursor"));
    expect(await res.json()).toEqual(await plain.json());
  });

  it("but not without a client name, not in 2026-07-28, and not when USAGE_SESSION_IDS is false", async () => {
    const { app } = usageApp(blobs.config, { secret: "s" });
    const nameless = post({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {} },
    });
    for (const req of [nameless, modern("server/discover"), modern("tools/list"), legacyCall("list_categories", {})]) {
      const res = await app.handle(req, { ip: "192.0.2.1" });
      expect(res.status).toBe(200);
      expect(res.headers.get("mcp-session-id")).toBeNull();
    }
    const off = appWith({ secret: "s", sessionIds: false });
    expect((await off.app.handle(legacyInit("cursor"))).headers.get("mcp-session-id")).toBeNull();
  });
});

describe("a later 2025 call that carries it is attributed to that client", () => {
  it("in the log line and the stored event; the User-Agent hint is dropped, as for any named call", async () => {
    const { app, lines } = appWith({ secret: "s" });
    const ip = "192.0.2.2";
    const init = await app.handle(legacyInit("mcp-remote-test"), { ip });
    const id = init.headers.get("mcp-session-id")!;
    await app.handle(legacyCall("search_patterns", { query: "tabs" }, { "mcp-session-id": id }), { ip });
    await app.handle(legacyCall("get_pattern", { pattern_id: "#12" }, { "mcp-session-id": id }), { ip });
    const logged = lines.map(parse);
    expect(logged.map((l) => [l.method, l.tool, l.agent])).toEqual([
      ["initialize", undefined, "mcp-remote-test/2.0"],
      ["tools/call", "search_patterns", "mcp-remote-test/2.0"],
      ["tools/call", "get_pattern", "mcp-remote-test/2.0"],
    ]);
    for (const l of logged) expect(l).not.toHaveProperty("user_agent");
    const month = new Date().toISOString().slice(0, 7);
    const kv = usageStore(blobs.config);
    const stored = await Promise.all(
      (await kv.list(keys.eventPrefix(month))).map(async (k) =>
        JSON.parse(new TextDecoder().decode((await kv.get(k))!)),
      ),
    );
    const mine = stored.filter((e) => e.agent === "mcp-remote-test/2.0");
    expect(mine.map((e) => e.tool ?? e.method).sort()).toEqual(["get_pattern", "initialize", "search_patterns"]);
    // The id itself is never stored or logged: the agent it names is.
    for (const text of [...lines, ...stored.map((e) => JSON.stringify(e))]) expect(text).not.toContain(id);
  });

  it("a tampered, foreign, stale or oversize id is ignored: unknown, with the User-Agent as a hint, and answered as usual", async () => {
    const { app, lines } = appWith({ secret: "s" });
    const id = (await app.handle(legacyInit("tamper-target"))).headers.get("mcp-session-id")!;
    const [kid, payload, sig] = id.split(".");
    const otherName = (await appWith({ secret: "s" }).app.handle(legacyInit("someone-else"))).headers.get(
      "mcp-session-id",
    )!;
    const foreign = (await appWith({ secret: "other" }).app.handle(legacyInit("tamper-target"))).headers.get(
      "mcp-session-id",
    )!;
    const bad = [
      `${kid}.${payload}.${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`,
      `${kid}.${otherName.split(".")[1]}.${sig}`,
      foreign,
      "stale",
      "x".repeat(100_000),
    ];
    lines.length = 0;
    for (const sessionId of bad) {
      const res = await app.handle(
        legacyCall("search_patterns", { query: "tabs" }, { "mcp-session-id": sessionId, "user-agent": "tamper-ua" }),
      );
      expect(res.status).toBe(200);
      expect((await res.json()).result.isError).toBeUndefined();
    }
    expect(lines.map(parse).map((l) => [l.agent, l.user_agent])).toEqual(bad.map(() => ["unknown", "tamper-ua"]));
  });

  it("a call that names its client keeps that name whatever session id it carries", async () => {
    const { app, lines } = appWith({ secret: "s" });
    const id = (await app.handle(legacyInit("first"))).headers.get("mcp-session-id")!;
    await app.handle(legacyInit("second"), {});
    const modernCall = modern("tools/call", { name: "list_categories", arguments: {} }, { "mcp-session-id": id });
    await app.handle(modernCall);
    expect(lines.map(parse).map((l) => l.agent)).toEqual(["first/2.0", "second/2.0", "test/1"]);
  });

  it("every message of a 2025-03-26 batch that carries it", async () => {
    const { app, lines } = appWith({ secret: "s" });
    const id = (await app.handle(legacyInit("batcher"))).headers.get("mcp-session-id")!;
    const batch = post(
      [1, 2].map((n) => ({
        jsonrpc: "2.0",
        id: n,
        method: "tools/call",
        params: { name: "list_categories", arguments: {} },
      })),
      { "mcp-session-id": id },
    );
    expect((await app.handle(batch)).status).toBe(200);
    expect(lines.map(parse).map((l) => l.agent)).toEqual(["batcher/2.0", "batcher/2.0", "batcher/2.0"]);
  });
});

describe("the key", () => {
  it("without USAGE_HASH_SECRET, the deployment's stored key: another isolate of it reads the id, another deployment does not", async () => {
    const deployId = `deploy-${Date.now().toString(36)}`;
    const a = appWith();
    const id = (await a.app.handle(legacyInit("stored-key"), { deployId })).headers.get("mcp-session-id")!;
    expect(id).toMatch(VISIBLE_ASCII);
    const b = appWith();
    await b.app.handle(legacyCall("list_categories", {}, { "mcp-session-id": id }), { deployId });
    await b.app.handle(legacyCall("list_categories", {}, { "mcp-session-id": id }), { deployId: `${deployId}-next` });
    expect(b.lines.map(parse).map((l) => l.agent)).toEqual(["stored-key/2.0", "unknown"]);
  });

  it("the same USAGE_HASH_SECRET reads ids across deployments", async () => {
    const id = (await appWith({ secret: "shared" }).app.handle(legacyInit("env-key"), { deployId: "one" })).headers.get(
      "mcp-session-id",
    )!;
    const b = appWith({ secret: "shared" });
    await b.app.handle(legacyCall("list_categories", {}, { "mcp-session-id": id }), { deployId: "two" });
    expect(parse(b.lines[0]).agent).toBe("env-key/2.0");
  });

  it("a store that is gone: initialize is answered without an id, and the calls as usual", async () => {
    const gone = await startBlobs();
    await gone.stop();
    const lines: string[] = [];
    const errors: string[] = [];
    const original = console.error;
    console.error = (...a: unknown[]) => void errors.push(a.join(" "));
    try {
      const usage = createUsageRecorder({
        open: () => usageStore(gone.config),
        log: (l) => lines.push(l),
        deadlineMs: 500,
        sessionKeyWaitMs: 300,
      });
      const app = testApp({ usage });
      const started = performance.now();
      const res = await app.handle(legacyInit("no-store"), { deployId: "gone" });
      expect(res.status).toBe(200);
      expect(res.headers.get("mcp-session-id")).toBeNull();
      expect(performance.now() - started).toBeLessThan(5000);
      expect(parse(lines[0]).agent).toBe("no-store/2.0");
      expect(errors.some((e) => e.includes("no session id"))).toBe(true);
    } finally {
      console.error = original;
    }
  });
});
