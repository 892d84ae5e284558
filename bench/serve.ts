/**
 * The server side of the throughput benchmark, for Deno (`deno run -A`) and Node (`tsx`): the four
 * variants, each twice (in-memory component source, local Blobs store), on eight loopback ports.
 * Deno serves with `Deno.serve`, Node with `@hono/node-server` (the fetch adapter the SDK ships for
 * Node): every variant goes through the same adapter, so only the handler differs.
 *
 * Config comes in BENCH_CONFIG (JSON): { portBase, catalogDir (the built catalog directory), blobs }. Prints one line
 * `READY {...}` when all ports listen.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { componentSource, createApp } from "../src/app.ts";
import { openCatalog } from "../src/catalog/catalog.ts";
import type { ComponentSource } from "../src/components/model.ts";
import { DEFAULTS, readConfig } from "../src/config.ts";
import type { BlobsConfig } from "../src/storage/blobs.ts";
import { loadFixtures } from "../scripts/lib/fixtures.ts";
import { memoryComponents } from "../tests/helpers/memory-components.ts";
import { createSdkHandler } from "./sdk-app.ts";
import { GET_PATTERN, mcpRequest, portOf, SCENARIOS, scenarioBody, sourceOf, type Variant } from "./scenarios.ts";
import { inProcess } from "../src/validate/validator.ts";

declare const Deno:
  | {
      serve(
        opts: { port: number; hostname: string; onListen(): void },
        h: (req: Request) => Promise<Response>,
      ): unknown;
    }
  | undefined;
type Handler = (req: Request) => Promise<Response>;

const config: { portBase: number; catalogDir: string; blobs: BlobsConfig } = JSON.parse(
  process.env.BENCH_CONFIG ?? "{}",
);
// The built catalog's loader (generated/catalog/load.ts), as the edge function imports it.
const catalogFiles = await import(pathToFileURL(join(config.catalogDir, "load.ts")).href);
const fixtures = await loadFixtures();
const patternId = fixtures.find((f) => f.name === GET_PATTERN)!.entry.id;

const sources = {
  memory: () => memoryComponents(fixtures),
  // The production source: Blobs behind the isolate cache, with its default TTL and size.
  blobs: () => componentSource(readConfig(), config.blobs),
};

function variants(source: () => ComponentSource): Record<Exclude<Variant, "raw">, Handler> {
  const ours = createApp({ catalogData: catalogFiles, components: source() });
  // Each variant its own catalog and component source (their caches), like separate deployments; the
  // files loaded from the built catalog are shared by the isolate (source.ts), and every variant is warmed up.
  const deps = () => ({
    catalog: openCatalog(catalogFiles, DEFAULTS.SITE_URL),
    components: source(),
    validator: inProcess,
  });
  return {
    ours: (req) => ours.handle(req),
    sdk: createSdkHandler({ deps: deps() }),
    sdk_shared_validator: createSdkHandler({ deps: deps(), validator: new AjvJsonSchemaValidator() }),
  };
}

/**
 * (d): answers each benchmark request with our endpoint's response body for it, prebuilt: the body
 * ours sends on its own port (get_component's result names the request's origin).
 */
async function rawVariant(ours: Handler, source: "memory" | "blobs"): Promise<Handler> {
  const bodies = new Map<string, Uint8Array<ArrayBuffer>>();
  const origin = `http://127.0.0.1:${portOf(config.portBase, "ours", source)}`;
  for (const s of SCENARIOS.filter((s) => sourceOf(s) === source)) {
    const body = scenarioBody(s, patternId);
    const res = await ours(mcpRequest(body, origin));
    if (res.status !== 200) throw new Error(`${s}: our endpoint answered ${res.status}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    bodies.set(body, bytes);
  }
  const missing = new TextEncoder().encode(
    '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"unknown benchmark request"}}',
  );
  const json = { "Content-Type": "application/json" };
  return async (req) => new Response(bodies.get(await req.text()) ?? missing, { headers: json });
}

async function listen(port: number, handler: Handler): Promise<void> {
  if (typeof Deno !== "undefined") {
    await new Promise<void>((resolve) => Deno!.serve({ port, hostname: "127.0.0.1", onListen: resolve }, handler));
    return;
  }
  const { serve } = await import("@hono/node-server");
  await new Promise<void>((resolve) => serve({ fetch: handler, port, hostname: "127.0.0.1" }, () => resolve()));
}

for (const source of ["memory", "blobs"] as const) {
  const set = variants(sources[source]);
  const all: Record<Variant, Handler> = { ...set, raw: await rawVariant(set.ours, source) };
  for (const [variant, handler] of Object.entries(all) as [Variant, Handler][])
    await listen(portOf(config.portBase, variant, source), handler);
}
console.log(`READY ${JSON.stringify({ runtime: typeof Deno !== "undefined" ? "deno" : "node", patternId })}`);
// For profiling runs (`deno run --cpu-prof`): a normal exit, which writes the profile, after a while.
if (process.env.BENCH_EXIT_AFTER_MS) setTimeout(() => process.exit(0), Number(process.env.BENCH_EXIT_AFTER_MS));
