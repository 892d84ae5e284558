/**
 * A local BlobsServer in its own process (`node --import tsx scripts/lib/blobs-serve.ts DIR TOKEN`),
 * so a load generator's busy event loop never slows the store it measures. Prints `{"port":N}`.
 */
import { BlobsServer } from "@netlify/blobs/server";

const [directory, token] = process.argv.slice(2);
if (!directory || !token) {
  console.error("usage: node --import tsx scripts/lib/blobs-serve.ts DIR TOKEN");
  process.exit(2);
}
const server = new BlobsServer({ directory, token });
const { port } = await server.start();
console.log(JSON.stringify({ port }));
process.on("SIGTERM", () => void server.stop().finally(() => process.exit(0)));
