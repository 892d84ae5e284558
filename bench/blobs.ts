/** A real local Netlify Blobs server (file-backed) seeded with the fixture components, for the benchmark. */
import { openStore } from "../src/storage/blobs.ts";
import type { FixturePattern } from "../scripts/lib/fixtures.ts";
import { type LocalBlobs, startLocalBlobs } from "../scripts/local/blobs.ts";
import { seedStore } from "../scripts/lib/seed.ts";

export async function startSeededBlobs(fixtures: FixturePattern[]): Promise<LocalBlobs> {
  const blobs = await startLocalBlobs({ siteID: "bench-site", token: "bench-token" });
  await seedStore(openStore("components", { config: blobs.config }), fixtures, true);
  return blobs;
}
