/**
 * `npm run seed`: writes the committed component fixtures into a Components store (Netlify Blobs).
 * Idempotent: a blob already holding the same bytes is left alone, so a second run writes nothing.
 * A blob holding different bytes is a conflict, kept (seeds are immutable) unless --force.
 *
 *   npm run seed -- --local [--dir <dir>]        the local sandbox `npm start` serves (.netlify/blobs-serve)
 *   NETLIFY_SITE_ID=… NETLIFY_BLOBS_TOKEN=… npm run seed [-- --store <name>] [--force]
 *
 * Credentials come from the environment only (NETLIFY_API_URL for a non-default API). Exits 0 when the
 * store holds the fixtures, 1 when conflicts were kept, 2 when it cannot run.
 */
import { parseArgsOr } from "../lib/args.ts";
import { readConfig } from "../../src/config.ts";
import type { BlobsConfig } from "../../src/storage/blobs.ts";
import type { LocalBlobs } from "../local/blobs.ts";

const usage = (why: string): never => {
  console.error(`seed: ${why}
Usage:
  npm run seed -- --local [--dir <dir>] [--force]       seed the sandbox \`npm start\` serves (default dir .netlify/blobs-serve)
  NETLIFY_SITE_ID=… NETLIFY_BLOBS_TOKEN=… npm run seed [-- --store <name>] [--force]
                                                         seed any Blobs store (NETLIFY_API_URL overrides the API)`);
  process.exit(2);
};

const args = parseArgsOr(
  {
    options: {
      local: { type: "boolean", default: false },
      dir: { type: "string" },
      store: { type: "string" },
      force: { type: "boolean", default: false },
    },
  },
  usage,
).values;
const { local, dir, force } = args;
const env = readConfig(process.env);
const storeName = args.store ?? env.components.store;
if (dir && !local) usage("--dir only goes with --local");

if (!local && !env.blobs)
  usage("no store given: pass --local, or set NETLIFY_SITE_ID and NETLIFY_BLOBS_TOKEN for a Netlify Blobs store");

// Loaded once the arguments are known to be good: the Blobs client, the fixtures and their schemas, and
// for --local the Blobs server, are some ninety modules, half the CPU of a run that only prints the usage.
const [{ openStore }, { loadFixtures }, { seedStore }] = await Promise.all([
  import("../../src/storage/blobs.ts"),
  import("../lib/fixtures.ts"),
  import("../lib/seed.ts"),
]);

let config: BlobsConfig | undefined;
let sandbox: LocalBlobs | undefined;
let where: string;
if (local) {
  const { LOCAL_BLOBS_DIR, localSiteId, startLocalBlobs } = await import("../local/blobs.ts");
  // The sandbox @netlify/dev serves to the edge function, under the site id it files it by.
  sandbox = await startLocalBlobs({ directory: dir ?? LOCAL_BLOBS_DIR, siteID: await localSiteId() });
  config = sandbox.config;
  where = `local sandbox ${sandbox.directory}, site ${config.siteID}`;
} else {
  config = env.blobs!;
  where = `site ${config.siteID}`;
}

try {
  const fixtures = await loadFixtures();
  // Strong reads: the comparison that makes a second run a no-op must see the last write.
  const result = await seedStore(openStore(storeName, { config, consistency: "strong" }), fixtures, force);
  console.log(
    `Seeded Blobs store "${storeName}" (${where}) from ${fixtures.length} fixture patterns: ${result.written} written, ${result.unchanged} unchanged, ${result.conflicts.length} conflicts.`,
  );
  if (result.conflicts.length) {
    console.error(`\nThese keys hold different bytes and were kept (rerun with --force to overwrite):`);
    for (const k of result.conflicts) console.error(`  - ${k}`);
    process.exitCode = 1;
  }
} catch (e) {
  console.error(`seed: the store could not be written: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 2;
} finally {
  await sandbox?.stop();
}
