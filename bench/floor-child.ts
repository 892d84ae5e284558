/**
 * The part of a cold get_component no handler can avoid on Deno, in a fresh process like a cold
 * start: importing `node:process` (what the official `@netlify/blobs` client loads, with Deno's Node
 * compatibility layer behind it) and one first `fetch` to the Blobs server, its body read. Prints one
 * JSON line. Blobs come from NETLIFY_BLOBS_CONTEXT, as for cold-child.ts.
 */
declare const Deno: { env: { get(k: string): string | undefined } };
export {};

const { edgeURL } = JSON.parse(atob(Deno.env.get("NETLIFY_BLOBS_CONTEXT") ?? ""));
// Built before the clock, as cold-child.ts builds its request: the runtime has Request loaded already.
const req = new Request(edgeURL);
const started = performance.now();
await import("node:process");
const imported = performance.now();
const res = await fetch(req);
await res.arrayBuffer();
const done = performance.now();
console.log(
  JSON.stringify({
    ok: true,
    node_layer_ms: imported - started,
    first_fetch_ms: done - imported,
    total_ms: done - started,
  }),
);
