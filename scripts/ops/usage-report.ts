/**
 * `npm run usage-report -- --month 2026-11 [--json] [--html report.html] [--no-fold] [--dir DIR] [--all-queries]`
 *
 * Folds pending records first (idempotent, src/usage/fold.ts), then prints the month's review. The
 * weekly figures read the neighbouring months' counters too (a week can straddle two months).
 * Reads the local store by default; set NETLIFY_SITE_ID + NETLIFY_BLOBS_TOKEN for production.
 */
import { usageReport } from "./usage-report/cli.ts";

process.exitCode = await usageReport(process.argv.slice(2));
