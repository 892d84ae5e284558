/**
 * Property-based fuzzing of /mcp: at least 10,000 generated malformed requests to the
 * in-process handler, a share of them over a real local Blobs server. Every answer must hold the
 * invariants of `check.ts`, and no exception may escape `handle`. The shadcn registry at /r/* gets
 * its own requests (registry-fuzz.ts): in process, over the real Blobs server, and through Deno.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../../src/app.ts";
import { readConfig } from "../../../src/config.ts";
import { catalogData, fixtures, testApp } from "../../helpers/app.ts";
import { type RecordingBlobs, startRecordingBlobs } from "../../helpers/recording-blobs.ts";
import {
  argsArb,
  goodRefs,
  hostile,
  requestArb,
  type Sent,
  toolCall,
  toolCallArb,
  toRequest,
  versionArb,
} from "./arbitraries.ts";
import { checkResponse } from "./check.ts";
import { BLOB_KEY } from "./blob-keys.ts";
import { type DenoServer, startDenoServer } from "../../../scripts/local/deno-serve.ts";
import { memoryReader } from "../../helpers/memory-catalog.ts";
import { createRegistry } from "../../../src/registry/handler.ts";
import { fixtureSource } from "../../helpers/app.ts";
import { checkRegistryResponse, type RegistrySent, registryRequestArb, toRegistryRequest } from "./registry-fuzz.ts";

/** Fixed seed per run unless FUZZ_SEED is given, so a failure reproduces; FUZZ_RUNS scales every property. */
const seed = Number(process.env.FUZZ_SEED ?? 20260728);
const scale = Number(process.env.FUZZ_RUNS_SCALE ?? 1);
const runs = (n: number) => Math.round(n * scale);
const IP = "198.51.100.23";

const sent = { total: 0, byStatus: new Map<number, number>(), maxBytes: 0 };
const registrySent = { total: 0, byStatus: new Map<number, number>() };
const app = testApp();
const errors = vi.spyOn(console, "error");

/** One real local Blobs server, seeded once, for the two properties over it; each clears its record first. */
let blobs: RecordingBlobs;
beforeAll(async () => {
  blobs = await startRecordingBlobs(fixtures);
});
afterAll(() => blobs?.stop());

async function send(target: { handle: (r: Request, i: { ip: string }) => Promise<Response> }, s: Sent, url?: string) {
  const res = await target.handle(toRequest(s, url), { ip: IP });
  const out = await checkResponse(res, { method: s.method, ip: IP, sent: s.body });
  sent.total++;
  sent.byStatus.set(out.status, (sent.byStatus.get(out.status) ?? 0) + 1);
  sent.maxBytes = Math.max(sent.maxBytes, out.bytes);
  return out;
}

/** One registry request to `handle` at `origin`; a target no URL parser accepts is not sent. */
/** The registry's responses alone (the handler also says what usage records of each request). */
const responses = (serve: (r: Request) => Promise<{ response: Response }>) => async (r: Request) =>
  (await serve(r)).response;

async function sendRegistry(handle: (r: Request) => Promise<Response>, s: RegistrySent, origin: string) {
  const req = toRegistryRequest(s, origin);
  if (!req) return undefined;
  let out: { status: number };
  try {
    out = await checkRegistryResponse(await handle(req), s.method, IP);
  } catch (e) {
    throw new Error(`${s.method} ${s.target.slice(0, 200)}: ${(e as Error).message}`);
  }
  registrySent.total++;
  registrySent.byStatus.set(out.status, (registrySent.byStatus.get(out.status) ?? 0) + 1);
  return out;
}

const describeSent = (s: Sent) => {
  const body = typeof s.body === "string" ? s.body : s.body === null ? "" : `<${s.body.byteLength} bytes>`;
  return `${s.method} ${body.length > 120 ? `${body.slice(0, 100)}…(${body.length} chars)` : body}`;
};

describe("fuzz: malformed requests to the in-process handler", () => {
  it("random bodies, headers, methods and eras (6,000 cases)", async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, async (s) => void (await send(app, s))),
      { numRuns: runs(6000), seed },
    );
  });

  it("random tool names and arguments for all five tools, both eras (3,000 cases)", async () => {
    await fc.assert(
      fc.asyncProperty(toolCallArb, async (s) => {
        const out = await send(app, s);
        // A tools/call with valid framing is never a transport error: 200 with a result or -32602.
        expect(out.status).toBe(200);
      }),
      { numRuns: runs(3000), seed },
    );
  });

  it("huge strings, deep nesting and oversized bodies (fixed cases)", async () => {
    const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
    const deepObj = (n: number) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`;
    const call = (args: string) =>
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_patterns","arguments":${args}}}`;
    const post = (body: string | Uint8Array, headers: Record<string, string> = {}): Sent => ({
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
    });
    const big = (n: number, c = "a") => c.repeat(n);
    const cases: Sent[] = [
      post(deep(10_000)),
      post(deep(100_000)),
      post("[".repeat(200_000)),
      post(deepObj(10_000)),
      post(call(deep(10_000))),
      post(call(`{"query":${deep(10_000)}}`)),
      post(call(`{"query":"x","limit":${deep(5000)}}`)),
      post(
        `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{},"_meta":${deepObj(10_000)}}}`,
      ),
      post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: big(900_000) })),
      post(JSON.stringify({ jsonrpc: "2.0", id: big(900_000), method: "ping" })),
      post(
        JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: big(900_000), arguments: {} } }),
      ),
      post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "resources/read", params: { uri: big(900_000) } })),
      post(
        JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "search_patterns", arguments: { query: big(900_000, "tab ") } },
        }),
      ),
      post(
        JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "get_component", arguments: { pattern_id: big(900_000, "#"), version_id: big(100_000) } },
        }),
      ),
      post(
        JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "search_components", arguments: { category: big(900_000), query: "x" } },
        }),
      ),
      post(JSON.stringify(Array.from({ length: 32 }, (_, i) => ({ jsonrpc: "2.0", id: i, method: big(30_000) })))),
      post(JSON.stringify(Array.from({ length: 10_000 }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "ping" })))),
      post(big(1024 * 1024 + 1, " ")),
      post(new Uint8Array(1024 * 1024 + 1).fill(0xff)),
      toolCall("search_patterns", { query: big(900_000) }, true),
      toolCall(big(20_000), {}, true),
      toolCall(big(20_000), {}, false),
      {
        method: "POST",
        headers: { "content-type": "application/json", "mcp-protocol-version": big(60_000, "9") },
        body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
      },
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "mcp-protocol-version": "2026-07-28",
          "mcp-method": big(60_000, "m"),
        },
        body: '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}',
      },
      ...hostile.map((h) => toolCall("get_component", { pattern_id: h, version_id: h }, true)),
    ];
    // Every case runs; violations are collected so one report names all of them.
    const violations: string[] = [];
    for (const s of cases) {
      try {
        await send(app, s);
      } catch (e) {
        violations.push(`${describeSent(s)}: ${(e as Error).message.slice(0, 160)}`);
      }
    }
    console.info(`[fuzz] ${cases.length} fixed huge/deep cases, ${violations.length} violations`);
    expect(violations).toEqual([]);
  });
});

describe("fuzz: tool calls over a real local Blobs server", () => {
  it("get_component and get_pattern with random refs and versions read only catalog keys (1,000 cases)", async () => {
    blobs.clear();
    // No caching, so every call reaches the store and every key it asks for is recorded.
    const env = { COMPONENTS_INDEX_TTL_MS: "0", COMPONENTS_CACHE_BYTES: "0" };
    const overBlobs = createApp({
      config: readConfig(env),
      catalogData: memoryReader(catalogData),
      blobs: blobs.config,
    });
    const arb = fc.oneof(
      {
        weight: 6,
        arbitrary: fc
          .record({ pattern_id: fc.constantFrom(...goodRefs), version_id: fc.option(versionArb, { nil: undefined }) })
          .map((a) => ["get_component", a] as const),
      },
      {
        weight: 2,
        arbitrary: fc
          .record({ pattern_id: fc.constantFrom(...goodRefs, ...hostile) })
          .map((a) => ["get_pattern", a] as const),
      },
      { weight: 2, arbitrary: argsArb("get_component").map((a) => ["get_component", a] as const) },
    );
    await fc.assert(
      fc.asyncProperty(arb, fc.boolean(), async ([tool, args], modern) => {
        const out = await send(overBlobs, toolCall(tool, args, modern));
        expect(out.status).toBe(200);
      }),
      { numRuns: runs(1000), seed },
    );
    const keys = blobs.keysRead();
    console.info(`[fuzz] ${keys.length} blob reads over the real Blobs server, ${new Set(keys).size} distinct keys`);
    expect(keys.length).toBeGreaterThan(500);
    expect(keys.filter((k) => !BLOB_KEY.test(k))).toEqual([]);
    expect(blobs.strayPaths()).toEqual([]);
  });
});

describe("fuzz: the shadcn registry at /r/*", () => {
  it("random methods, names, paths and parameters, in process (3,000 cases)", async () => {
    const registry = responses(
      createRegistry({ config: readConfig(), catalogData: memoryReader(catalogData), components: fixtureSource() }),
    );
    await fc.assert(
      fc.asyncProperty(
        registryRequestArb,
        async (s) => void (await sendRegistry(registry, s, "http://127.0.0.1:8888")),
      ),
      { numRuns: runs(3000), seed },
    );
  });

  describe("over a real local Blobs server", () => {
    it("reads only catalog keys, whatever is asked (1,000 cases)", async () => {
      blobs.clear();
      // No caching, so every request reaches the store and every key it asks for is recorded.
      const registry = responses(
        createRegistry({
          config: readConfig({ COMPONENTS_INDEX_TTL_MS: "0", COMPONENTS_CACHE_BYTES: "0" }),
          catalogData: memoryReader(catalogData),
          blobs: blobs.config,
        }),
      );
      const mostlyItems = fc.oneof(
        { weight: 3, arbitrary: registryRequestArb.filter((s) => s.method === "GET" && s.target.startsWith("/r/")) },
        registryRequestArb,
      );
      await fc.assert(
        fc.asyncProperty(mostlyItems, async (s) => void (await sendRegistry(registry, s, "http://127.0.0.1:8888"))),
        { numRuns: runs(1000), seed },
      );
      const keys = blobs.keysRead();
      console.info(
        `[fuzz] /r/*: ${keys.length} blob reads over the real Blobs server, ${new Set(keys).size} distinct keys`,
      );
      expect(keys.length).toBeGreaterThan(100);
      expect(keys.filter((k) => !BLOB_KEY.test(k))).toEqual([]);
      expect(blobs.strayPaths()).toEqual([]);
    });
  });
});

describe("fuzz: over real HTTP, the edge function under Deno.serve", () => {
  let deno: DenoServer;
  beforeAll(async () => {
    deno = await startDenoServer({ COMPONENTS_DEADLINE_MS: "2000" });
  });
  afterAll(() => deno?.stop());

  it("random requests and tool calls through the Deno runtime (400 cases), and 300 to the registry", async () => {
    const target = {
      // fetch sets Host itself; the in-process properties above cover hostile Host values.
      handle: (req: Request) => {
        req.headers.delete("host");
        return fetch(req);
      },
    };
    await fc.assert(
      fc.asyncProperty(fc.oneof(requestArb, toolCallArb), async (s) => void (await send(target, s, deno.url))),
      { numRuns: runs(400), seed },
    );
    const origin = deno.url.slice(0, -"/mcp".length);
    const overHttp = (req: Request) => fetch(req);
    await fc.assert(
      fc.asyncProperty(registryRequestArb, async (s) => void (await sendRegistry(overHttp, s, origin))),
      { numRuns: runs(300), seed },
    );
    const mem = await deno.memory();
    console.info(`[fuzz] Deno heap after the HTTP fuzz: ${(mem.heapUsed / 1048576).toFixed(1)} MiB`);
  });
});

describe("fuzz: totals", () => {
  it("sent at least 10,000 requests, none answered 5xx, no internal error logged", () => {
    console.info(
      `[fuzz] ${sent.total} requests; statuses ${JSON.stringify(Object.fromEntries([...sent.byStatus].sort()))}; largest body ${sent.maxBytes} bytes`,
    );
    expect(sent.total).toBeGreaterThanOrEqual(runs(10_000));
    expect([...sent.byStatus.keys()].filter((s) => s >= 500)).toEqual([]);
    expect(errors.mock.calls.filter((c) => String(c[0]).includes("internal error"))).toEqual([]);
  });

  it("sent the registry at least 4,000 requests, none answered 5xx", () => {
    console.info(
      `[fuzz] /r/*: ${registrySent.total} requests; statuses ${JSON.stringify(Object.fromEntries([...registrySent.byStatus].sort()))}`,
    );
    expect(registrySent.total).toBeGreaterThanOrEqual(runs(4000));
    expect([...registrySent.byStatus.keys()].filter((s) => s >= 500)).toEqual([]);
  });
});
