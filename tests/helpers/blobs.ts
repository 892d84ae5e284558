/** A real local Netlify Blobs server (file-backed) on a free port, for storage tests. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BlobsServer } from "@netlify/blobs/server";
import type { BlobsConfig } from "../../src/storage/blobs.ts";

export interface LocalBlobs {
  config: BlobsConfig;
  server: BlobsServer;
  directory: string;
  stop(): Promise<void>;
}

export async function startBlobs(port = 0): Promise<LocalBlobs> {
  const directory = await mkdtemp(join(tmpdir(), "blobs-"));
  const token = "test-token";
  const server = new BlobsServer({ directory, token, port });
  const { port: actual } = await server.start();
  const url = `http://127.0.0.1:${actual}`;
  return {
    config: { siteID: "test-site", token, edgeURL: url, uncachedEdgeURL: url },
    server,
    directory,
    async stop() {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
