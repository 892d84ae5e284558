/**
 * `npm run validate`: the drift guard over the catalog and a Components store. Exits 0 when they
 * agree, 1 with a readable list of problems, 2 when it cannot run (bad flags, unreadable catalog).
 *
 *   npm run validate                                 catalog + the committed fixtures
 *   npm run validate -- --root <dir>                 <dir>/search_index.json + <dir>/fixtures/components
 *   npm run validate -- --catalog <file> --fixtures <dir>
 *   NETLIFY_SITE_ID=… NETLIFY_BLOBS_TOKEN=… npm run validate -- --source blobs [--store components]
 *
 * With Blobs credentials in the environment the source defaults to that Blobs store.
 */
import { readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { parseArgsOr } from "../lib/args.ts";
import { catalogSchema } from "../../src/catalog/schema.ts";
import { readConfig } from "../../src/config.ts";
import { openStore } from "../../src/storage/blobs.ts";
import { fixtureStore } from "./validate/fixture-store.ts";
import { ROOT } from "../lib/repo-root.ts";
import type { StoreView } from "./validate/check.ts";

const usage = (why: string): never => {
  console.error(
    `validate: ${why}\nUsage: npm run validate -- [--root <dir>] [--catalog <file>] [--fixtures <dir>] [--source fixtures|blobs] [--store <name>]`,
  );
  process.exit(2);
};

const args = parseArgsOr(
  {
    options: {
      root: { type: "string" },
      catalog: { type: "string" },
      fixtures: { type: "string" },
      source: { type: "string" },
      store: { type: "string" },
    },
  },
  usage,
).values;
const root = args.root ?? ROOT;
const catalogPath = args.catalog ?? join(root, "search_index.json");
const env = readConfig(process.env);
const blobsConfig = env.blobs;
const source = args.source ?? (blobsConfig ? "blobs" : "fixtures");
if (source !== "fixtures" && source !== "blobs") usage(`--source must be fixtures or blobs, not "${source}"`);

let catalogRaw: unknown;
try {
  catalogRaw = JSON.parse(await readFile(catalogPath, "utf8"));
} catch (e) {
  usage(`cannot read the catalog ${catalogPath}: ${e instanceof Error ? e.message : String(e)}`);
}

let store: StoreView;
if (source === "blobs") {
  if (!blobsConfig)
    usage("--source blobs needs NETLIFY_SITE_ID and NETLIFY_BLOBS_TOKEN (and NETLIFY_API_URL for a non-default API)");
  const name = args.store ?? env.components.store;
  const kv = openStore(name, { config: blobsConfig, consistency: "strong" });
  store = {
    name: `Blobs store "${name}" of site ${blobsConfig!.siteID}`,
    list: () => kv.list(),
    get: (k) => kv.get(k),
  };
} else {
  const parsed = catalogSchema.safeParse(catalogRaw);
  store = await fixtureStore(args.fixtures ?? join(root, "fixtures/components"), parsed.success ? parsed.data : []);
}

// Loaded once the arguments and the catalog are read: the checks pull in TypeScript's parser, CPU that
// a usage error need not pay.
const { validate } = await import("./validate/check.ts");
const report = await validate(catalogRaw, store);
const shown = relative(process.cwd(), catalogPath).startsWith("..")
  ? catalogPath
  : relative(process.cwd(), catalogPath);
console.log(
  `Catalog ${shown}: ${report.entries} entries. Store ${store.name}: ${report.components} components, ${report.blobs} TSX blobs.`,
);
if (report.problems.length === 0) {
  console.log(
    "OK: ids, catalog numbers and slugs are unique; every flagged pattern has a readable, visible active version and only those; every TSX blob parses and uses known --ui-* tokens only.",
  );
} else {
  console.error(`\n${report.problems.length} problem${report.problems.length === 1 ? "" : "s"}:`);
  for (const p of report.problems) console.error(`  - ${p}`);
  process.exitCode = 1;
}
