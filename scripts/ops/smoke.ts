/**
 * `npm run smoke -- --url https://patttterns.com/mcp --components-api <base>`: the deploy smoke.
 * Default target: the local server (`npm start`) checked against its local Blobs store.
 * Exit 0 when every check passes, 1 on any failure, 2 on bad usage.
 */
import { readConfig } from "../../src/config.ts";
import { parseArgsOr } from "../lib/args.ts";
import { join } from "node:path";
import { ROOT } from "../lib/repo-root.ts";
import { runSmoke } from "./smoke/check.ts";
import { smokeRecord, storeSmokeRecord } from "./smoke/record.ts";
import { openUsageStore } from "./usage-store.ts";

const USAGE = `Usage: npm run smoke -- [--url URL] [--runs N] [--components-api URL | --store-dir DIR]
                        [--query WORDS] [--pattern REF] [--version ID] [--timeout-ms MS]
                        [--usage-dir DIR | --no-record]

  --url             MCP endpoint (default http://127.0.0.1:8888/mcp, the local server)
  --runs            runs of the whole sequence, for p95 latency (default 3)
  --components-api  Components API base for the sha256 check (op=active, op=code);
                    defaults to $COMPONENTS_API_BASE. Required for a non-local --url.
  --store-dir       local Blobs directory to compare against (default .netlify/blobs-serve)
  --query           search_components keywords (default "sidebar")
  --pattern         pattern to fetch (default: the first search hit)
  --version         explicit version to fetch (default: one that is not the active one)
  --usage-dir       local usage store to record the outcome in (default: production with
                    NETLIFY_SITE_ID + NETLIFY_BLOBS_TOKEN, else .netlify/blobs-serve)
  --no-record       do not record the outcome for the monthly review`;

const usage = (why: string): never => {
  console.error(`${why}\n\n${USAGE}`);
  process.exit(2);
};
const args = parseArgsOr(
  {
    options: {
      url: { type: "string", default: "http://127.0.0.1:8888/mcp" },
      runs: { type: "string", default: "3" },
      "components-api": { type: "string", default: readConfig(process.env).components.apiBase },
      "store-dir": { type: "string" },
      query: { type: "string", default: "sidebar" },
      pattern: { type: "string" },
      version: { type: "string" },
      "timeout-ms": { type: "string", default: "10000" },
      "usage-dir": { type: "string" },
      "no-record": { type: "boolean", default: false },
      help: { type: "boolean", short: "h" },
    },
  },
  usage,
).values;
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const runs = Number(args.runs);
let url: URL;
try {
  url = new URL(args.url!);
} catch {
  console.error(`--url is not a URL: ${args.url}\n\n${USAGE}`);
  process.exit(2);
}
if (!Number.isInteger(runs) || runs < 1 || runs > 100) {
  console.error(`--runs must be an integer from 1 to 100\n\n${USAGE}`);
  process.exit(2);
}
const local = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
if (!args["components-api"] && !local && !args["store-dir"]) {
  console.error(
    `A deployed endpoint is checked against the Components API: pass --components-api URL (or set COMPONENTS_API_BASE).\n\n${USAGE}`,
  );
  process.exit(2);
}

console.log(`PATTTTERNS MCP smoke · ${url} · ${runs} run${runs === 1 ? "" : "s"}`);
const report = await runSmoke({
  url: url.toString(),
  runs,
  query: args.query!,
  componentsApi: args["components-api"],
  storeDir: args["components-api"] ? undefined : (args["store-dir"] ?? join(ROOT, ".netlify/blobs-serve")),
  pattern: args.pattern,
  version: args.version,
  timeoutMs: Number(args["timeout-ms"]),
  log: (line) => console.log(line),
});
console.log(`\nreference: ${report.reference}\n`);
const fmt = (n: number) => (Number.isNaN(n) ? "-" : Math.round(n).toString()).padStart(6);
console.log(`${"latency (ms)".padEnd(26)}      n    p50    p95    max`);
for (const r of report.latency)
  console.log(`${r.name.padEnd(26)} ${String(r.n).padStart(6)} ${fmt(r.p50)} ${fmt(r.p95)} ${fmt(r.max)}`);
const failed = report.steps.filter((s) => !s.ok);
console.log(
  report.ok
    ? `\nPASS: ${report.steps.length} checks`
    : `\nFAIL: ${failed.map((s) => `${s.name} (run ${s.run}): ${s.detail}`).join("; ")}`,
);
// The outcome goes to the usage store for the monthly review's payload fidelity; a store that
// cannot be reached is said, and does not change what the checks found.
if (!args["no-record"]) {
  try {
    const store = await openUsageStore({ dir: args["usage-dir"] });
    try {
      const key = await storeSmokeRecord(store.kv, smokeRecord(report, url.toString(), runs));
      console.log(`recorded ${key} in ${store.where}`);
    } finally {
      await store.close();
    }
  } catch (e) {
    console.error(`smoke outcome not recorded: ${e instanceof Error ? e.message : e}`);
  }
}
process.exit(report.ok ? 0 : 1);
