/**
 * The served edge function (Deno, Netlify local emulation) under concurrent load: every call is
 * counted exactly once in the month's folded counters, read from the same local store
 * `npm run usage-report` reads. Each request runs in a fresh Deno worker here (~150 ms of CPU or
 * more), so calls go 10 at a time: enough overlap to interleave many isolates' writes, few enough
 * that no request nears the emulator's 36 s limit on a busy machine. Measured on a 2-core machine
 * shared with other work (load ~8): 170 s and 260 s per burst; the timeouts leave room for worse.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openUsageStore, type UsageStore } from "../../scripts/lib/usage-store.ts";
import { keys } from "../../src/usage/event.ts";
import { foldMonth } from "../../src/usage/fold.ts";
import type { Monthly } from "../../src/usage/monthly.ts";
import { fixtures } from "../helpers/app.ts";

const CALLS = 500;
const IN_FLIGHT = 10;
const BURST_TIMEOUT_MS = 45 * 60_000;
// Unique per run: other test files (and other runs) share this local store and add their own events.
const AGENT = `usage-e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const withCode = fixtures.filter((f) => f.code.length > 0);

let store: UsageStore;
beforeAll(async () => {
  store = await openUsageStore();
});
afterAll(async () => {
  await store?.close();
});

function call(i: number) {
  const f = withCode[i % withCode.length];
  // Half fetch code (the heaviest response, and the one that must never leak), half search.
  const [name, args] = i % 2 ? ["get_component", { pattern_id: f.entry.id }] as const : ["search_patterns", { query: f.entry.title.split(" ")[0] }] as const;
  return fetch(`${inject("servedUrl")}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": name },
    body: JSON.stringify({
      jsonrpc: "2.0", id: i, method: "tools/call",
      params: { name, arguments: args, _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}, "io.modelcontextprotocol/clientInfo": { name: AGENT, version: "1" } } },
    }),
  });
}

/** Every month a burst touched: a burst across midnight at a month's end spans two. */
const spanned = new Set<string>();

/** Runs CALLS calls, IN_FLIGHT at a time; returns the HTTP statuses and the months they spanned. */
async function burst() {
  const months = new Set([new Date().toISOString().slice(0, 7)]);
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (next < CALLS) {
      const res = await call(next++);
      statuses.push(res.status);
      await res.text();
    }
  }));
  months.add(new Date().toISOString().slice(0, 7));
  for (const m of months) spanned.add(m);
  return { statuses, months: [...months] };
}

/** Folds the months and returns them: this agent's calls across them, and the blobs. */
async function folded(months: string[]) {
  const blobs: Monthly[] = [];
  for (const m of months) blobs.push((await foldMonth(store.kv, m)).monthly);
  return { mine: blobs.reduce((s, b) => s + (b.by_agent[`${AGENT}/1`] ?? 0), 0), blobs };
}

describe("served endpoint: no lost counts under concurrency", () => {
  it(`${CALLS} concurrent tool calls raise the month's folded count by exactly ${CALLS}`, async () => {
    const month = new Date().toISOString().slice(0, 7);
    const start = await folded([month]);
    expect(start.mine).toBe(0);
    const { statuses, months } = await burst();
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const after = await folded(months);
    expect(after.mine).toBe(CALLS);
    // Others may add traffic meanwhile, so the total grows by at least ours; the ledger matches the count.
    expect(after.blobs[0].calls - start.blobs[0].calls).toBeGreaterThanOrEqual(months.length === 1 ? CALLS : 0);
    // Every ledgered id is counted once: as a call, or as an unreadable (cut-off) event.
    for (const b of after.blobs) expect(b.folded.length).toBe(b.calls + b.unreadable);
  }, BURST_TIMEOUT_MS);

  it(`and again on a second run: exactly ${2 * CALLS}`, async () => {
    const { statuses } = await burst();
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect((await folded([...spanned])).mine).toBe(2 * CALLS);
    // Folding again adds nothing of ours.
    expect((await folded([...spanned])).mine).toBe(2 * CALLS);
  }, BURST_TIMEOUT_MS);

  it("the stored events of those calls carry no component code, no TSX and no raw IP", async () => {
    const texts: string[] = [];
    for (const m of spanned) {
      const prefix = keys.eventPrefix(m);
      const ids = (await store.kv.list(prefix)).map((k) => k.slice(prefix.length, -".json".length));
      for (let i = 0; i < ids.length; i += 32) {
        const batch = await Promise.all(ids.slice(i, i + 32).map((id) => store.kv.get(keys.event(m, id))));
        for (const b of batch) {
          const text = b ? new TextDecoder().decode(b) : "";
          if (text.includes(AGENT)) texts.push(text);
        }
      }
    }
    expect(texts.length).toBe(2 * CALLS);
    const tsxLines = withCode.flatMap((f) => f.code.flatMap((c) => new TextDecoder().decode(c.bytes).split(/\r?\n/)))
      .map((l) => l.trim()).filter((l) => l.length >= 24);
    const distinct = [...new Set(tsxLines)];
    expect(distinct.length).toBeGreaterThan(100);
    const joined = texts.join("\n");
    expect(joined).not.toContain("component_code");
    expect(joined).not.toContain("127.0.0.1");
    for (const l of distinct) expect(joined).not.toContain(l);
    // get_component events name the pattern and, when served, the version (a busy machine can time a read out).
    const components = texts.map((t) => JSON.parse(t)).filter((e) => e.tool === "get_component");
    expect(components).toHaveLength(CALLS);
    for (const e of components) {
      expect(e.pattern_id).toMatch(/^[0-9a-f-]{36}$/);
      if (e.status === "ok") expect(e.version_id).toMatch(/^(seed|v\d+)$/);
    }
  }, 300_000);
});
