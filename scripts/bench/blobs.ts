/** A real local Netlify Blobs server (file-backed) seeded with the fixture components, for the benchmark. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BlobsServer } from "@netlify/blobs/server";
import { type BlobsConfig, openStore } from "../../src/storage/blobs.ts";
import type { FixturePattern } from "../lib/fixtures.ts";
import { seedStore } from "../lib/seed.ts";

export async function startSeededBlobs(fixtures: FixturePattern[]): Promise<{ config: BlobsConfig; stop(): Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), "bench-blobs-"));
  const token = "bench-token";
  const server = new BlobsServer({ directory, token, port: 0 });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  const config: BlobsConfig = { siteID: "bench-site", token, edgeURL: url, uncachedEdgeURL: url };
  await seedStore(openStore("components", { config }), fixtures, true);
  return {
    config,
    async stop() {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
