/**
 * `npm run load`: a bounded loopback load test of the MCP endpoint (not in CI).
 *
 * Rounds of concurrent calls (every tool, both eras, every fixture version) against the real edge
 * function under `Deno.serve` in a Deno child process with a real local Blobs store (default), the
 * @netlify/dev emulation (`--target dev`), or a running endpoint (`--url`, loopback only). It checks:
 * 0 errors; no memory growth across rounds (heap after a full GC and RSS of the serving process); and
 * prints per-round latency. Bounded in calls and in time; stops by itself. Exit code 1 on any failure.
 *
 *   npm run load -- [--rounds 9] [--warmup 3] [--calls 600] [--concurrency 32] [--max-seconds 240]
 *                   [--target deno|dev] [--url http://127.0.0.1:PORT/mcp [--pid N]] [--json]
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { loadFixtures } from "./lib/fixtures.ts";
import { type DenoServer, type Memory, procRss, startDenoServer } from "./lib/deno-serve.ts";
import { startDevServer } from "./lib/dev-server.ts";
import { agentName, buildWorkload, runRound, type RoundResult } from "./lib/load-round.ts";
import { type BlobsConfig, type KV, openStore } from "../src/storage/blobs.ts";
import { USAGE_STORE } from "../src/usage/event.ts";
import { foldMonth } from "../src/usage/fold.ts";

const { values: opt } = parseArgs({
  options: {
    rounds: { type: "string", default: "9" },
    warmup: { type: "string" },
    calls: { type: "string", default: "600" },
    concurrency: { type: "string", default: "32" },
    "max-seconds": { type: "string", default: "240" },
    target: { type: "string", default: "deno" },
    url: { type: "string" },
    pid: { type: "string" },
    json: { type: "boolean", default: false },
  },
});
const rounds = Math.min(Number(opt.rounds), 50);
/**
 * Rounds before memory is compared. RSS steps up once while V8 sizes its heap and code space (seen
 * here: +30 MiB between rounds 1 and 2, then flat); a leak keeps growing after that.
 */
const warmup = Math.max(0, Math.min(rounds - 2, opt.warmup ? Number(opt.warmup) : Math.max(1, Math.floor(rounds / 3))));
const calls = Math.min(Number(opt.calls), 10_000);
const concurrency = Math.min(Number(opt.concurrency), 256);
const deadline = Date.now() + Number(opt["max-seconds"]) * 1000;
/** Growth allowed from the first round after warm-up to the last: GC timing and allocator pages move a little. */
const HEAP_SLACK = { bytes: 2 * 1024 * 1024, ratio: 0.1 };
const RSS_SLACK = { bytes: 8 * 1024 * 1024, ratio: 0.05 };

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

interface Target {
  url: string;
  note: string;
  memory?: () => Promise<Memory | undefined>;
  deno?: DenoServer;
  /** The usage store the endpoint writes, when this script knows it; `settle` waits for pending writes. */
  usage?: { kv: KV; settle(): Promise<void>; logLines?: () => number };
  stop(): Promise<void>;
}

const usageKv = (config?: BlobsConfig) => openStore(USAGE_STORE, { config, consistency: "strong" });

async function target(): Promise<Target> {
  if (opt.url) {
    const u = new URL(opt.url);
    if (!LOOPBACK.test(u.hostname)) throw new Error(`--url must be a loopback address (127.x, localhost, [::1]); got ${u.hostname}`);
    const pid = opt.pid ? Number(opt.pid) : undefined;
    return { url: u.toString(), memory: pid ? async () => ({ rss: 0, heapUsed: 0, heapTotal: 0, external: 0, procRss: await procRss(pid) }) : undefined, stop: async () => {}, note: `external ${u} (usage not checked)` };
  }
  if (opt.target === "dev") {
    const dev = await startDevServer({ port: 0 });
    // The emulator starts a fresh Deno worker per request: nothing accumulates in it to measure.
    // The emulation awaits usage writes before responding; its sandbox is this process's Blobs context.
    return { url: `${dev.url}/mcp`, usage: { kv: usageKv(), settle: async () => {} }, stop: () => dev.stop(), note: "@netlify/dev emulation (fresh worker per request; memory not measured)" };
  }
  // A real secret, as production should have one: no hash key is drawn and stored.
  const deno = await startDenoServer({ USAGE_HASH_SECRET: randomBytes(32).toString("hex") }, { blobsIn: "child" });
  return { url: deno.url, memory: () => deno.memory(), deno, usage: { kv: usageKv(deno.blobs), settle: () => deno.settle(), logLines: () => deno.usageLines() }, stop: () => deno.stop(), note: `edge function under Deno.serve (pid ${deno.pid}), local BlobsServer` };
}

const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
const grew = (first: number, last: number, slack: { bytes: number; ratio: number }) => last - first > Math.max(slack.bytes, first * slack.ratio);

async function main() {
  const t = await target();
  const failures: string[] = [];
  const results: (RoundResult & { memory?: Memory })[] = [];
  try {
    // A unique agent per run: its calls are counted apart from any other traffic in a shared store (the dev sandbox).
    const agent = agentName(randomBytes(4).toString("hex"));
    const workload = buildWorkload(await loadFixtures(), agent);
    const month = new Date().toISOString().slice(0, 7);
    console.log(`load: ${t.note}\n      ${rounds} rounds (${warmup} warm-up) × ${calls} calls, concurrency ${concurrency}, url ${t.url}`);
    for (let r = 0; r < rounds; r++) {
      if (Date.now() > deadline) {
        failures.push(`time limit reached after ${r} rounds`);
        break;
      }
      const res = await runRound(t.url, workload, { calls, concurrency, offset: r * calls, deadline });
      const memory = await t.memory?.();
      results.push({ ...res, memory });
      const mem = memory ? `heap ${mib(memory.heapUsed)}  rss ${mib(memory.procRss ?? memory.rss)}` : "";
      console.log(`round ${r}${r < warmup ? " (warm-up)" : ""}: ${res.calls} calls, ${res.errors} errors, ${res.rps.toFixed(0)} req/s, p50 ${res.p50.toFixed(1)} ms, p95 ${res.p95.toFixed(1)} ms, max ${res.max.toFixed(0)} ms  ${mem}`);
      for (const e of res.examples) console.log(`   error: ${e}`);
      if (res.errors) failures.push(`round ${r}: ${res.errors} errors`);
    }
    const measured = results.slice(warmup).filter((x) => x.memory);
    if (measured.length >= 2) {
      const first = measured[0].memory!;
      const last = measured[measured.length - 1].memory!;
      if (first.heapUsed && grew(first.heapUsed, last.heapUsed, HEAP_SLACK)) failures.push(`heap grew from ${mib(first.heapUsed)} to ${mib(last.heapUsed)}`);
      if (first.procRss && last.procRss && grew(first.procRss, last.procRss, RSS_SLACK)) failures.push(`RSS grew from ${mib(first.procRss)} to ${mib(last.procRss)}`);
      console.log(`memory from round ${warmup} to ${results.length - 1}: heap ${mib(first.heapUsed)} → ${mib(last.heapUsed)}, rss ${mib(first.procRss ?? 0)} → ${mib(last.procRss ?? 0)}`);
    }
    if (t.usage) {
      await t.usage.settle();
      const after = (await foldMonth(t.usage.kv, month)).monthly;
      const sent = results.reduce((n, r) => n + r.recorded, 0);
      // 2025 calls after initialize name no client: counted as unknown, their User-Agent kept apart.
      const counted = (after.by_agent[`${agent}/1`] ?? 0) + (after.unknown_by_user_agent[`${agent}/1`] ?? 0);
      console.log(`usage: ${sent} recorded requests sent, ${counted} counted for agent ${agent}/1 in monthly/${month}.json`);
      if (counted !== sent) failures.push(`usage counted ${counted} of ${sent} recorded requests`);
      // On a store of its own (the default target) every breakdown must match too.
      if (t.deno) {
        const byTool: Record<string, number> = {};
        for (const r of results) for (const [k, v] of Object.entries(r.toolCalls)) byTool[k] = (byTool[k] ?? 0) + v;
        const toolDiff = Object.entries(byTool).filter(([k, v]) => (after.by_tool[k] ?? 0) !== v);
        console.log(`usage: ${after.calls} calls in the store, by tool ${toolDiff.length ? `differs: ${JSON.stringify(toolDiff)}` : "exact"}`);
        if (after.calls !== sent) failures.push(`the store counts ${after.calls} calls for ${sent} sent`);
        if (toolDiff.length) failures.push(`usage by_tool differs for ${toolDiff.map(([k]) => k).join(", ")}`);
      }
      const lines = t.usage.logLines?.();
      if (lines !== undefined) {
        console.log(`usage: ${lines} [mcp-usage] log lines`);
        if (lines !== sent) failures.push(`${lines} [mcp-usage] log lines for ${sent} recorded requests`);
      }
    }
  } finally {
    await t.stop();
  }
  const total = results.reduce((n, r) => n + r.calls, 0);
  if (opt.json) console.log(JSON.stringify({ target: t.note, rounds: results, total, failures }));
  const memoryNote = results.some((r) => r.memory) ? "no memory growth" : "memory not measured";
  console.log(failures.length ? `FAIL: ${failures.join("; ")}` : `OK: ${total} calls, 0 errors, ${memoryNote}`);
  process.exit(failures.length ? 1 : 0);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
