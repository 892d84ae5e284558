/**
 * `npm run eval:search`: relevance of search_patterns over a query set (scripts/dev/relevance.ts).
 * By default the tool runs in process over the built catalog (generated/catalog/load.ts, as the edge function
 * loads it); `--url` asks a served endpoint instead, over HTTP, as an agent would.
 *
 *   npm run eval:search -- [--queries tests/relevance/dev-queries.json] [--limit 10]
 *                          [--url http://127.0.0.1:8888/mcp] [--json] [--quiet]
 */
import { join } from "node:path";
import * as catalogFiles from "../../generated/catalog/load.ts";
import { createApp } from "../../src/app.ts";
import { parseArgsOr } from "../lib/args.ts";
import { ROOT } from "../lib/repo-root.ts";
import { describe, endpointSearch, measure, readQuerySet } from "./relevance.ts";

const USAGE = `Usage: npm run eval:search -- [--queries FILE] [--limit N] [--url URL] [--json] [--quiet]

  --queries  a query set: [[query, [expected titles...]], ...] (default tests/relevance/dev-queries.json)
  --limit    results asked per query (default 10)
  --url      ask a served endpoint over HTTP (default: in process, over the built catalog)
  --json     one JSON object instead of the report
  --quiet    no per-query misses`;
const usage = (why: string): never => {
  console.error(`${why}\n\n${USAGE}`);
  process.exit(2);
};
const { values: opt } = parseArgsOr(
  {
    options: {
      queries: { type: "string", default: join(ROOT, "tests/relevance/dev-queries.json") },
      limit: { type: "string", default: "10" },
      url: { type: "string" },
      json: { type: "boolean", default: false },
      quiet: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  },
  usage,
);
if (opt.help) {
  console.log(USAGE);
  process.exit(0);
}
const limit = Number(opt.limit);
if (!Number.isInteger(limit) || limit < 1 || limit > 50)
  usage(`--limit must be an integer from 1 to 50, not "${opt.limit}"`);

const search = opt.url
  ? endpointSearch(opt.url, limit)
  : endpointSearch(createApp({ catalogData: catalogFiles }), limit);
const result = await measure(await readQuerySet(opt.queries), search);
if (opt.json) console.log(JSON.stringify(result));
else
  console.log(
    `${opt.queries}${opt.url ? ` against ${opt.url}` : " (in process, built catalog)"}\n${describe(result, { misses: !opt.quiet })}`,
  );
