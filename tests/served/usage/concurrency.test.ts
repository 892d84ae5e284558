/**
 * The served edge function under concurrent load: every call is counted exactly once in the month's
 * folded counters, read from the same local store `npm run usage-report` reads. Twice: on `npm
 * start`'s local server, where the write runs after the response (waitUntil, as in production), so
 * the count is read once the writes have landed; and on Netlify's emulation, which awaits the write
 * before responding (it would kill it otherwise), and runs each request in a fresh Deno worker (~0.4
 * s of CPU), so fewer calls go there, 10 at a time: few enough that no request nears the emulator's
 * 36 s limit on a busy machine. The second burst, counts carried across folds, runs on the local
 * server only: the fold is the review's, the same whichever server wrote the events.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foldUntil, openUsageStore, type UsageStore } from "../../../scripts/ops/usage-store.ts";
import type { Monthly } from "../../../src/usage/monthly.ts";
import { fixtures } from "../../helpers/app.ts";
import { EMULATED, LOCAL, type ServedTarget } from "../../helpers/served.ts";
import { storedEventsSince } from "../../helpers/usage.ts";

const BURST_TIMEOUT_MS = 30 * 60_000;
/** How long the local server's after-response writes may take to land (each is bounded at 10 s). */
const SETTLE_LIMIT_MS = 60_000;
const withCode = fixtures.filter((f) => f.code.length > 0);

let store: UsageStore;
beforeAll(async () => {
  store = await openUsageStore();
});
afterAll(async () => {
  await store?.close();
});

function call(url: string, agent: string, i: number) {
  const f = withCode[i % withCode.length];
  // Half fetch code (the heaviest response, and the one that must never leak), half search.
  const [name, args] =
    i % 2
      ? (["get_component", { pattern_id: f.entry.id }] as const)
      : (["search_patterns", { query: f.entry.title.split(" ")[0] }] as const);
  return fetch(`${url}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": name,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: i,
      method: "tools/call",
      params: {
        name,
        arguments: args,
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientCapabilities": {},
          "io.modelcontextprotocol/clientInfo": { name: agent, version: "1" },
        },
      },
    }),
  });
}

/** `bursts`: 2 adds the second burst, whose count must add to the first one's. */
function suite(target: ServedTarget, calls: number, inFlight: number, bursts: 1 | 2) {
  // Unique per run and target: other test files (and other runs) share this local store and add their own events.
  const agent = `usage-e2e-${target.emulated ? "emulated" : "local"}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  /** Every month a burst touched: a burst across midnight at a month's end spans two. */
  const spanned = new Set<string>();
  const started = new Date();

  /** Runs `calls` calls, `inFlight` at a time; returns the HTTP statuses and the months they spanned. */
  async function burst() {
    const months = new Set([new Date().toISOString().slice(0, 7)]);
    const statuses: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < calls) {
          const res = await call(target.url, agent, next++);
          statuses.push(res.status);
          await res.text();
        }
      }),
    );
    months.add(new Date().toISOString().slice(0, 7));
    for (const m of months) spanned.add(m);
    return { statuses, months: [...months] };
  }

  /** This agent's calls across the months' counters. */
  const mineOf = (blobs: Monthly[]) => blobs.reduce((s, b) => s + (b.by_agent[`${agent}/1`] ?? 0), 0);
  /** Folds the months and returns them: this agent's calls across them, and the blobs. */
  const folded = async (months: string[]) => settled(months, 0);
  /**
   * Folds until this agent's count reaches `expected` (the local server writes after responding), or
   * the limit passes.
   */
  async function settled(months: string[], expected: number) {
    const blobs = await foldUntil(store.kv, months, mineOf, expected, expected ? SETTLE_LIMIT_MS : 0);
    return { mine: mineOf(blobs), blobs };
  }

  describe(`served endpoint, ${target.name}: no lost counts under concurrency`, () => {
    it(
      `${calls} concurrent tool calls (${inFlight} in flight) raise the month's folded count by exactly ${calls}`,
      async () => {
        const month = new Date().toISOString().slice(0, 7);
        const start = await folded([month]);
        expect(start.mine).toBe(0);
        const { statuses, months } = await burst();
        expect(statuses.filter((s) => s !== 200)).toEqual([]);
        const after = await settled(months, calls);
        expect(after.mine).toBe(calls);
        // Others may add traffic meanwhile, so the total grows by at least ours; the ledger matches the count.
        expect(after.blobs[0].calls - start.blobs[0].calls).toBeGreaterThanOrEqual(months.length === 1 ? calls : 0);
        // Every ledgered id is counted once: as a call, a chatbot answer (the served chatbot's, from other
        // files), or an unreadable (cut-off) record.
        for (const b of after.blobs) expect(b.folded.length).toBe(b.calls + b.chatbot.answers + b.unreadable);
      },
      BURST_TIMEOUT_MS,
    );

    if (bursts === 2)
      it(
        `and again on a second run: exactly ${2 * calls}`,
        async () => {
          const { statuses } = await burst();
          expect(statuses.filter((s) => s !== 200)).toEqual([]);
          expect((await settled([...spanned], 2 * calls)).mine).toBe(2 * calls);
          // Folding again adds nothing of ours.
          expect((await folded([...spanned])).mine).toBe(2 * calls);
        },
        BURST_TIMEOUT_MS,
      );

    it("the stored events of those calls carry no component code, no TSX and no raw IP", async () => {
      const texts = await storedEventsSince(store.kv, spanned, started, agent);
      expect(texts.length).toBe(bursts * calls);
      const tsxLines = withCode
        .flatMap((f) => f.code.flatMap((c) => new TextDecoder().decode(c.bytes).split(/\r?\n/)))
        .map((l) => l.trim())
        .filter((l) => l.length >= 24);
      const distinct = [...new Set(tsxLines)];
      expect(distinct.length).toBeGreaterThan(100);
      const joined = texts.join("\n");
      expect(joined).not.toContain("component_code");
      expect(joined).not.toContain("127.0.0.1");
      for (const l of distinct) expect(joined).not.toContain(l);
      // get_component events name the pattern and, when served, the version (a busy machine can time a read out).
      const components = texts.map((t) => JSON.parse(t)).filter((e) => e.tool === "get_component");
      expect(components).toHaveLength((bursts * calls) / 2);
      for (const e of components) {
        expect(e.pattern_id).toMatch(/^[0-9a-f-]{36}$/);
        if (e.status === "ok") expect(e.version_id).toMatch(/^(seed|v\d+)$/);
      }
    }, 300_000);
  });
}

// The local server takes the full burst with a hundred in flight, twice; the emulation a smaller one, 10
// at a time (two waves of concurrent writes to the same month's counters), once.
suite(LOCAL, 500, 100, 2);
suite(EMULATED, 20, 10, 1);
