/**
 * Starts the real edge function under `Deno.serve` in a Deno child process (scripts/lib/deno-edge.ts),
 * with a real local BlobsServer seeded from the fixtures as its Blobs store. Node side; loopback only.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { type BlobsConfig, openStore } from "../../src/storage/blobs.ts";
import { loadFixtures, ROOT } from "./fixtures.ts";
import { startLocalBlobs } from "./local-blobs.ts";
import { seedStore } from "./seed.ts";

export interface Memory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  /** VmRSS of the Deno process read from /proc, when available (Linux). */
  procRss?: number;
}

export interface DenoServer {
  url: string;
  pid: number;
  blobs: BlobsConfig;
  /** Memory of the Deno process after a full GC, once pending waitUntil work has settled. */
  memory(): Promise<Memory>;
  /** Waits for the edge function's pending waitUntil work (usage writes). */
  settle(): Promise<void>;
  /** `[mcp-usage]` log lines the function printed (counted, not echoed). */
  usageLines(): number;
  stop(): Promise<void>;
}

/** VmRSS in bytes from /proc/<pid>/status, or undefined off Linux. */
export async function procRss(pid: number): Promise<number | undefined> {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Spawns a process and resolves with the first stdout line that parses as JSON with `key`. */
async function spawnReady<T>(cmd: string, args: string[], key: string, opts: { env?: NodeJS.ProcessEnv; onLine?: (line: string) => boolean } = {}) {
  const child = spawn(cmd, args, { cwd: ROOT, env: opts.env ?? process.env, stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<number | null>((r) => child.on("exit", r));
  const lines = createInterface({ input: child.stdout! });
  const name = args.find((a) => a.endsWith(".ts")) ?? cmd;
  const ready = await new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 30 s`)), 30_000);
    exited.then((code) => reject(new Error(`${name} exited with ${code} before it was ready`)));
    lines.on("line", (line) => {
      if (opts.onLine?.(line)) return;
      if (!line.startsWith(`{"${key}"`)) return void console.log(`[child] ${line}`);
      clearTimeout(timer);
      resolve(JSON.parse(line));
    });
  });
  const stop = async () => {
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  };
  return { ready, stop };
}

/** `in-process`: the BlobsServer shares this event loop (tests); `child`: its own process (load runs). */
export async function startDenoServer(env: Record<string, string> = {}, { blobsIn = "in-process" as "in-process" | "child" } = {}): Promise<DenoServer> {
  const directory = await mkdtemp(join(tmpdir(), "blobs-load-"));
  const token = "load-token";
  let blobsPort: number;
  let stopBlobs: () => Promise<unknown>;
  if (blobsIn === "child") {
    const b = await spawnReady<{ port: number }>(process.execPath, ["--import", "tsx", join(ROOT, "scripts/lib/blobs-serve.ts"), directory, token], "port");
    blobsPort = b.ready.port;
    stopBlobs = b.stop;
  } else {
    const local = await startLocalBlobs({ directory, token, siteID: "load-site" });
    blobsPort = local.port;
    stopBlobs = local.stop;
  }
  const edgeURL = `http://127.0.0.1:${blobsPort}`;
  const blobs: BlobsConfig = { siteID: "load-site", token, edgeURL, uncachedEdgeURL: edgeURL };
  await seedStore(openStore("components", { config: blobs }), await loadFixtures(), true);

  // The same credentials shape Netlify hands an edge function.
  const context = Buffer.from(JSON.stringify({ siteID: blobs.siteID, token, edgeURL, uncachedEdgeURL: edgeURL, primaryRegion: "us-east-2" })).toString("base64");
  let usageLines = 0;
  const deno = await spawnReady<{ listening: number; pid: number }>(
    join(ROOT, "node_modules/.bin/deno"),
    ["run", "-A", "--v8-flags=--expose-gc", join(ROOT, "scripts/lib/deno-edge.ts")],
    "listening",
    { env: { ...process.env, ...env, NETLIFY_BLOBS_CONTEXT: context, PORT: "0" }, onLine: (line) => line.startsWith("[mcp-usage] ") && !!++usageLines },
  );
  const ready = deno.ready;
  const base = `http://127.0.0.1:${ready.listening}`;
  return {
    url: `${base}/mcp`,
    pid: ready.pid,
    blobs,
    async memory() {
      const m = (await (await fetch(`${base}/__load/memory`)).json()) as Memory;
      return { ...m, procRss: await procRss(ready.pid) };
    },
    usageLines: () => usageLines,
    async settle() {
      await (await fetch(`${base}/__load/settle`)).json();
    },
    async stop() {
      await deno.stop();
      await stopBlobs();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
