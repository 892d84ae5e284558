/**
 * What 2025-era session ids cost, in one Deno process, the endpoint over the shipped catalog's loader,
 * the fixtures in memory and usage on a real local Blobs server, with waitUntil as on Netlify (the
 * recording runs after the response and is not timed). Interleaved rounds, the median of each
 * variant's per-round medians, wall time of `app.handle` to the response:
 * - `initialize` with ids off, with ids on (the key at hand: one HMAC on the response path);
 * - a 2025 `tools/call` (list_categories) with ids on, carrying its id or not, and with ids off:
 *   reading the id happens after the response, so the three should be the same;
 * - a cold isolate's first `initialize` with ids on: the key derived from USAGE_HASH_SECRET, or the
 *   deployment's key read from the usage store first (a fresh recorder per sample);
 * - the signing and reading alone (µs per id).
 * Prints one JSON line. Args: <catalog dir> <rounds> [<requests per variant per round, default 50>]. Blobs
 * credentials come in BENCH_BLOBS (JSON).
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createApp } from "../src/app.ts";
import { readConfig } from "../src/config.ts";
import { openStore } from "../src/storage/blobs.ts";
import { USAGE_STORE } from "../src/usage/event.ts";
import { createUsageRecorder } from "../src/usage/recorder.ts";
import { mintSessionId, readSessionId, sessionKey } from "../src/usage/session.ts";
import { memoryComponents } from "../tests/helpers/memory-components.ts";
import { loadFixtures } from "../scripts/lib/fixtures.ts";
import { median } from "../scripts/lib/stats.ts";

const [dir, roundsArg, perRoundArg] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 20);
/** Requests per variant per round. */
const PER_ROUND = Number(perRoundArg ?? 50);
const blobs = JSON.parse(process.env.BENCH_BLOBS ?? "{}");
const catalogData = await import(pathToFileURL(join(dir, "load.ts")).href);
const components = memoryComponents(await loadFixtures());

const appWith = (opts: { secret?: string; sessionIds: boolean }) =>
  createApp({
    config: readConfig({}),
    catalogData,
    components,
    usage: createUsageRecorder({ ...opts, open: () => openStore(USAGE_STORE, { config: blobs }), log: () => {} }),
  });

const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1:8888/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify(body),
  });
const initialize = () =>
  post({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench-client", version: "1.0.0" } },
  });
const call = (sessionId?: string) =>
  post(
    { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "list_categories", arguments: {} } },
    { "mcp-protocol-version": "2025-11-25", ...(sessionId ? { "mcp-session-id": sessionId } : {}) },
  );

const on = appWith({ secret: "bench", sessionIds: true });
const off = appWith({ secret: "bench", sessionIds: false });
const pending: Promise<unknown>[] = [];
const platform = { ip: "192.0.2.1", deployId: "bench", waitUntil: (p: Promise<unknown>) => void pending.push(p) };
const sessionId = (await on.handle(initialize(), platform)).headers.get("mcp-session-id");
if (!sessionId) throw new Error("the bench's initialize got no session id");

/** Wall time of one request to its response (body read), in ms. */
async function timed(app: ReturnType<typeof appWith>, req: () => Request) {
  const r = req();
  const t = performance.now();
  const res = await app.handle(r, platform);
  await res.text();
  return performance.now() - t;
}

const variants: Record<string, () => Promise<number>> = {
  initialize_ids_off: () => timed(off, initialize),
  initialize_ids_on: () => timed(on, initialize),
  call_ids_off: () => timed(off, () => call()),
  call_ids_on_without_id: () => timed(on, () => call()),
  call_ids_on_with_id: () => timed(on, () => call(sessionId)),
};
const perRound: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
for (let round = -2; round < rounds; round++) {
  const names = Object.keys(variants);
  const order = names.map((_, i) => names[(i + round + 2) % names.length]);
  for (const name of order) {
    const ms: number[] = [];
    for (let i = 0; i < PER_ROUND; i++) ms.push(await variants[name]());
    // The recordings, off the response path, are drained between variants so none queues behind another.
    await Promise.all(pending.splice(0));
    if (round >= 0) perRound[name].push(median(ms));
  }
}
const warm = Object.fromEntries(Object.entries(perRound).map(([k, v]) => [k, median(v)]));

// A cold isolate's first initialize: a fresh recorder, so the key is derived (and, without the env
// secret, read from the store) before the id is signed.
const cold = { env_secret: [] as number[], stored_key: [] as number[] };
for (let i = 0; i < rounds; i++) {
  for (const [name, secret] of [
    ["env_secret", "bench"],
    ["stored_key", undefined],
  ] as const) {
    const app = appWith({ secret, sessionIds: true });
    cold[name].push(await timed(app, initialize));
    await Promise.all(pending.splice(0));
  }
}

const key = await sessionKey(new TextEncoder().encode("bench"));
// 2,000 ids at the default 50 requests per round.
const N = 40 * PER_ROUND;
let t = performance.now();
for (let i = 0; i < N; i++) await mintSessionId(key, "bench-client/1.0.0");
const mintUs = ((performance.now() - t) / N) * 1000;
t = performance.now();
for (let i = 0; i < N; i++) await readSessionId(key, sessionId);
const readUs = ((performance.now() - t) / N) * 1000;

console.log(
  JSON.stringify({
    rounds,
    per_round: PER_ROUND,
    session_id_chars: sessionId.length,
    warm_ms: warm,
    ratios: {
      initialize_on_over_off: warm.initialize_ids_on / warm.initialize_ids_off,
      call_with_id_over_ids_off: warm.call_ids_on_with_id / warm.call_ids_off,
      call_without_id_over_ids_off: warm.call_ids_on_without_id / warm.call_ids_off,
    },
    cold_first_initialize_ms: { env_secret: median(cold.env_secret), stored_key: median(cold.stored_key) },
    mint_us: mintUs,
    read_us: readUs,
  }),
);
