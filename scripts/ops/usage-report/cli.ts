/**
 * The review's command line as one function: `npm run usage-report` runs it with the process's
 * arguments, and tests whose subject is the review call it in process (one Node launch costs ~1 s
 * of CPU, most of it loading modules).
 */
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { MONTH, keys } from "../../../src/usage/event.ts";
import { readMonthly, readUnanswered, shiftMonth } from "../../../src/usage/fold.ts";
import type { KV } from "../../../src/storage/blobs.ts";
import { loadCatalog } from "../../lib/fixtures.ts";
import { readSmokeRecords } from "../smoke/record.ts";
import { foldPatiently, openUsageStore } from "../usage-store.ts";
import { renderHtml } from "./html.ts";
import { interfaceNames } from "./interfaces.ts";
import { buildReport, renderText } from "./report.ts";

const USAGE =
  "usage: npm run usage-report -- [--month YYYY-MM] [--json] [--html FILE] [--no-fold] [--dir BLOBS_DIR] [--all-queries]";

/** Where the review writes, and the environment that picks the store. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  env: Record<string, string | undefined>;
}

const processIo: Io = { out: (t) => console.log(t), err: (t) => console.error(t), env: process.env };

/** A neighbouring month's counters for the weekly figures, folded first; null when the store has none. */
async function neighbour(kv: KV, month: string, fold: boolean) {
  if (fold) await foldPatiently(kv, month);
  return (await kv.get(keys.monthly(month))) ? readMonthly(kv, month) : null;
}

/**
 * Runs the review for `argv` and returns the exit code: 0 done, 1 reading or folding the store failed,
 * 2 bad usage. A store that cannot be opened at all rejects, as the command always has.
 */
export async function usageReport(argv: string[], io: Io = processIo): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (e) {
    io.err(`${e instanceof Error ? e.message : e}\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    io.out(USAGE);
    return 0;
  }
  if (!MONTH.test(args.month)) {
    io.err(`Invalid --month "${args.month}": use YYYY-MM, e.g. 2026-11.\n${USAGE}`);
    return 2;
  }
  const store = await openUsageStore({ dir: args.dir, env: io.env });
  try {
    const fold = !args["no-fold"];
    const monthly = fold
      ? (await foldPatiently(store.kv, args.month)).monthly
      : await readMonthly(store.kv, args.month);
    const report = buildReport(monthly, {
      previous: await neighbour(store.kv, shiftMonth(args.month, -1), fold),
      next: await neighbour(store.kv, shiftMonth(args.month, 1), fold),
      unanswered: await readUnanswered(store.kv, args.month),
      smoke: await readSmokeRecords(store.kv, args.month, io.err),
      allQueries: args["all-queries"],
      interfaceOf: await interfaceNames(),
    });
    const titles = Object.fromEntries((await loadCatalog()).map((e) => [e.id, e.title]));
    if (args.html) await writeFile(args.html, renderHtml(report, titles));
    // With --json, stdout carries the one JSON object and nothing else.
    if (args.json) io.out(JSON.stringify(report));
    else {
      io.out(renderText(report, titles));
      io.out(`\nSource: ${store.where}${args.html ? `\nWrote ${args.html}` : ""}`);
    }
    return 0;
  } catch (e) {
    io.err(`usage-report failed: ${e instanceof Error ? e.message : e}`);
    return 1;
  } finally {
    await store.close();
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      month: { type: "string", default: new Date().toISOString().slice(0, 7) },
      json: { type: "boolean", default: false },
      html: { type: "string" },
      "no-fold": { type: "boolean", default: false },
      dir: { type: "string" },
      "all-queries": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  }).values;
}
