/**
 * One cold start, in a fresh Deno process: import an edge-function bundle (catalog/load.ts bundled,
 * the catalog's JSON files external modules beside it), then serve one request through it, as the first request of a new isolate does:
 * get_component (the default), or tools/list, the first request of every client session after
 * initialize. Prints one JSON line. Args: <bundle path> <pattern_id> [get_component|tools_list].
 * Blobs come from NETLIFY_BLOBS_CONTEXT.
 */
import { mcpRequest, scenarioBody } from "./scenarios.ts";
const [bundlePath, patternId, first = "get_component"] = Deno.args;
declare const Deno: { args: string[]; env: { get(k: string): string | undefined; set(k: string, v: string): void; delete(k: string): void; toObject(): Record<string, string> } };

// The runtime builds the Request (its HTTP machinery is loaded before any function module runs):
// constructing it here, before the clock, keeps Deno's lazy loading of Request/Headers out of the
// function's cold start, for both variants alike.
const req = mcpRequest(scenarioBody(first === "tools_list" ? "tools_list" : "get_component_blobs", patternId));
const started = performance.now();
// What the Netlify runtime provides before the function's module is evaluated.
const env = { get: (k: string) => Deno.env.get(k), has: (k: string) => Deno.env.get(k) !== undefined, set: (k: string, v: string) => Deno.env.set(k, v), delete: (k: string) => Deno.env.delete(k), toObject: () => Deno.env.toObject() };
Object.assign(globalThis, { Netlify: { env } });
const mod = await import(new URL(bundlePath, "file:///").href);
const imported = performance.now();

const pending: Promise<unknown>[] = [];
const context = { ip: "127.0.0.1", requestId: "cold", deploy: { id: "bench", context: "production" }, waitUntil: (p: Promise<unknown>) => pending.push(p) };
const res = await mod.default(req, context);
const body = await res.text();
const done = performance.now();
await Promise.allSettled(pending); // usage writes, after the measured response
const ok = res.status === 200 && body.includes(first === "tools_list" ? '"inputSchema"' : "component_code");
console.log(JSON.stringify({
  ok,
  status: res.status,
  bytes: body.length,
  import_ms: imported - started,
  first_call_ms: done - imported,
  total_ms: done - started,
  // performance.now() counts from the process's time origin: this is process start to first response.
  process_ms: done,
  error: ok ? undefined : body.slice(0, 300),
}));
