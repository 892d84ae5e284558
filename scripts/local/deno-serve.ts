/**
 * The Node side of the local edge (scripts/local/deno-edge.ts): `spawnEdge` starts it in a Deno child
 * process with a Blobs context, for `npm start` (scripts/local/server.ts) and for the harness
 * here. `startDenoServer` is that harness: the edge function alone under `Deno.serve`, over a fresh
 * local BlobsServer seeded from the fixtures, with its memory and settle endpoints (`npm run load`,
 * the fuzz tests). Loopback only.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BlobsConfig, openStore } from "../../src/storage/blobs.ts";
import { loadFixtures } from "../lib/fixtures.ts";
import { ROOT } from "../lib/repo-root.ts";
import { LISTEN_HOST } from "./guard.ts";
import { startLocalBlobs } from "./blobs.ts";
import { seedStore } from "../lib/seed.ts";
import { spawnReady } from "./spawn.ts";

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
    ["run", "-A", ...flags, join(ROOT, "scripts/local/deno-edge.ts")],
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
      ["--import", "tsx", join(ROOT, "scripts/local/blobs-serve.ts"), directory, token],
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
