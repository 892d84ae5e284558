/**
 * The measuring child of `ab.ts`: the app of each checkout (argv: two directories), built as the
 * throughput bench builds "ours" (the built catalog, the fixtures in memory), asked the same requests
 * in one process, in interleaved rounds (each side first every other round). Prints one JSON line:
 * per scenario, each side's CPU µs per request, the median over rounds. Runs under Deno and Node.
 */
import { join } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { GET_PATTERN, HEADERS, SEARCH_QUERY } from "./scenarios.ts";

const [dirA, dirB, roundsArg = "30", perRoundArg = "100"] = process.argv.slice(2);
const rounds = Number(roundsArg);
const perRound = Number(perRoundArg);

async function side(dir: string) {
  const load = (path: string) => import(pathToFileURL(join(dir, path)).href);
  const [{ createApp }, catalogData, { memoryComponents }, { loadFixtures }] = await Promise.all([
    load("src/app.ts"),
    load("generated/catalog/load.ts"),
    load("tests/helpers/memory-components.ts"),
    load("scripts/lib/fixtures.ts"),
  ]);
  const fixtures = await loadFixtures();
  const app = createApp({ catalogData, components: memoryComponents(fixtures) });
  const id: string = fixtures.find((f: { name: string }) => f.name === GET_PATTERN).entry.id;
  return { handle: (req: Request): Promise<Response> => app.handle(req), id };
}

const sides = { a: await side(dirA), b: await side(dirB) };
const url = "http://127.0.0.1/mcp";
const legacy = (method: string, params: object) => () =>
  new Request(url, {
    method: "POST",
    headers: HEADERS,
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
const modern = (method: string, params: Record<string, unknown>) => () => {
  const headers: Record<string, string> = { ...HEADERS, "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": method };
  if (typeof params.name === "string") headers["Mcp-Name"] = params.name;
  const _meta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
    "io.modelcontextprotocol/clientInfo": { name: "ab", version: "1" },
  };
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: { ...params, _meta } });
  return new Request(url, { method: "POST", headers, body });
};
const call = (name: string, args: object) => ({ name, arguments: args });
const get = { pattern_id: sides.a.id };
const scenarios: Record<string, () => Request> = {
  "2025 tools/list": legacy("tools/list", {}),
  "2025 search_components": legacy("tools/call", call("search_components", { query: SEARCH_QUERY })),
  "2025 search_patterns, 50 hits": legacy("tools/call", call("search_patterns", { query: "form", limit: 50 })),
  "2025 get_component": legacy("tools/call", call("get_component", get)),
  "2026 tools/list": modern("tools/list", {}),
  "2026 search_components": modern("tools/call", call("search_components", { query: SEARCH_QUERY })),
  "2026 get_component": modern("tools/call", call("get_component", get)),
};

const cpu = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
const median = (xs: number[]) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)];
const samples = new Map<string, { a: number[]; b: number[] }>();
const same: Record<string, boolean> = {};
for (const [name, make] of Object.entries(scenarios)) {
  const [a, b] = await Promise.all([sides.a.handle(make()), sides.b.handle(make())]);
  same[name] = a.status === b.status && (await a.text()) === (await b.text());
  samples.set(name, { a: [], b: [] });
}
// Three rounds of warm-up (JIT, caches), then the measured ones.
for (let round = -3; round < rounds; round++) {
  for (const [name, make] of Object.entries(scenarios)) {
    for (const k of round % 2 ? (["b", "a"] as const) : (["a", "b"] as const)) {
      const requests = Array.from({ length: perRound }, make);
      const t = cpu();
      for (const req of requests) await (await sides[k].handle(req)).arrayBuffer();
      if (round >= 0) samples.get(name)![k].push((cpu() - t) / perRound);
    }
  }
}
const out = Object.fromEntries(
  [...samples].map(([name, { a, b }]) => [name, { a_us: median(a), b_us: median(b), same_body: same[name] }]),
);
console.log(JSON.stringify({ runtime: "Deno" in globalThis ? "deno" : "node", rounds, per_round: perRound, out }));
