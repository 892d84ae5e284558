/**
 * One registry item request beside one get_component, each in a fresh Deno process: import an
 * edge-function bundle (its catalog files external modules beside it, loaded on demand), serve the
 * first request (cold: import included, as Netlify counts it), then the same request `rounds` times
 * more (warm: the isolate's caches hold the catalog and the code). Prints one JSON line with the
 * process CPU of each. Both record usage, and each request's usage write (handed to waitUntil) is
 * awaited with it and so counted: the two are compared with their writes. `usage_writes` says how
 * many were handed over, one per request when recording works.
 * Args: <bundle path> <item|get_component> <registry name | pattern_id> <rounds>. Blobs from NETLIFY_BLOBS_CONTEXT.
 */
import { installNetlifyEnv } from "./netlify-env.ts";
import { mcpRequest, scenarioBody } from "./scenarios.ts";

declare const Deno: {
  args: string[];
};
const [bundlePath, kind, target, rounds = "200"] = Deno.args;
// CPU time needs node:process, loaded before the clock (the bundles import it through @netlify/blobs).
const cpu = (await import("node:process")).default;
const request = () =>
  kind === "item"
    ? new Request(`http://127.0.0.1/r/${target}.json`)
    : mcpRequest(scenarioBody("get_component_blobs", target));
// The runtime builds the Request before the function runs: constructed here, before the clock.
const first = request();
const expected = kind === "item" ? '"registry:component"' : "component_code";

installNetlifyEnv();

const pending: Promise<unknown>[] = [];
let usageWrites = 0;
const context = {
  ip: "127.0.0.1",
  requestId: "bench",
  deploy: { id: "bench", context: "production" },
  waitUntil: (p: Promise<unknown>) => {
    usageWrites++;
    pending.push(p);
  },
};
/** One request to the end of its body and of its waitUntil work; whether it was the expected answer. */
async function serve(mod: { default: (r: Request, c: unknown) => Promise<Response> }, req: Request) {
  const res = await mod.default(req, context);
  const body = await res.text();
  await Promise.allSettled(pending.splice(0));
  return res.status === 200 && body.includes(expected) ? "" : `${res.status} ${body.slice(0, 200)}`;
}
const ms = (u: { user: number; system: number }) => (u.user + u.system) / 1000;

const coldStart = cpu.cpuUsage();
const mod = await import(new URL(bundlePath, "file:///").href);
const coldError = await serve(mod, first);
const cold = ms(cpu.cpuUsage(coldStart));

const n = Number(rounds);
const requests = Array.from({ length: n }, request);
const warmStart = cpu.cpuUsage();
let warmError = "";
for (const req of requests) warmError ||= await serve(mod, req);
const warm = ms(cpu.cpuUsage(warmStart)) / n;

const error = coldError || warmError;
console.log(
  JSON.stringify({
    ok: !error,
    kind,
    cold_cpu_ms: cold,
    warm_cpu_ms: warm,
    rounds: n,
    usage_writes: usageWrites,
    error: error || undefined,
  }),
);
