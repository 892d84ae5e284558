/**
 * A real local Netlify Blobs server (`@netlify/blobs/server`, file-backed) on a free loopback port,
 * with the credentials to reach it: what `npm start`, the tests, the benchmark, load runs and the
 * local scripts talk to. Also where the local store lives (`.netlify/blobs-serve`, shared with the
 * @netlify/dev emulation), and under which site id.
 */
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BlobsServer } from "@netlify/blobs/server";
import type { BlobsConfig } from "../../src/storage/blobs.ts";
import { ROOT } from "../lib/repo-root.ts";
import { listenLoopback } from "./loopback-server.ts";

/** The local Blobs store (`npm start`, and the emulation's sandbox); a directory, so it survives restarts. */
export const LOCAL_BLOBS_DIR = join(ROOT, ".netlify", "blobs-serve");

/** The site id @netlify/dev files the sandbox under: the linked site's (`.netlify/state.json`), else "0". */
export async function localSiteId(root = ROOT): Promise<string> {
  try {
    const state = JSON.parse(await readFile(join(root, ".netlify", "state.json"), "utf8"));
    return typeof state.siteId === "string" && state.siteId ? state.siteId : "0";
  } catch {
    return "0";
  }
}

export interface LocalBlobsOptions {
  siteID: string;
  /** Serve this directory, kept on stop; by default a fresh temporary one, removed on stop. */
  directory?: string;
  /** Random by default. */
  token?: string;
  port?: number;
  /** Sees every request the server receives, e.g. to check which keys were read. */
  onRequest?: (request: { type: string; url: string }) => void;
}

export interface LocalBlobs {
  config: BlobsConfig;
  url: string;
  port: number;
  directory: string;
  server: BlobsServer;
  stop(): Promise<void>;
}

/**
 * BlobsServer.start() would listen on every interface, so its request handler is served here, on a
 * loopback listener with the local Host check, and no browser Origin at all. `address` is what it
 * resolves request paths and signed URLs against; start() would set it. Both are private fields of
 * @netlify/blobs (pinned in package.json): every Blobs test runs through this and would catch a change.
 */
interface BlobsServerInternals {
  address: string;
  handleRequest(req: Request): Promise<Response>;
}

export async function startLocalBlobs(opts: LocalBlobsOptions): Promise<LocalBlobs> {
  const directory = opts.directory ?? (await mkdtemp(join(tmpdir(), "blobs-")));
  const token = opts.token ?? randomBytes(16).toString("hex");
  const server = new BlobsServer({ directory, token, onRequest: opts.onRequest });
  const internals = server as unknown as BlobsServerInternals;
  await mkdir(directory, { recursive: true });
  const listener = await listenLoopback((req) => internals.handleRequest(req), { port: opts.port, refuseOrigin: true });
  internals.address = listener.url;
  return {
    config: { siteID: opts.siteID, token, edgeURL: listener.url, uncachedEdgeURL: listener.url },
    url: listener.url,
    port: listener.port,
    directory,
    server,
    async stop() {
      await listener.close();
      if (!opts.directory) await rm(directory, { recursive: true, force: true });
    },
  };
}
