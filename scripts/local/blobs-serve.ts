/**
 * A local BlobsServer in its own process (`node --import tsx scripts/local/blobs-serve.ts DIR TOKEN`),
 * so a load generator's busy event loop never slows the store it measures. Prints `{"port":N}`.
 */
import { startLocalBlobs } from "./blobs.ts";

const [directory, token] = process.argv.slice(2);
if (!directory || !token) {
  console.error("usage: node --import tsx scripts/local/blobs-serve.ts DIR TOKEN");
  process.exit(2);
}
// The site id is the client's business: the server files blobs under whatever the requests name.
const blobs = await startLocalBlobs({ directory, token, siteID: "" });
console.log(JSON.stringify({ port: blobs.port }));
process.on("SIGTERM", () => void blobs.stop().finally(() => process.exit(0)));
