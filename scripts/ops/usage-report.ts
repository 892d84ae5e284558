/**
 * `npm run usage-report -- --month 2026-11 [--json] [--html report.html] [--no-fold] [--dir DIR] [--all-queries]`
 *
 * Folds pending records first (idempotent, src/usage/fold.ts), then prints the month's review. The
 * weekly figures read the neighbouring months' counters too (a week can straddle two months).
 * Reads the local store by default; set NETLIFY_SITE_ID + NETLIFY_BLOBS_TOKEN for production.
 */
import { writeFile } from "node:fs/promises";
import { parseArgsOr } from "../lib/args.ts";
import { loadCatalog } from "../lib/fixtures.ts";
import { openUsageStore } from "./usage-store.ts";
import { MONTH } from "../../src/usage/event.ts";
import { foldMonth, readMonthly, readUnanswered, shiftMonth } from "../../src/usage/fold.ts";
import { keys } from "../../src/usage/event.ts";
import type { KV } from "../../src/storage/blobs.ts";
import { readSmokeRecords } from "./smoke/record.ts";
import { renderHtml } from "./usage-report/html.ts";
import { buildReport, renderText } from "./usage-report/report.ts";

const USAGE =
  "usage: npm run usage-report -- [--month YYYY-MM] [--json] [--html FILE] [--no-fold] [--dir BLOBS_DIR] [--all-queries]";

const usage = (why: string): never => {
  console.error(`${why}\n${USAGE}`);
  process.exit(2);
};
const args = parseArgsOr(
  {
    options: {
      month: { type: "string", default: new Date().toISOString().slice(0, 7) },
      json: { type: "boolean", default: false },
      html: { type: "string" },
      "no-fold": { type: "boolean", default: false },
      dir: { type: "string" },
      "all-queries": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  },
  usage,
).values;
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!MONTH.test(args.month)) {
  console.error(`Invalid --month "${args.month}": use YYYY-MM, e.g. 2026-11.\n${USAGE}`);
  process.exit(2);
}

/** A neighbouring month's counters for the weekly figures, folded first; null when the store has none. */
async function neighbour(kv: KV, month: string, fold: boolean) {
  if (fold) await foldMonth(kv, month);
  return (await kv.get(keys.monthly(month))) ? readMonthly(kv, month) : null;
}

const store = await openUsageStore({ dir: args.dir });
try {
  const fold = !args["no-fold"];
  const monthly = fold ? (await foldMonth(store.kv, args.month)).monthly : await readMonthly(store.kv, args.month);
  const report = buildReport(monthly, {
    previous: await neighbour(store.kv, shiftMonth(args.month, -1), fold),
    next: await neighbour(store.kv, shiftMonth(args.month, 1), fold),
    unanswered: await readUnanswered(store.kv, args.month),
    smoke: await readSmokeRecords(store.kv, args.month),
    allQueries: args["all-queries"],
  });
  const titles = Object.fromEntries((await loadCatalog()).map((e) => [e.id, e.title]));
  if (args.html) {
    await writeFile(args.html, renderHtml(report, titles));
  }
  // With --json, stdout carries the one JSON object and nothing else.
  if (args.json) console.log(JSON.stringify(report));
  else {
    console.log(renderText(report, titles));
    console.log(`\nSource: ${store.where}${args.html ? `\nWrote ${args.html}` : ""}`);
  }
} catch (e) {
  console.error(`usage-report failed: ${e instanceof Error ? e.message : e}`);
  process.exitCode = 1;
} finally {
  await store.close();
}
