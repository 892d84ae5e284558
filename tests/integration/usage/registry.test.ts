/**
 * The shadcn registry's requests in usage, over a real local Blobs server (the component store and
 * the usage store both): each item or index request is one `[mcp-usage]` line and one stored event,
 * like a tool call, under its own method name, with its pattern, version, status, bytes, hashed IP
 * and the User-Agent as its agent, never its code; the fold and the review count them beside
 * get_component's calls.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as catalogData from "../../../generated/catalog/load.ts";
import { seedStore } from "../../../scripts/lib/seed.ts";
import { buildReport, renderText } from "../../../scripts/ops/usage-report/report.ts";
import { renderHtml } from "../../../scripts/ops/usage-report/html.ts";
import { readConfig } from "../../../src/config.ts";
import { createRegistry } from "../../../src/registry/handler.ts";
import { openStore } from "../../../src/storage/blobs.ts";
import { keys, type UsageEvent } from "../../../src/usage/event.ts";
import { foldMonth, readMonthly } from "../../../src/usage/fold.ts";
import { createUsageRecorder, withUsage } from "../../../src/usage/recorder.ts";
import { fixtures, testApp } from "../../helpers/app.ts";
import { type LocalBlobs, startBlobs } from "../../helpers/blobs.ts";
import { fixture } from "../../helpers/components.ts";
import { toolCall, usageStore } from "../../helpers/usage.ts";

const ORIGIN = "http://127.0.0.1:8888";
const IP = "203.0.113.7";
const AT = new Date("2026-11-04T10:00:00.000Z");
const MONTH = "2026-11";
const datePicker = fixture("date-picker");
const toast = fixture("toast-notification");

let blobs: LocalBlobs;
const lines: string[] = [];
const bodies: string[] = [];
let events: UsageEvent[];

beforeAll(async () => {
  blobs = await startBlobs();
  await seedStore(openStore("components", { config: blobs.config, consistency: "strong" }), fixtures);
  const usage = createUsageRecorder({
    secret: "s",
    open: () => usageStore(blobs.config),
    log: (l) => lines.push(l),
    now: () => AT,
  });
  const config = readConfig({ COMPONENTS_INDEX_TTL_MS: "0" });
  const registry = withUsage(createRegistry({ config, catalogData, blobs: blobs.config }), usage);
  const send = async (path: string, method = "GET") => {
    const res = await registry(new Request(`${ORIGIN}${path}`, { method, headers: { "user-agent": "shadcn" } }), {
      ip: IP,
      requestId: `req-${bodies.length}`,
    });
    bodies.push(await res.text());
    return res.status;
  };
  const statuses = [
    await send("/r/date-picker.json"),
    await send("/r/toast-notification.json?version=seed"),
    await send("/r/toast-notification.json?version=v7"),
    await send("/r/no-such-component.json"),
    await send("/r/registry.json"),
    await send("/r/registry.json?q=snackbar"),
    await send("/r/date-picker.json", "HEAD"),
    await send("/r/registry.json", "POST"),
    // Neither an item's nor the index's request: not recorded.
    await send("/r/date-picker.json", "OPTIONS"),
    await send("/r/no/such/path"),
  ];
  expect(statuses).toEqual([200, 200, 404, 404, 200, 200, 200, 405, 204, 404]);
  // One get_component beside them, through the MCP endpoint and the same recorder.
  const mcp = testApp({ usage });
  const call = await mcp.handle(await toolCall("get_component", { pattern_id: "#77" }, "claude-code"), { ip: IP });
  expect(call.status).toBe(200);

  const kv = usageStore(blobs.config);
  const stored = await kv.list(keys.eventPrefix(MONTH));
  events = await Promise.all(
    stored.map(async (k) => JSON.parse(new TextDecoder().decode((await kv.get(k))!)) as UsageEvent),
  );
});
afterAll(async () => {
  await blobs?.stop();
});

const utf8 = (s: string) => new TextEncoder().encode(s).byteLength;
const registryEvents = () => events.filter((e) => e.method.startsWith("registry/"));

describe("registry requests in usage", () => {
  it("logs one line per item or index request, with its method, pattern, version, status, bytes and agent", () => {
    const logged = lines.map((l) => JSON.parse(l.slice("[mcp-usage] ".length)));
    const registry = logged.filter((l) => l.method.startsWith("registry/"));
    expect(registry.map((l) => [l.request_id, l.method, l.status, l.http_status])).toEqual([
      ["req-0", "registry/item", "ok", 200],
      ["req-1", "registry/item", "ok", 200],
      ["req-2", "registry/item", "version_not_found", 404],
      ["req-3", "registry/item", "not_found", 404],
      ["req-4", "registry/index", "ok", 200],
      ["req-5", "registry/index", "ok", 200],
      ["req-6", "registry/item", "ok", 200],
      ["req-7", "registry/index", "method_not_allowed", 405],
    ]);
    expect(registry.slice(0, 4).map((l) => [l.pattern_id, l.version_id])).toEqual([
      [datePicker.entry.id, datePicker.index.activeVersionId],
      [toast.entry.id, "seed"],
      [toast.entry.id, "v7"],
      [undefined, undefined],
    ]);
    // The bytes sent: each body's UTF-8, none for HEAD.
    expect(registry.map((l) => l.bytes)).toEqual(bodies.slice(0, 8).map(utf8));
    expect(registry[6].bytes).toBe(0);
    expect(registry[0].bytes).toBeGreaterThan(datePicker.code[0].bytes.byteLength);
    for (const l of registry) {
      expect(l).toMatchObject({ agent: "shadcn", ip: IP });
      expect(l.duration_ms).toBeGreaterThanOrEqual(0);
      for (const absent of ["era", "protocol_version", "tool", "user_agent", "client"])
        expect(l).not.toHaveProperty(absent);
    }
  });

  it("stores one event per logged line, with the client hashed and no code", () => {
    expect(registryEvents()).toHaveLength(8);
    expect(events).toHaveLength(9);
    for (const e of registryEvents()) {
      expect(e.client).toMatch(/^[0-9a-f]{32}$/);
      expect(e.agent).toBe("shadcn");
      expect(e.ts).toBe(AT.toISOString());
    }
    const text = JSON.stringify(events);
    expect(text).not.toContain(IP);
    expect(text).not.toContain("content");
    const tsxLines = [...datePicker.code, ...toast.code]
      .flatMap((c) => new TextDecoder().decode(c.bytes).split(/\r?\n/))
      .map((l) => l.trim())
      .filter((l) => l.length >= 24);
    expect(tsxLines.length).toBeGreaterThan(50);
    for (const l of tsxLines) expect(text).not.toContain(l);
  });

  it("the fold counts them like tool calls, under their own names, and the review shows them beside get_component", async () => {
    await foldMonth(usageStore(blobs.config), MONTH, () => AT);
    const m = (await readMonthly(usageStore(blobs.config), MONTH))!;
    expect(m.calls).toBe(9);
    expect(m.tool_calls).toBe(1);
    expect(m.by_method).toEqual({ "registry/item": 5, "registry/index": 3, "tools/call": 1 });
    expect(m.by_tool).toEqual({ "registry/item": 5, "registry/index": 3, get_component: 1 });
    expect(m.by_day_tool["2026-11-04"]).toEqual({ "registry/item": 5, "registry/index": 3, get_component: 1 });
    expect(m.by_agent).toEqual({ shadcn: 8, "claude-code/1.0": 1 });
    expect(m.by_protocol).toEqual({ registry: 8, "modern 2026-07-28": 1 });
    expect(m.by_version).toMatchObject({
      [`${datePicker.entry.id}@${datePicker.index.activeVersionId}`]: 3,
      [`${toast.entry.id}@seed`]: 1,
    });
    expect(m.client_errors).toBe(3);
    expect(m.infra_errors).toBe(0);
    expect(Object.keys(m.by_client)).toHaveLength(1);

    const report = buildReport(m, { today: "2026-11-30" });
    expect(report.by_tool).toEqual({ "registry/item": 5, "registry/index": 3, get_component: 1 });
    const week = report.weekly.find((w) => w.week === "2026-W45")!;
    expect(week["registry/item"].calls).toBe(5);
    expect(week.get_component.calls).toBe(1);
    const text = renderText(report);
    expect(text).toContain("registry/item 5, registry/index 3)");
    expect(text).toMatch(/Calls per tool, and registry requests[^\n]*\n +5 +55\.56% +registry\/item\n/);
    const html = renderHtml(report);
    expect(html).toContain("5 items, 3 index");
    expect(html).toContain("<title>2026-W45 registry/item: 5");
  });
});
