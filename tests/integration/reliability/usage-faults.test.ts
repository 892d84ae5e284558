/**
 * Usage-recording failures never fail or delay a request. The usage store is a real local
 * BlobsServer behind the fault proxy (slow, hanging, 5xx, 429, reset) or stopped outright. With the
 * platform's waitUntil (production) the answer must not wait for the write at all; without it (the
 * local emulation awaits the write, see src/usage/recorder.ts) the wait is bounded by USAGE_WRITE_DEADLINE_MS.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readConfig } from "../../../src/config.ts";
import { usageRecorder } from "../../../src/usage/recorder.ts";
import { fixtures, testApp } from "../../helpers/app.ts";
import { type Fault, type FaultProxy, startFaultProxy } from "../../helpers/fault-proxy.ts";
import { type RecordingBlobs, startRecordingBlobs } from "../../helpers/recording-blobs.ts";
import { toolCall, toRequest } from "./arbitraries.ts";
import { checkResponse } from "./check.ts";

/**
 * The write deadline these tests configure (production's is 10 s, `DEFAULTS.USAGE_WRITE_DEADLINE_MS`):
 * what they prove holds for any value, and each wait on a hanging or slow store lasts one deadline
 * (seven of them in this file). Half a second keeps a warm in-process answer (tens of ms) far inside it.
 */
const WRITE_DEADLINE_MS = 500;
/** A deployment's config with that deadline, and the hash secret if given. */
const withDeadline = (secret?: string) =>
  readConfig({ USAGE_HASH_SECRET: secret, USAGE_WRITE_DEADLINE_MS: String(WRITE_DEADLINE_MS) });

// How late past the deadline an answer may come on a loaded two-core machine (1.03 s was seen once).
// It stays under how much slower than the deadline the slow store is, so a deadline that did not
// hold would still fail.
const SLACK = Number(process.env.FAULT_SLACK_MS ?? 1500);
const IP = "192.0.2.44";

let blobs: RecordingBlobs;
let proxy: FaultProxy;
let stoppedConfig: RecordingBlobs["config"];
beforeAll(async () => {
  blobs = await startRecordingBlobs([]);
  proxy = await startFaultProxy(blobs.url);
  const gone = await startRecordingBlobs([]);
  stoppedConfig = gone.config;
  await gone.stop();
  // The catalog's search tables are built on the first search: built here, no answer timed below
  // pays for them.
  await testApp().handle(toRequest(calls()[0]), { ip: IP });
});
afterAll(async () => {
  await proxy?.stop();
  await blobs?.stop();
});

const FAULTS: [string, Fault | "stopped"][] = [
  ["hanging", { kind: "hang" }],
  // Slower than the write deadline: the store answers only after record() has given up.
  ["slower than the write deadline", { kind: "delay", ms: WRITE_DEADLINE_MS + 3000 }],
  ["HTTP 500", { kind: "status", status: 500 }],
  ["HTTP 429", { kind: "status", status: 429 }],
  ["connection reset", { kind: "reset" }],
  ["stopped (connection refused)", "stopped"],
];

const SECRET = "s3cret-for-tests-0123456789abcdef";

function appFor(fault: Fault | "stopped", secret?: string) {
  if (fault !== "stopped") proxy.set(fault);
  const config =
    fault === "stopped" ? stoppedConfig : { ...blobs.config, edgeURL: proxy.url, uncachedEdgeURL: proxy.url };
  return testApp({ usage: usageRecorder(withDeadline(secret), config) });
}

const calls = () => [
  toolCall("search_patterns", { query: "tabs" }, true),
  toolCall("get_component", { pattern_id: fixtures[0].entry.id }, false),
];

describe.each(FAULTS)("usage store %s", (_name, fault) => {
  it.each([
    ["with USAGE_HASH_SECRET", SECRET],
    ["without it (stored random key)", undefined],
  ])(
    "production (waitUntil): the answer does not wait for the write, and the write settles without throwing, %s",
    async (_label, secret) => {
      const logs = vi.spyOn(console, "log").mockImplementation(() => {});
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        const app = appFor(fault, secret);
        const pending: Promise<unknown>[] = [];
        const writes: { done: boolean }[] = [];
        const waitUntil = (p: Promise<unknown>) => {
          const w = { done: false };
          writes.push(w);
          pending.push(p.finally(() => (w.done = true)));
        };
        for (const s of calls()) {
          const t0 = performance.now();
          const out = await checkResponse(
            await app.handle(toRequest(s), { ip: IP, requestId: "r", deployId: "d", waitUntil }),
            { ip: IP },
          );
          const ms = performance.now() - t0;
          expect(out.status).toBe(200);
          expect(out.text).not.toContain('"isError":true');
          expect(ms).toBeLessThan(WRITE_DEADLINE_MS);
        }
        // A hanging or slow store cannot have finished the write: had the answer waited for it, it would have.
        if (fault !== "stopped" && (fault.kind === "hang" || fault.kind === "delay"))
          expect(writes.map((w) => w.done)).toEqual([false, false]);
        const t0 = performance.now();
        const settled = await Promise.allSettled(pending);
        expect(settled.map((s) => s.status)).toEqual(pending.map(() => "fulfilled"));
        expect(performance.now() - t0).toBeLessThan(WRITE_DEADLINE_MS + SLACK);
        // The log line is written before the store is tried: nothing of the request is lost from the log.
        expect(logs.mock.calls.filter((c) => String(c[0]).startsWith("[mcp-usage] ")).length).toBe(2);
        expect(errors.mock.calls.some((c) => String(c[0]).startsWith("[mcp-usage-store]"))).toBe(true);
      } finally {
        logs.mockRestore();
        errors.mockRestore();
      }
    },
  );

  it("local emulation (no waitUntil, the write is awaited): the answer still succeeds, within the write deadline", async () => {
    const logs = vi.spyOn(console, "log").mockImplementation(() => {});
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const app = appFor(fault, SECRET);
      const t0 = performance.now();
      const out = await checkResponse(await app.handle(toRequest(calls()[0]), { ip: IP }), { ip: IP });
      expect(out.status).toBe(200);
      expect(out.text).not.toContain('"isError":true');
      expect(performance.now() - t0).toBeLessThan(WRITE_DEADLINE_MS + SLACK);
    } finally {
      logs.mockRestore();
      errors.mockRestore();
    }
  });
});

it("control: with a healthy store the events are written (the faults above were really in the path)", async () => {
  const logs = vi.spyOn(console, "log").mockImplementation(() => {});
  try {
    const app = appFor({ kind: "pass" }, SECRET);
    blobs.clear();
    const pending: Promise<unknown>[] = [];
    for (const s of calls()) await app.handle(toRequest(s), { ip: IP, waitUntil: (p) => pending.push(p) });
    await Promise.all(pending);
    expect(blobs.requests.filter((r) => r.type === "set" && r.url.includes("/events/")).length).toBe(2);
  } finally {
    logs.mockRestore();
  }
});

it("a usage store slower than the write deadline: the answer is unaffected and the lost event is logged, never silent", async () => {
  const logs = vi.spyOn(console, "log").mockImplementation(() => {});
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    const app = appFor({ kind: "delay", ms: WRITE_DEADLINE_MS + 500 }, SECRET);
    const pending: Promise<unknown>[] = [];
    const out = await checkResponse(
      await app.handle(toRequest(calls()[0]), { ip: IP, waitUntil: (p) => pending.push(p) }),
    );
    expect(out.status).toBe(200);
    await Promise.all(pending);
    // The [mcp-usage] line still carries the call; the store failure is reported, so the gap is visible.
    expect(logs.mock.calls.filter((c) => String(c[0]).startsWith("[mcp-usage] ")).length).toBe(1);
    expect(errors.mock.calls.some((c) => /\[mcp-usage-store\] 1 event\(s\) not stored/.test(String(c[0])))).toBe(true);
  } finally {
    logs.mockRestore();
    errors.mockRestore();
  }
});
