/** A real local Netlify Blobs server (file-backed) on a free port, for storage tests. */
import { type LocalBlobs, startLocalBlobs } from "../../scripts/local/blobs.ts";

export type { LocalBlobs };

export const startBlobs = (port = 0): Promise<LocalBlobs> =>
  startLocalBlobs({ siteID: "test-site", token: "test-token", port });
