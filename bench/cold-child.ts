/**
 * One cold start, in a fresh Deno process: import an edge-function bundle (generated/catalog/load.ts bundled,
 * the catalog's JSON files external modules beside it), then serve one request through it, as the
 * first request of a new isolate does: get_component (the default), tools/list (the first request
 * of every client session after initialize), search_components, or validate_component of a
 * version's code with one line added (the edge's part: the ref, the delivered version, the request to
 * the site's validate function at <site origin>, which parses), whose CPU time (import included, as
 * Netlify counts it) is measured too. Prints one JSON line.
 * Args: <bundle path> <pattern_id> [get_component|tools_list|search_components|validate_component <tsx path>
 * <site origin>] [cpu] (`cpu`, after a first other than validate_component: measure CPU for that first request too).
 * Blobs come from NETLIFY_BLOBS_CONTEXT.
 */
import { installNetlifyEnv } from "./netlify-env.ts";
import { mcpRequest, type Scenario, scenarioBody } from "./scenarios.ts";
const [bundlePath, patternId, first = "get_component", tsxPath, siteOrigin] = Deno.args;
const measureCpu = first !== "validate_component" && tsxPath === "cpu";
const scenario: Scenario = first === "tools_list" || first === "search_components" ? first : "get_component_blobs";
const validate = first === "validate_component";
// CPU time needs node:process, which the bundle imports too (through @netlify/blobs): loaded here,
// before the clock, only for the runs that report CPU, so the other cold starts are measured as before.
const cpu =
  first === "search_components" || validate || measureCpu ? (await import("node:process")).default : undefined;
/** This thread's CPU time in ms, from Linux's schedstat (ns on CPU); undefined elsewhere. */
const threadCpu = () => {
  try {
    return Number(Deno.readTextFileSync("/proc/thread-self/schedstat").split(" ")[0]) / 1e6;
  } catch {
    return undefined;
  }
};
declare const Deno: {
  args: string[];
  readTextFileSync(path: string): string;
};

// The runtime builds the Request (its HTTP machinery is loaded before any function module runs):
// constructing it here, before the clock, keeps Deno's lazy loading of Request/Headers out of the
// function's cold start, for both variants alike.
const req = mcpRequest(
  validate
    ? JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: {
          name: "validate_component",
          // An edit, as an agent sends one: with the delivered bytes unchanged, the validator would
          // answer without parsing anything, and the cell would measure no validation at all.
          arguments: { pattern_id: patternId, code: `// adapted for this project\n${Deno.readTextFileSync(tsxPath)}` },
        },
      })
    : scenarioBody(scenario, patternId),
  // validate_component: the origin serving the site's validate function, which the edge sends its work to.
  ...(siteOrigin ? [siteOrigin] : []),
);
const cpuBefore = cpu?.cpuUsage();
const threadBefore = cpu && threadCpu();
const started = performance.now();
// What the Netlify runtime provides before the function's module is evaluated.
installNetlifyEnv();
const mod = await import(new URL(bundlePath, "file:///").href);
const imported = performance.now();

const pending: Promise<unknown>[] = [];
const context = {
  ip: "127.0.0.1",
  requestId: "cold",
  deploy: { id: "bench", context: "production" },
  waitUntil: (p: Promise<unknown>) => pending.push(p),
};
const res = await mod.default(req, context);
const body = await res.text();
const done = performance.now();
const cpuUsed = cpu?.cpuUsage(cpuBefore);
const threadAfter = cpu && threadCpu();
await Promise.allSettled(pending); // usage writes, after the measured response
const expected = validate
  ? '\\"findings\\":'
  : {
      tools_list: '"inputSchema"',
      search_components: '\\"results\\":[{',
      get_component_blobs: "component_code",
    }[scenario as string]!;
const ok = res.status === 200 && body.includes(expected);
console.log(
  JSON.stringify({
    ok,
    status: res.status,
    bytes: body.length,
    import_ms: imported - started,
    first_call_ms: done - imported,
    total_ms: done - started,
    // performance.now() counts from the process's time origin: this is process start to first response.
    process_ms: done,
    // CPU over import and the first call: of the process (all its threads: V8's compiler and GC
    // helpers, Deno's own), and of the thread running the function, closer to what Netlify bills.
    cpu_ms: cpuUsed ? (cpuUsed.user + cpuUsed.system) / 1000 : undefined,
    main_thread_cpu_ms:
      threadBefore !== undefined && threadAfter !== undefined ? threadAfter - threadBefore : undefined,
    error: ok ? undefined : body.slice(0, 300),
  }),
);
