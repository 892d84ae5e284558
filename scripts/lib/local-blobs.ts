/**
 * A real local Netlify Blobs server (`@netlify/blobs/server`, file-backed) on a free loopback port,
 * with the credentials to reach it: what the tests, the benchmark, load runs and the local scripts
 * talk to. Also where @netlify/dev keeps the sandbox `npm start` serves, and under which site id.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BlobsServer } from "@netlify/blobs/server";
import type { BlobsConfig } from "../../src/storage/blobs.ts";
import { ROOT } from "./fixtures.ts";

/** The Blobs sandbox of the local emulation (`npm start`); a directory, so it survives restarts. */
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

export async function startLocalBlobs(opts: LocalBlobsOptions): Promise<LocalBlobs> {
  const directory = opts.directory ?? (await mkdtemp(join(tmpdir(), "blobs-")));
  const token = opts.token ?? randomBytes(16).toString("hex");
  const server = new BlobsServer({ directory, token, port: opts.port ?? 0, onRequest: opts.onRequest });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  return {
    config: { siteID: opts.siteID, token, edgeURL: url, uncachedEdgeURL: url },
    url,
    port,
    directory,
    server,
    async stop() {
      await server.stop();
      if (!opts.directory) await rm(directory, { recursive: true, force: true });
    },
  };
}
