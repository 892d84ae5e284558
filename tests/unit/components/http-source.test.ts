/**
 * The Components API adapter (COMPONENTS_API_BASE) through msw: the production API cannot run here.
 * Default handlers serve the fixtures as the API does; each test overrides them with server.use().
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { bytesOf, callTool, catalogData, fixture, fixtures, sha256, utf8 } from "../../helpers/components.ts";
import { createApp } from "../../../src/app.ts";
import { readConfig } from "../../../src/config.ts";
import { memoryReader } from "../../helpers/memory-catalog.ts";

const API = "https://components.patttterns.test/.netlify/functions/components";
const DEADLINE_MS = 300;
const requests: string[] = [];

const byId = new Map(fixtures.map((f) => [f.entry.id, f]));
const serveFixtures = http.get(API, ({ request }) => {
  const q = new URL(request.url).searchParams;
  requests.push(`${q.get("op")} ${q.get("version") ?? ""}`.trim());
  const f = byId.get(q.get("id") ?? "");
  if (!f) return HttpResponse.json({ error: "not found" }, { status: 404 });
  if (q.get("op") === "versions")
    return new HttpResponse(f.indexBytes, { headers: { "content-type": "application/json" } });
  const version = q.get("op") === "active" ? f.index.activeVersionId : q.get("version");
  const code = f.code.find((c) => c.versionId === version);
  if (!code) return HttpResponse.json({ error: "not found" }, { status: 404 });
  return new HttpResponse(code.bytes, { headers: { "content-type": "text/plain; charset=utf-8" } });
});

const server = setupServer(serveFixtures);
beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

const app = (deadlineMs = DEADLINE_MS) =>
  createApp({
    config: readConfig({
      COMPONENTS_API_BASE: API,
      COMPONENTS_DEADLINE_MS: String(deadlineMs),
      COMPONENTS_INDEX_TTL_MS: "0",
    }),
    catalogData: memoryReader(catalogData),
  });
const tabs = fixture("tabs");
const get = (args: Record<string, unknown>) => callTool(app(), "get_component", args);
/**
 * With production's 3 s deadline: a retry needs twice its 100 ms pause left after the first attempt,
 * which 300 ms does not leave when a busy test process stalls for 100 ms.
 */
const getWithRoom = (args: Record<string, unknown>) => callTool(app(3000), "get_component", args);

describe("200", () => {
  it("the default call reads op=versions then op=code of the active version, byte for byte", async () => {
    const { isError, data } = await get({ pattern_id: tabs.entry.id });
    expect(isError).toBe(false);
    expect(data.metadata.version_id).toBe("v1");
    expect(sha256(utf8(data.component_code))).toBe(sha256(bytesOf("tabs", "v1")));
    expect(requests).toEqual(["versions", "code v1"]);
  });

  it.each([
    ["tabs", "seed"],
    ["breadcrumbs", "seed"],
    ["tooltip", "v1"],
    ["command-palette", "seed"],
    ["data-table", "seed"],
  ])("%s/%s (byte edge case) arrives unaltered over HTTP", async (name, version) => {
    const { data } = await get({ pattern_id: fixture(name).entry.id, version_id: version });
    expect(sha256(utf8(data.component_code))).toBe(sha256(bytesOf(name, version)));
    expect(data.metadata.sha256).toBe(sha256(bytesOf(name, version)));
  });
});

describe("404", () => {
  it("op=versions 404 is component_not_found", async () => {
    server.use(http.get(API, () => HttpResponse.json({ error: "not found" }, { status: 404 })));
    const r = await get({ pattern_id: tabs.entry.id });
    expect(r.data.error.code).toBe("component_not_found");
  });

  it("op=code 404 for an explicit, listed version is version_not_found", async () => {
    server.use(
      http.get(API, ({ request }) =>
        new URL(request.url).searchParams.get("op") === "code" ? new HttpResponse(null, { status: 404 }) : undefined,
      ),
    );
    const r = await get({ pattern_id: tabs.entry.id, version_id: "v2" });
    expect(r.data.error.code).toBe("version_not_found");
    expect(r.data.error.available_versions).toEqual(["seed", "v1", "v2"]);
  });

  it("op=code 404 for the active version is component_not_found", async () => {
    server.use(
      http.get(API, ({ request }) =>
        new URL(request.url).searchParams.get("op") === "code" ? new HttpResponse(null, { status: 404 }) : undefined,
      ),
    );
    expect((await get({ pattern_id: tabs.entry.id })).data.error.code).toBe("component_not_found");
  });
});

describe("500 and other failures", () => {
  it("500 is retried once, then upstream_error (retryable)", async () => {
    let calls = 0;
    server.use(http.get(API, () => (calls++, new HttpResponse("down", { status: 500 }))));
    const r = await getWithRoom({ pattern_id: tabs.entry.id });
    // upstream_error, not upstream_timeout: both attempts failed before the deadline.
    expect(r.data.error).toMatchObject({ code: "upstream_error", retryable: true });
    expect(calls).toBe(2);
  });

  it("a 503 then a 200 succeeds on the retry", async () => {
    let calls = 0;
    server.use(http.get(API, () => (++calls === 1 ? new HttpResponse(null, { status: 503 }) : undefined)));
    const r = await getWithRoom({ pattern_id: tabs.entry.id });
    expect(r.isError).toBe(false);
    expect(calls).toBeGreaterThanOrEqual(2);
  });

  it("a network error is retried once, then upstream_error", async () => {
    let calls = 0;
    server.use(http.get(API, () => (calls++, HttpResponse.error())));
    const r = await getWithRoom({ pattern_id: tabs.entry.id });
    expect(r.data.error.code).toBe("upstream_error");
    expect(calls).toBe(2);
  });

  it("a 403 is not retried: upstream_error at once", async () => {
    let calls = 0;
    server.use(http.get(API, () => (calls++, new HttpResponse(null, { status: 403 }))));
    expect((await get({ pattern_id: tabs.entry.id })).data.error.code).toBe("upstream_error");
    expect(calls).toBe(1);
  });

  it("a version index that is not JSON is upstream_error", async () => {
    server.use(
      http.get(API, () => new HttpResponse("<html>gateway</html>", { headers: { "content-type": "text/html" } })),
    );
    expect((await get({ pattern_id: tabs.entry.id })).data.error.code).toBe("upstream_error");
  });
});

describe("deadline", () => {
  it("a response later than COMPONENTS_DEADLINE_MS is upstream_timeout, answered within the deadline", async () => {
    server.use(
      http.get(API, async () => {
        await delay(2_000);
        return new HttpResponse(null, { status: 500 });
      }),
    );
    const started = performance.now();
    const r = await get({ pattern_id: tabs.entry.id });
    const took = performance.now() - started;
    expect(r.data.error).toMatchObject({ code: "upstream_timeout", retryable: true });
    expect(took).toBeGreaterThanOrEqual(DEADLINE_MS - 10);
    expect(took).toBeLessThan(DEADLINE_MS + 400);
  });

  it("a 500 retried into a slow answer never exceeds the deadline", async () => {
    let calls = 0;
    server.use(
      http.get(API, async () => {
        if (++calls === 1) return new HttpResponse(null, { status: 500 });
        await delay(2_000);
        return undefined;
      }),
    );
    const started = performance.now();
    const r = await get({ pattern_id: tabs.entry.id });
    expect(r.data.error.code).toBe("upstream_timeout");
    expect(performance.now() - started).toBeLessThan(DEADLINE_MS + 400);
  });

  it("a slow response inside the deadline succeeds", async () => {
    server.use(
      http.get(API, async () => {
        await delay(100);
        return undefined; // fall through to the fixture handler
      }),
    );
    const started = performance.now();
    const r = await get({ pattern_id: tabs.entry.id, version_id: "seed" });
    expect(r.isError).toBe(false);
    expect(sha256(utf8(r.data.component_code))).toBe(sha256(bytesOf("tabs", "seed")));
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });
});
