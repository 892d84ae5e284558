/**
 * `npm start`: the real edge function, served the way Netlify runs it, on this machine.
 *
 *   client ──> edge (Deno, 127.0.0.1:PORT)          scripts/local/deno-edge.ts: the function's config.path
 *                │ everything else                 routes, one long-lived isolate, Netlify's Context
 *                └──> origin (Node, 127.0.0.1:any)  scripts/local/origin.ts: static files, functions
 *   both ──> Blobs store (Node, 127.0.0.1:any)      scripts/local/blobs.ts: `.netlify/blobs-serve`
 *
 * The store is seeded from the fixtures at start (idempotent), in the directory the @netlify/dev
 * emulation uses too, so data persists between runs and between the two. Every listener binds
 * 127.0.0.1 and refuses a foreign Host. The function's `[mcp-usage]` lines go to a log file, and to
 * the terminal as one short line each (all of it with `verbose`).
 */
import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { openStore } from "../../src/storage/blobs.ts";
import { blobsContext, type EdgeProcess, spawnEdge } from "./deno-serve.ts";
import { loadFixtures } from "../lib/fixtures.ts";
import { ROOT } from "../lib/repo-root.ts";
import { LOCAL_BLOBS_DIR, localSiteId, startLocalBlobs } from "./blobs.ts";
import { startLocalOrigin } from "./origin.ts";
import { seedStore, type SeedResult } from "../lib/seed.ts";
import { shortUsageLine, USAGE_PREFIX } from "./usage-line.ts";

/** Where the full `[mcp-usage]` lines go (the function log, as Netlify keeps one per function). */
export const USAGE_LOG = join(ROOT, ".netlify", "logs", "mcp-usage.log");

export interface LocalServerOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Print every `[mcp-usage]` line in full, not one short line per call. */
  verbose?: boolean;
  /** Print nothing per call (tests and load runs): the log file still gets every line. */
  quiet?: boolean;
}

export interface LocalServer {
  /** The served origin, e.g. http://127.0.0.1:8888. */
  url: string;
  seed: SeedResult;
  /** This Node process and the Deno edge process. */
  pids: { node: number; edge: number };
  stop(): Promise<void>;
}

export async function startLocalServer(opts: LocalServerOptions = {}): Promise<LocalServer> {
  const blobs = await startLocalBlobs({ directory: LOCAL_BLOBS_DIR, siteID: await localSiteId() });
  const seed = await seedStore(openStore("components", { config: blobs.config }), await loadFixtures(), true);
  // Functions in this process find the store as on Netlify, through the environment; restored on stop.
  const previousContext = process.env.NETLIFY_BLOBS_CONTEXT;
  process.env.NETLIFY_BLOBS_CONTEXT = blobsContext(blobs.config);
  const origin = await startLocalOrigin({ allowedOrigins: process.env.ALLOWED_ORIGINS });

  await mkdir(dirname(USAGE_LOG), { recursive: true });
  const log = createWriteStream(USAGE_LOG, { flags: "a" });
  const onLine = (line: string) => {
    if (!line.startsWith(USAGE_PREFIX)) return false;
    log.write(`${line}\n`);
    if (!opts.quiet) console.log(opts.verbose ? line : shortUsageLine(line));
    return true;
  };
  let edge: EdgeProcess;
  try {
    // The environment as the origin's runtime left it (.env files included), like Netlify.env.
    edge = await spawnEdge({
      env: process.env,
      blobs: blobs.config,
      port: opts.port ?? 8888,
      originUrl: origin.url,
      onLine,
    });
  } catch (e) {
    await origin.stop();
    await blobs.stop();
    throw e;
  }

  let stopped: Promise<void> | undefined;
  return {
    url: edge.url,
    seed,
    pids: { node: process.pid, edge: edge.pid },
    stop: () =>
      (stopped ??= (async () => {
        // The edge first: it stops taking requests and finishes their usage writes, which need the store.
        await edge.stop(15_000);
        await origin.stop();
        await blobs.stop();
        await new Promise((r) => log.end(r));
        if (previousContext === undefined) delete process.env.NETLIFY_BLOBS_CONTEXT;
        else process.env.NETLIFY_BLOBS_CONTEXT = previousContext;
      })()),
  };
}
