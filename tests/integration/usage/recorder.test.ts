import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { modern, post, testApp } from "../../helpers/app.ts";
import { type LocalBlobs, startBlobs } from "../../helpers/blobs.ts";
import { openStore } from "../../../src/storage/blobs.ts";
import { USAGE_STORE } from "../../../src/usage/event.ts";
import { createUsageRecorder } from "../../../src/usage/recorder.ts";
import { dump, fixtureWithCode, legacyInit, toolCall, usageApp, usageStore } from "../../helpers/usage.ts";

const parse = (line: string) => {
  expect(line.startsWith("[mcp-usage] ")).toBe(true);
  return JSON.parse(line.slice("[mcp-usage] ".length));
};

let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

describe("[mcp-usage] log line", () => {
  it("emits exactly one line per initialize, server/discover and tools/call, and none for other methods", async () => {
    const { app, lines } = usageApp(blobs.config, { secret: "s" });
    const { fixture } = fixtureWithCode();
    const ip = "203.0.113.9";
    const init = await app.handle(legacyInit("cursor"), { ip, requestId: "req-init" });
    const discover = await app.handle(modern("server/discover"), { ip, requestId: "req-discover" });
    const call = await app.handle(await toolCall("get_component", { pattern_id: fixture.entry.id }, "claude-code"), {
      ip,
      requestId: "req-call",
    });
    await app.handle(modern("tools/list"), { ip });
    await app.handle(post({ jsonrpc: "2.0", id: 9, method: "ping" }), { ip });
    expect([init.status, discover.status, call.status]).toEqual([200, 200, 200]);
    expect(lines).toHaveLength(3);
    const [a, b, c] = lines.map(parse);

    expect(a).toMatchObject({
      request_id: "req-init",
      method: "initialize",
      era: "legacy",
      protocol_version: "2025-06-18",
      status: "ok",
      agent: "cursor/2.0",
      ip,
    });
    expect(b).toMatchObject({
      request_id: "req-discover",
      method: "server/discover",
      era: "modern",
      protocol_version: "2026-07-28",
      status: "ok",
      ip,
    });
    const callBytes = new TextEncoder().encode(await call.text()).byteLength;
    expect(c).toMatchObject({
      request_id: "req-call",
      method: "tools/call",
      tool: "get_component",
      pattern_id: fixture.entry.id,
      version_id: fixture.index.activeVersionId,
      status: "ok",
      http_status: 200,
      bytes: callBytes,
      agent: "claude-code/1.0",
      ip,
    });
    expect(new Date(c.ts).toISOString()).toBe(c.ts);
    expect(c.duration_ms).toBeGreaterThanOrEqual(0);
    // The log never carries the client hash, only the raw IP for short-lived review.
    expect(c).not.toHaveProperty("client");
  });

  it("reports the error code as status, and a call that names no client as agent unknown, its User-Agent apart", async () => {
    const { app, lines } = usageApp(blobs.config, { secret: "s" });
    await app.handle(await toolCall("get_component", { pattern_id: "no-such-pattern-anywhere" }), {
      ip: "198.51.100.1",
    });
    // A 2025-06-18 tools/call has no clientInfo: the client is unknown; the User-Agent is kept as a hint.
    await app.handle(
      post(
        {
          jsonrpc: "2.0",
          id: 2,
          method: "tools/call",
          params: { name: "search_patterns", arguments: { query: true } },
        },
        { "mcp-protocol-version": "2025-06-18", "user-agent": "python-httpx/0.28.1" },
      ),
      { ip: "198.51.100.1" },
    );
    await app.handle(await toolCall("no_such_tool", {}), { ip: "198.51.100.1" });
    const [missing, invalid, unknown] = lines.map(parse);
    expect(missing).toMatchObject({ tool: "get_component", status: "pattern_not_found" });
    expect(invalid).toMatchObject({
      tool: "search_patterns",
      status: "invalid_args",
      agent: "unknown",
      user_agent: "python-httpx/0.28.1",
      era: "legacy",
    });
    // A call that names its client keeps no User-Agent.
    expect(missing.agent).toBe("test/1.0");
    expect(missing).not.toHaveProperty("user_agent");
    expect(unknown.status).toMatch(/^rpc_-32602$/);
  });

  it("goes to console.log by default, one line per call", async () => {
    const spy = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const app = testApp({ usage: createUsageRecorder({ secret: "s", open: () => usageStore(blobs.config) }) });
      await app.handle(await toolCall("search_patterns", { query: "drag" }), { ip: "192.0.2.1" });
      const usage = spy.mock.calls.map((c) => String(c[0])).filter((l) => l.startsWith("[mcp-usage] "));
      expect(usage).toHaveLength(1);
      expect(parse(usage[0])).toMatchObject({ tool: "search_patterns", ip: "192.0.2.1" });
    } finally {
      spy.mockRestore();
    }
  });
});

describe("no component code in logs or stored events", () => {
  it("get_component returns the TSX, and not one line of it reaches a log line or a blob", async () => {
    const local = await startBlobs();
    try {
      const logSpy = vi.spyOn(console, "log");
      const errSpy = vi.spyOn(console, "error");
      const { app, lines } = usageApp(local.config, { secret: "s" });
      const { fixture, lines: tsxLines } = fixtureWithCode();
      expect(tsxLines.length).toBeGreaterThan(5);
      const versions = fixture.code.map((c) => c.versionId);
      for (const version_id of versions) {
        const res = await app.handle(await toolCall("get_component", { pattern_id: fixture.entry.id, version_id }), {
          ip: "203.0.113.5",
        });
        // The response does carry the code: the test would prove nothing otherwise.
        expect(await res.text()).toContain("component_code");
      }
      const console_ = [...logSpy.mock.calls, ...errSpy.mock.calls].map((c) => c.map(String).join(" "));
      logSpy.mockRestore();
      errSpy.mockRestore();
      const blobsText = [...(await dump(usageStore(local.config))).values()];
      expect(lines).toHaveLength(versions.length);
      expect(blobsText.filter((t) => t.includes('"method"'))).toHaveLength(versions.length);
      for (const text of [...lines, ...console_, ...blobsText]) {
        expect(text).not.toContain("component_code");
        for (const l of tsxLines) expect(text).not.toContain(l);
      }
    } finally {
      await local.stop();
    }
  });
});

describe("stored events", () => {
  it("holds the client hash, never the raw IP", async () => {
    const local = await startBlobs();
    try {
      const ip = "203.0.113.77";
      const { app } = usageApp(local.config);
      await app.handle(legacyInit(), { ip });
      await app.handle(await toolCall("search_patterns", { query: "modal" }), { ip });
      const all = await dump(usageStore(local.config));
      const events = [...all].filter(([k]) => k.startsWith("events/")).map(([, v]) => JSON.parse(v));
      expect(events).toHaveLength(2);
      expect(events[0].client).toMatch(/^[0-9a-f]{32}$/);
      expect(events[1].client).toBe(events[0].client);
      for (const text of all.values()) expect(text).not.toContain(ip);
    } finally {
      await local.stop();
    }
  });
});

describe("a recording failure never fails the response", () => {
  it("answers normally when the Blobs server is gone, and says why in the log", async () => {
    const gone = await startBlobs();
    await gone.stop();
    const errors: string[] = [];
    const errSpy = vi.spyOn(console, "error").mockImplementation((...a) => void errors.push(a.map(String).join(" ")));
    try {
      const { app, lines } = usageApp(gone.config, { secret: "s" });
      const healthy = usageApp(blobs.config, { secret: "s" }).app;
      const req = () => toolCall("search_patterns", { query: "drag" });
      const res = await app.handle(await req(), { ip: "192.0.2.7" });
      const expected = await healthy.handle(await req(), { ip: "192.0.2.7" });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(await expected.text());
      expect(lines).toHaveLength(1);
      expect(errors.some((e) => e.startsWith("[mcp-usage-store] 1 event(s) not stored"))).toBe(true);
    } finally {
      errSpy.mockRestore();
    }
  });

  it("with waitUntil, returns before the write settles, and the handed-over promise never rejects", async () => {
    const gone = await startBlobs();
    await gone.stop();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slowDeadStore = () => {
      const kv = openStore(USAGE_STORE, { config: gone.config });
      return { ...kv, set: async (k: string, v: string | Uint8Array) => (await gate, kv.set(k, v)) };
    };
    const errSpy = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const app = testApp({ usage: createUsageRecorder({ secret: "s", open: slowDeadStore, log: () => {} }) });
      const handed: Promise<unknown>[] = [];
      const res = await app.handle(await toolCall("search_patterns", { query: "drag" }), {
        ip: "192.0.2.8",
        waitUntil: (p) => void handed.push(p),
      });
      expect(res.status).toBe(200);
      expect(handed).toHaveLength(1);
      let settled = false;
      void handed[0].then(() => (settled = true));
      await new Promise((r) => setTimeout(r, 20));
      expect(settled).toBe(false);
      release();
      await expect(handed[0]).resolves.toBeUndefined();
    } finally {
      errSpy.mockRestore();
    }
  });

  it("with waitUntil, nothing of the recording runs before the response is returned", async () => {
    const lines: string[] = [];
    let opened = 0;
    const open = () => (opened++, openStore(USAGE_STORE, { config: blobs.config }));
    const app = testApp({ usage: createUsageRecorder({ secret: "s", open, log: (l) => lines.push(l) }) });
    const handed: Promise<unknown>[] = [];
    const res = await app.handle(await toolCall("search_patterns", { query: "drag" }), {
      ip: "192.0.2.9",
      waitUntil: (p) => void handed.push(p),
    });
    expect(res.status).toBe(200);
    expect(handed).toHaveLength(1);
    // The answer is out: no log line written, no store opened yet.
    expect([lines.length, opened]).toEqual([0, 0]);
    await handed[0];
    expect(lines).toHaveLength(1);
    expect(parse(lines[0])).toMatchObject({ tool: "search_patterns", status: "ok", ip: "192.0.2.9" });
    expect(opened).toBe(1);
  });

  it("gives up on a store that never answers after the write deadline", async () => {
    const { createServer } = await import("node:net");
    const sockets: import("node:net").Socket[] = [];
    const silent = createServer((s) => void sockets.push(s)).listen(0, "127.0.0.1");
    await new Promise((r) => silent.once("listening", r));
    const port = (silent.address() as import("node:net").AddressInfo).port;
    const url = `http://127.0.0.1:${port}`;
    const { usageRecorder } = await import("../../../src/usage/recorder.ts");
    const { readConfig } = await import("../../../src/config.ts");
    const deadline = 1500;
    const errSpy = vi.spyOn(console, "error").mockImplementation(() => {});
    const logSpy = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const app = testApp({
        usage: usageRecorder(readConfig({ USAGE_HASH_SECRET: "s", USAGE_WRITE_DEADLINE_MS: String(deadline) }), {
          siteID: "s",
          token: "t",
          edgeURL: url,
          uncachedEdgeURL: url,
        }),
      });
      const started = performance.now();
      const res = await app.handle(await toolCall("search_patterns", { query: "drag" }), { ip: "192.0.2.9" });
      const took = performance.now() - started;
      expect(res.status).toBe(200);
      expect(took).toBeGreaterThanOrEqual(deadline - 50);
      expect(took).toBeLessThan(deadline + 1000);
      expect(errSpy.mock.calls.some((c) => String(c[0]).includes(`did not confirm within ${deadline} ms`))).toBe(true);
    } finally {
      errSpy.mockRestore();
      logSpy.mockRestore();
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });
});
