/**
 * `npm run bench:emulation`: what Netlify's emulation (@netlify/dev, `npm run start:netlify`) does per
 * request, measured: sequential get_component calls through it, with the threads and RSS of its Deno
 * process every `--every` calls (recycling off, so nothing is reset), and the latency. docs/local.md
 * explains the figures: a config-reading Worker started per request and never terminated.
 *
 *   npm run bench:emulation -- [--calls 60] [--every 20]
 */
import { readdir, readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { startDevServer } from "../scripts/local/dev-server.ts";
import { percentile } from "../scripts/lib/stats.ts";

const { values: opt } = parseArgs({
  options: { calls: { type: "string", default: "60" }, every: { type: "string", default: "20" } },
});
const calls = Math.max(1, Math.min(Number(opt.calls), 1000));
const every = Math.max(1, Number(opt.every));

/** The emulation's Deno server: the `deno eval` child of this process. */
async function denoPid(): Promise<number> {
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const [cmd, stat] = await Promise.all([
      readFile(`/proc/${entry}/cmdline`, "utf8"),
      readFile(`/proc/${entry}/stat`, "utf8"),
    ]).catch(() => ["", ""]);
    if (
      cmd.includes("deno") &&
      cmd.includes("eval") &&
      stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1] === String(process.pid)
    )
      return Number(entry);
  }
  throw new Error("the emulation's Deno process was not found");
}

async function sample(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return {
    threads: Number(/Threads:\s+(\d+)/.exec(status)![1]),
    rssMiB: Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024),
  };
}

const dev = await startDevServer({ port: 0, recycleAfter: Infinity });
const body = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name: "get_component", arguments: { pattern_id: "#123" } },
});
const times: number[] = [];
try {
  for (let i = 1; i <= calls; i++) {
    const started = performance.now();
    const res = await fetch(`${dev.url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    await res.text();
    if (res.status !== 200) throw new Error(`call ${i}: HTTP ${res.status}`);
    times.push(performance.now() - started);
    // The Deno process starts with the first request.
    if (i === 1 || i % every === 0) console.log(`after ${i} calls: ${JSON.stringify(await sample(await denoPid()))}`);
  }
  console.log(
    `get_component through the emulation: p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms over ${calls} sequential calls`,
  );
} finally {
  await dev.stop();
}
