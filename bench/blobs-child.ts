/**
 * What get_component adds on top of its Blobs reads, in one Deno process against the local Blobs
 * server. Interleaved, many times: (1) the two reads themselves, as the component source makes
 * them (the version index with strong consistency, then the code); (2) a whole get_component
 * request through our endpoint, with the isolate cache off so every call reads Blobs. The overhead
 * is median(2) - median(1). Prints one JSON line. Args: <catalog dir> <pattern_id> <iterations>.
 * Blobs credentials come in BENCH_BLOBS (JSON).
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createApp } from "../src/app.ts";
import { blobKeys } from "../src/components/model.ts";
import { openStore } from "../src/storage/blobs.ts";
import { mcpRequest, scenarioBody } from "./scenarios.ts";
import { readConfig } from "../src/config.ts";
import { median, percentile } from "../scripts/lib/stats.ts";

const [path, patternId, iterationsArg] = process.argv.slice(2);
const iterations = Number(iterationsArg ?? 200);
const blobs = JSON.parse(process.env.BENCH_BLOBS ?? "{}");
const app = createApp({
  config: readConfig({ COMPONENTS_INDEX_TTL_MS: "0", COMPONENTS_CACHE_BYTES: "0" }),
  catalogData: await import(pathToFileURL(join(path, "load.ts")).href),
  blobs,
});
const body = scenarioBody("get_component_blobs", patternId);

const index = JSON.parse(
  new TextDecoder().decode((await openStore("components", { config: blobs }).get(blobKeys.index(patternId)))!),
);
async function reads() {
  await openStore("components", { config: blobs, consistency: "strong" }).get(blobKeys.index(patternId));
  await openStore("components", { config: blobs, consistency: "eventual" }).get(
    blobKeys.tsx(patternId, index.activeVersionId),
  );
}
async function call() {
  const res = await app.handle(mcpRequest(body));
  const text = await res.text();
  if (res.status !== 200 || !text.includes("component_code"))
    throw new Error(`get_component failed: ${text.slice(0, 300)}`);
}

for (let i = 0; i < 30; i++) {
  await reads();
  await call();
}
const readMs: number[] = [];
const callMs: number[] = [];
for (let i = 0; i < iterations; i++) {
  // Alternate which goes first, so neither always follows the other's socket reuse.
  for (const [fn, out] of (i % 2
    ? [
        [reads, readMs],
        [call, callMs],
      ]
    : [
        [call, callMs],
        [reads, readMs],
      ]) as [() => Promise<void>, number[]][]) {
    const s = performance.now();
    await fn();
    out.push(performance.now() - s);
  }
}
console.log(
  JSON.stringify({
    iterations,
    reads_p50_ms: median(readMs),
    get_component_p50_ms: median(callMs),
    overhead_ms: median(callMs) - median(readMs),
    reads_p90_ms: percentile(readMs, 90),
    get_component_p90_ms: percentile(callMs, 90),
  }),
);
