/**
 * `npm run bench:local`: what one call costs against `npm start`, beside the benchmark's long-lived
 * Deno server (bench/serve.ts, our handler over a local Blobs store, no usage recording)
 * measured in the same run, and with --emulation beside Netlify's emulation (`npm run start:netlify`).
 * One connection per server, one request at a time over loopback keep-alive (the bench's load
 * generator), servers interleaved round by round; p50/p99 are over every request of every round.
 *
 *   npm run bench:local -- [--rounds 5] [--seconds 2] [--emulation]
 *     [--scenario get_component|tools_list|search_components]
 */
import { parseArgs } from "node:util";
import { CATALOG_DIR } from "../scripts/build/catalog.ts";
import { spawnNpmStart } from "../scripts/local/spawn.ts";
import { startDevServer } from "../scripts/local/dev-server.ts";
import { loadFixtures } from "../scripts/lib/fixtures.ts";
import { percentile, rotate } from "../scripts/lib/stats.ts";
import { startSeededBlobs } from "./blobs.ts";
import { requestBytes, runLoad } from "./load-generator.ts";
import { GET_PATTERN, HEADERS, portOf, scenarioBody } from "./scenarios.ts";
import { startServer } from "./throughput.ts";

const { values: opt } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    seconds: { type: "string", default: "2" },
    scenario: { type: "string", default: "get_component" },
    emulation: { type: "boolean", default: false },
  },
});
/** The goal for get_component against `npm start` on loopback. */
const P50_GOAL_MS = 5;
const rounds = Math.max(1, Math.min(Number(opt.rounds), 50));
const seconds = Math.max(0.2, Math.min(Number(opt.seconds), 30));

const fixtures = await loadFixtures();
const patternId = fixtures.find((f) => f.name === GET_PATTERN)!.entry.id;
// get_component here is the bench's get_component request (served over Blobs either way).
const BENCH_SCENARIO = {
  get_component: "get_component_blobs",
  search_components: "search_components",
  tools_list: "tools_list",
} as const;
const scenario = BENCH_SCENARIO[opt.scenario as keyof typeof BENCH_SCENARIO];
if (!scenario) throw new Error(`--scenario must be one of ${Object.keys(BENCH_SCENARIO).join(", ")}`);
const body = scenarioBody(scenario, patternId);

interface Target {
  name: string;
  port: number;
  latencies: number[];
  /** A cap per round: the emulation takes ~0.3 s a call, and a round needs only a few. */
  maxRequests?: number;
}

const blobs = await startSeededBlobs(fixtures);
const local = await spawnNpmStart();
const base = 20_000 + Math.floor(Math.random() * 120) * 100;
const bench = await startServer("deno", base, CATALOG_DIR, blobs.config, "");
const dev = opt.emulation ? await startDevServer({ port: 0 }) : undefined;
const targets: Target[] = [
  {
    name: "npm start (edge on Deno.serve, usage written after the response)",
    port: Number(new URL(local.value.url).port),
    latencies: [],
  },
  {
    name: "bench: long-lived Deno server, our handler over local Blobs, no usage",
    port: portOf(base, "ours", "blobs"),
    latencies: [],
  },
  ...(dev
    ? [
        {
          name: "npm run start:netlify (@netlify/dev emulation)",
          port: Number(new URL(dev.url).port),
          latencies: [],
          maxRequests: 20,
        },
      ]
    : []),
];

try {
  const started = new Date();
  for (const t of targets) {
    // Warm-up: JIT, the component cache and the first store reads, outside the measured rounds.
    const warm = await runLoad(t.port, requestBytes(t.port, body, HEADERS), {
      connections: 1,
      seconds: 0.5,
      maxRequests: t.maxRequests ?? Infinity,
    });
    if (warm.errors) throw new Error(`${t.name}: ${warm.errors} errors, first: ${warm.firstError}`);
  }
  for (let r = 0; r < rounds; r++) {
    for (const t of rotate(targets, r)) {
      const res = await runLoad(t.port, requestBytes(t.port, body, HEADERS), {
        connections: 1,
        seconds,
        maxRequests: t.maxRequests ?? Infinity,
      });
      if (res.errors) throw new Error(`${t.name}: ${res.errors} errors, first: ${res.firstError}`);
      t.latencies.push(...res.latencies);
    }
    console.error(`[bench:local] round ${r + 1}/${rounds}`);
  }
  console.log(
    `\n${opt.scenario}, one request at a time over loopback; ${rounds} rounds × ${seconds} s, interleaved; ${started.toISOString()}\n`,
  );
  console.log("| server | requests | p50 ms | p99 ms |");
  console.log("|---|---|---|---|");
  for (const t of targets)
    console.log(
      `| ${t.name} | ${t.latencies.length} | ${percentile(t.latencies, 50).toFixed(2)} | ${percentile(t.latencies, 99).toFixed(2)} |`,
    );
  if (opt.scenario === "get_component") {
    const p50 = percentile(targets[0].latencies, 50);
    console.log(
      `\nget_component p50 against npm start: ${p50.toFixed(2)} ms; goal ≤ ${P50_GOAL_MS} ms: ${p50 <= P50_GOAL_MS ? "met" : "MISSED"}`,
    );
  }
} finally {
  bench.stop();
  await local.stop(15_000);
  await dev?.stop();
  await blobs.stop();
}
