/**
 * Netlify Scheduled Function: every hour, folds pending usage events into `monthly/YYYY-MM.json`
 * (src/usage/fold.ts). Safe to run at any time and any number of times; the report folds too.
 */
import type { Config } from "@netlify/functions";
import { USAGE_STORE } from "../../src/usage/event.ts";
import { scheduledFold } from "../../src/usage/fold.ts";
import { openStore } from "../../src/storage/blobs.ts";

export default async () => {
  // Strong reads: the fold must see the ledger it wrote an hour ago, not a cached copy.
  const result = await scheduledFold(openStore(USAGE_STORE, { consistency: "strong" }));
  console.log(`[mcp-usage-fold] ${JSON.stringify(result)}`);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: "@hourly" };
