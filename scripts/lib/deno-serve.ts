/**
 * The Node side of the local edge (scripts/lib/deno-edge.ts): `spawnEdge` starts it in a Deno child
 * process with a Blobs context, for `npm start` (scripts/lib/local-server.ts) and for the harness
 * here. `startDenoServer` is that harness: the edge function alone under `Deno.serve`, over a fresh
 * local BlobsServer seeded from the fixtures, with its memory and settle endpoints (`npm run load`,
 * the fuzz tests). Loopback only.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { type BlobsConfig, openStore } from "../../src/storage/blobs.ts";
import { loadFixtures, ROOT } from "./fixtures.ts";
import { LISTEN_HOST } from "./local-guard.ts";
import { startLocalBlobs } from "./local-blobs.ts";
import { seedStore } from "./seed.ts";

/** The Deno binary of the `deno` npm package (pinned): no npx or wrapper process in between. */
export const DENO = join(ROOT, "node_modules/deno/deno");

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

/**
 * How long a child may take to say it is ready: `npm start` took 6-7 s here with other test suites
 * running (load average 12), and its imports alone took 7 s at load average 8 in another hour.
 */
const READY_LIMIT_MS = 90_000;

/** What `npm start -- --json` prints once it listens. */
export interface StartedJson {
  url: string;
  pids: { node: number; edge: number };
}

/**
 * `npm start` as users run it, in its own processes, on a free port unless `port` says one; settled
 * once it prints its JSON line (which also keeps its per-call lines off the terminal).
 */
export const spawnNpmStart = (port = "0") =>
  spawnReady<StartedJson>(
    process.execPath,
    ["--import", "tsx", join(ROOT, "scripts/start.ts"), "--port", port, "--json"],
    "url",
  );

/**
 * Spawns a process and resolves with the first stdout line that starts as JSON with `key`; other
 * lines are echoed unless `onLine` swallows them.
 */
export async function spawnReady<T>(
  cmd: string,
  args: string[],
  key: string,
  opts: { env?: NodeJS.ProcessEnv; onLine?: (line: string) => boolean } = {},
) {
  const child = spawn(cmd, args, { cwd: ROOT, env: opts.env ?? process.env, stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<number | null>((r) => child.on("exit", r));
  const lines = createInterface({ input: child.stdout! });
  const name = args.find((a) => a.endsWith(".ts")) ?? cmd;
  let ready = false;
  let timer: NodeJS.Timeout | undefined;
  const value = await new Promise<T>((resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${name} did not start within ${READY_LIMIT_MS / 1000} s`)),
      READY_LIMIT_MS,
    );
    exited.then((code) => reject(new Error(`${name} exited with ${code} before it was ready`)));
    lines.on("line", (line) => {
      if (opts.onLine?.(line)) return;
      if (ready || !line.startsWith(`{"${key}"`)) return void console.log(line);
      ready = true;
      resolve(JSON.parse(line));
    });
  }).finally(() => clearTimeout(timer));
  /** SIGTERM, then up to `graceMs` for the child to finish what it holds (the edge drains waitUntil work). */
  const stop = async (graceMs = 5000) => {
    child.kill("SIGTERM");
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, graceMs)))]);
    clearTimeout(timer);
  };
  return { value, stop, pid: child.pid!, exited };
}

/** The NETLIFY_BLOBS_CONTEXT value Netlify hands a function: base64 JSON credentials of the store. */
export const blobsContext = (blobs: BlobsConfig) =>
  Buffer.from(
    JSON.stringify({
      siteID: blobs.siteID,
      token: blobs.token,
      edgeURL: blobs.edgeURL,
      uncachedEdgeURL: blobs.uncachedEdgeURL,
      primaryRegion: "us-east-2",
    }),
  ).toString("base64");

export interface EdgeOptions {
  /** The function's environment (Netlify.env); NETLIFY_BLOBS_CONTEXT is added from `blobs`. */
  env: Record<string, string | undefined>;
  blobs: BlobsConfig;
  port?: number;
  /** Where requests the function does not take go (static files, functions). */
  originUrl?: string;
  /** The bench and load endpoints under /__load/, and a GC to measure with. */
  harness?: boolean;
  /** Sees each stdout line first; returning true swallows it. */
  onLine?: (line: string) => boolean;
}

export interface EdgeProcess {
  url: string;
  port: number;
  pid: number;
  exited: Promise<number | null>;
  stop(graceMs?: number): Promise<void>;
}

export async function spawnEdge(opts: EdgeOptions): Promise<EdgeProcess> {
  const env = {
    ...opts.env,
    NETLIFY_BLOBS_CONTEXT: blobsContext(opts.blobs),
    PORT: String(opts.port ?? 0),
    ORIGIN_URL: opts.originUrl ?? "",
    EDGE_HARNESS: opts.harness ? "1" : "",
  };
  const flags = opts.harness ? ["--v8-flags=--expose-gc"] : [];
  const deno = await spawnReady<{ listening: number; pid: number }>(
    DENO,
    ["run", "-A", ...flags, join(ROOT, "scripts/lib/deno-edge.ts")],
    "listening",
    { env, onLine: opts.onLine },
  );
  return {
    url: `http://${LISTEN_HOST}:${deno.value.listening}`,
    port: deno.value.listening,
    pid: deno.pid,
    exited: deno.exited,
    stop: deno.stop,
  };
}

/** `in-process`: the BlobsServer shares this event loop (tests); `child`: its own process (load runs). */
export async function startDenoServer(
  env: Record<string, string> = {},
  { blobsIn = "in-process" as "in-process" | "child" } = {},
): Promise<DenoServer> {
  const directory = await mkdtemp(join(tmpdir(), "blobs-load-"));
  const token = "load-token";
  let blobsPort: number;
  let stopBlobs: () => Promise<unknown>;
  if (blobsIn === "child") {
    const b = await spawnReady<{ port: number }>(
      process.execPath,
      ["--import", "tsx", join(ROOT, "scripts/lib/blobs-serve.ts"), directory, token],
      "port",
    );
    blobsPort = b.value.port;
    stopBlobs = b.stop;
  } else {
    const local = await startLocalBlobs({ directory, token, siteID: "load-site" });
    blobsPort = local.port;
    stopBlobs = local.stop;
  }
  const edgeURL = `http://${LISTEN_HOST}:${blobsPort}`;
  const blobs: BlobsConfig = { siteID: "load-site", token, edgeURL, uncachedEdgeURL: edgeURL };
  await seedStore(openStore("components", { config: blobs }), await loadFixtures(), true);

  let usageLines = 0;
  const edge = await spawnEdge({
    env: { ...process.env, ...env },
    blobs,
    harness: true,
    onLine: (line) => line.startsWith("[mcp-usage] ") && !!++usageLines,
  });
  return {
    url: `${edge.url}/mcp`,
    pid: edge.pid,
    blobs,
    async memory() {
      const m = (await (await fetch(`${edge.url}/__load/memory`)).json()) as Memory;
      return { ...m, procRss: await procRss(edge.pid) };
    },
    usageLines: () => usageLines,
    async settle() {
      await (await fetch(`${edge.url}/__load/settle`)).json();
    },
    async stop() {
      await edge.stop();
      await stopBlobs();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
