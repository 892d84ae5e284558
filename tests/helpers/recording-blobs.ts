/**
 * A real local BlobsServer, seeded with the component fixtures, that records every request it
 * receives (its `onRequest` hook): the security tests read which blob keys were asked for.
 */
import { startLocalBlobs } from "../../scripts/local/blobs.ts";
import { seedStore } from "../../scripts/lib/seed.ts";
import type { FixturePattern } from "../../scripts/lib/fixtures.ts";
import { type BlobsConfig, openStore } from "../../src/storage/blobs.ts";

export const SITE_ID = "reliability-site";
export const STORE = "components";

export interface RecordingBlobs {
  url: string;
  config: BlobsConfig;
  /** `{type, url}` of every request since start (or since `clear`). */
  requests: { type: string; url: string }[];
  /** Keys of the components store that were read, in order, as they arrived (still percent-encoded). */
  keysRead(): string[];
  /** Every requested path that is not a read of a components-store key (should stay empty). */
  strayPaths(): string[];
  clear(): void;
  stop(): Promise<void>;
}

export async function startRecordingBlobs(fixtures: FixturePattern[]): Promise<RecordingBlobs> {
  const requests: { type: string; url: string }[] = [];
  const { url, config, stop } = await startLocalBlobs({
    siteID: SITE_ID,
    token: "reliability-token",
    onRequest: (r) => requests.push(r),
  });
  await seedStore(openStore(STORE, { config }), fixtures, true);
  requests.length = 0;
  // The Blobs client names site-wide stores `site:<name>` on the wire.
  const prefix = `/${SITE_ID}/site:${STORE}/`;
  return {
    url,
    config,
    requests,
    keysRead: () => requests.filter((r) => r.url.startsWith(prefix)).map((r) => r.url.slice(prefix.length)),
    strayPaths: () =>
      requests.filter((r) => !r.url.startsWith(prefix) || r.type !== "get").map((r) => `${r.type} ${r.url}`),
    clear: () => void (requests.length = 0),
    stop,
  };
}
