/**
 * Throughput and latency of the four variants, under Deno and Node, in interleaved rounds: every
 * round visits every (runtime, scenario, variant) cell for the same short time, each round in a
 * rotated variant order, and the report keeps per-cell medians over rounds.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";
import { ROOT } from "../scripts/lib/repo-root.ts";
import type { BlobsConfig } from "../src/storage/blobs.ts";
import { deno } from "./child.ts";
import { requestBytes, runLoad } from "./load-generator.ts";
import {
  HEADERS,
  portOf,
  SCENARIOS,
  type Scenario,
  scenarioBody,
  sourceOf,
  type Variant,
  VARIANTS,
} from "./scenarios.ts";
import { median, percentile, rotate } from "../scripts/lib/stats.ts";

export const RUNTIMES = ["deno", "node"] as const;
export type Runtime = (typeof RUNTIMES)[number];

export interface Cell {
  rps: number;
  /** Server CPU time (user + system, all threads) per request: far less sensitive to other load than req/s. */
  cpu_us_per_req: number;
  p50_ms: number;
  p99_ms: number;
  body_bytes: number;
  rounds: number;
}

export interface Server {
  runtime: Runtime;
  portBase: number;
  patternId: string;
  /** CPU ticks (1/100 s) the server process used so far. */
  cpuTicks(): number;
  stop(): void;
}

const ticks = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]); // utime + stime
};

const SERVE = join(ROOT, "bench/serve.ts");

/** Each bundled module keeps its own `import.meta.url`, as from source: repo-root.ts finds the repository by it. */
const ownUrl: Plugin = {
  name: "own-url",
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async ({ path }) => ({
      contents: (await readFile(path, "utf8")).replaceAll("import.meta.url", JSON.stringify(pathToFileURL(path).href)),
      loader: "ts",
    }));
  },
};

/**
 * serve.ts compiled for Node by esbuild, as a Node deployment runs compiled code. Not run through
 * tsx's loader: tsx compiles with keepNames, which wraps every function created, per request too, in
 * a `__name` call (interleaved A/B: our handler 17–24% more CPU per request under tsx; every variant
 * is in the same build). npm packages stay external: the build is written where they resolve as from
 * the source (under the lab's node_modules/.cache; ab-served.ts, in an unpacked revision's bench/).
 */
export async function nodeServerBuild(dir: string, serve = SERVE): Promise<string> {
  const outfile = join(dir, "serve-node.mjs");
  await build({
    entryPoints: [serve],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    plugins: [ownUrl],
    logLevel: "error",
  });
  return outfile;
}

export function startServer(
  runtime: Runtime,
  portBase: number,
  catalogDir: string,
  blobs: BlobsConfig,
  nodeBuild: string,
  serve = SERVE,
): Promise<Server> {
  // Node runs the script in this very process (not through the tsx CLI, which forks): its CPU is the
  // server's. tsx stays registered for the one TypeScript module it imports at run time: the catalog's load.ts.
  const [cmd, args] =
    runtime === "deno" ? [deno, ["run", "-A", serve]] : [process.execPath, ["--import", "tsx", nodeBuild]];
  const child: ChildProcess = spawn(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, BENCH_CONFIG: JSON.stringify({ portBase, catalogDir, blobs }) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stderr!.on("data", (d) => (err += d));
    child.stdout!.on("data", (d) => {
      out += d;
      const line = out.split("\n").find((l) => l.startsWith("READY "));
      if (line) {
        const info = JSON.parse(line.slice(6));
        resolve({
          runtime,
          portBase,
          patternId: info.patternId,
          cpuTicks: () => ticks(child.pid!),
          stop: () => child.kill(),
        });
      }
    });
    child.on("exit", (code) => reject(new Error(`${runtime} server exited (${code}): ${err.slice(-2000)}`)));
  });
}

export interface ThroughputOptions {
  rounds: number;
  seconds: number;
  /** Load per cell before the measured rounds (none: the first round meets cold caches). */
  warmupSeconds: number;
  connections: number;
  catalogDir: string;
  blobs: BlobsConfig;
  log(line: string): void;
}

export async function measureThroughput(o: ThroughputOptions) {
  // A random block of ports: two runs on one machine (a test run beside a bench) must not collide.
  // Below Linux's ephemeral range (32768+), where outgoing sockets would take a port now and then.
  const base = 20_000 + Math.floor(Math.random() * 120) * 100;
  // Under the lab's node_modules/.cache: the build's npm imports resolve from there as from the source.
  await mkdir(join(ROOT, "bench/node_modules/.cache"), { recursive: true });
  const dir = await mkdtemp(join(ROOT, "bench/node_modules/.cache/patttterns-bench-"));
  const nodeBuild = await nodeServerBuild(dir);
  const servers = await Promise.all(
    RUNTIMES.map((r, i) => startServer(r, base + i * 50, o.catalogDir, o.blobs, nodeBuild)),
  );
  const samples = new Map<string, { rps: number[]; cpu: number[]; p50: number[]; p99: number[]; bytes: number }>();
  const key = (r: Runtime, s: Scenario, v: Variant) => `${r}/${s}/${v}`;
  try {
    const request = (srv: Server, s: Scenario, v: Variant) => {
      const port = portOf(srv.portBase, v, sourceOf(s));
      return { port, bytes: requestBytes(port, scenarioBody(s, srv.patternId), HEADERS) };
    };
    // Warm-up: JIT, caches and the first Blobs reads, outside the measured rounds.
    for (const srv of o.warmupSeconds > 0 ? servers : []) {
      for (const s of SCENARIOS) {
        for (const v of VARIANTS) {
          const { port, bytes } = request(srv, s, v);
          const warm = await runLoad(port, bytes, { connections: o.connections, seconds: o.warmupSeconds });
          if (warm.errors)
            throw new Error(`${srv.runtime} ${s} ${v}: ${warm.errors} errors, first: ${warm.firstError}`);
        }
      }
    }
    for (let round = 0; round < o.rounds; round++) {
      for (const srv of rotate(servers, round)) {
        for (const s of SCENARIOS) {
          for (const v of rotate(VARIANTS, round)) {
            const { port, bytes } = request(srv, s, v);
            const before = srv.cpuTicks();
            const r = await runLoad(port, bytes, { connections: o.connections, seconds: o.seconds });
            const cpuUs = ((srv.cpuTicks() - before) * 10_000) / r.requests;
            if (r.errors) throw new Error(`${srv.runtime} ${s} ${v}: ${r.errors} errors, first: ${r.firstError}`);
            const cell = samples.get(key(srv.runtime, s, v)) ?? { rps: [], cpu: [], p50: [], p99: [], bytes: 0 };
            cell.rps.push(r.requests / r.seconds);
            cell.cpu.push(cpuUs);
            cell.p50.push(percentile(r.latencies, 50));
            cell.p99.push(percentile(r.latencies, 99));
            cell.bytes = r.bodyBytes;
            samples.set(key(srv.runtime, s, v), cell);
          }
        }
      }
      o.log(`throughput round ${round + 1}/${o.rounds} done`);
    }
  } finally {
    for (const srv of servers) srv.stop();
    await rm(dir, { recursive: true, force: true });
  }
  const cells = {} as Record<Runtime, Record<Scenario, Record<Variant, Cell>>>;
  for (const r of RUNTIMES) {
    cells[r] = {} as Record<Scenario, Record<Variant, Cell>>;
    for (const s of SCENARIOS) {
      cells[r][s] = {} as Record<Variant, Cell>;
      for (const v of VARIANTS) {
        const c = samples.get(key(r, s, v))!;
        cells[r][s][v] = {
          rps: median(c.rps),
          cpu_us_per_req: median(c.cpu),
          p50_ms: median(c.p50),
          p99_ms: median(c.p99),
          body_bytes: c.bytes,
          rounds: c.rps.length,
        };
      }
    }
  }
  return cells;
}
