/**
 * The part of a cold get_component no handler can avoid on Deno, in a fresh process like a cold
 * start: importing `node:process` (what the official `@netlify/blobs` client loads, with Deno's Node
 * compatibility layer behind it) and one first `fetch` to the Blobs server, its body read. Prints one
 * JSON line. Blobs come from NETLIFY_BLOBS_CONTEXT, as for cold-child.ts.
 *
 * `cpu_ms` is the process CPU of the first fetch, measured as cold-child.ts measures a handler's: with
 * node:process loaded before the clock. That is the floor the cold guards subtract, so both sides of
 * the subtraction leave out the same import (its wall time is `node_layer_ms`).
 */
declare const Deno: { env: { get(k: string): string | undefined } };
export {};

const { edgeURL } = JSON.parse(atob(Deno.env.get("NETLIFY_BLOBS_CONTEXT") ?? ""));
// Built before the clock, as cold-child.ts builds its request: the runtime has Request loaded already.
const req = new Request(edgeURL);
const started = performance.now();
const proc = (await import("node:process")).default;
const imported = performance.now();
const cpuBefore = proc.cpuUsage();
const res = await fetch(req);
await res.arrayBuffer();
const cpu = proc.cpuUsage(cpuBefore);
const done = performance.now();
console.log(
  JSON.stringify({
    ok: true,
    node_layer_ms: imported - started,
    first_fetch_ms: done - imported,
    total_ms: done - started,
    cpu_ms: (cpu.user + cpu.system) / 1000,
  }),
);
