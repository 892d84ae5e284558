/**
 * The registry's routes in process: status codes, content types, CORS, cache headers, HEAD, 405 and
 * preflights; the index and its search (the catalog's ranking, as search_components gives it); every
 * error, hostile paths and parameters answered 4xx without a store read; a failing store (the
 * Components API over HTTP, stood in by msw: the production API cannot run here) the one 5xx.
 */
import { delay, HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callTool, fixtures } from "../../helpers/components.ts";
import { testApp } from "../../helpers/app.ts";
import { getJson, recorded, registry, request } from "./helpers.ts";

const handle = registry();

describe("headers", () => {
  it("JSON, readable from any origin, with the CDN lifetimes of docs/registry.md", async () => {
    const cases = [
      ["/r/registry.json", "public, max-age=10", "query=q|limit|offset|type"],
      ["/r/registry.json?q=tabs", "public, max-age=10", "query=q|limit|offset|type"],
      ["/r/date-picker.json", "public, max-age=10", "query=version|theme"],
      ["/r/date-picker.json?version=v1", "public, max-age=86400", "query=version|theme"],
      ["/r/date-picker.json?version=active", "public, max-age=10", "query=version|theme"],
      ["/r/date-picker.json?version=seed&theme=shadcn", "public, max-age=86400", "query=version|theme"],
    ] as const;
    for (const [path, cache, vary] of cases) {
      const res = await request(handle, path, { headers: { origin: "https://evil.example" } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("netlify-cdn-cache-control"), path).toBe(cache);
      expect(res.headers.get("cache-control"), path).toBe(cache);
      expect(res.headers.get("netlify-vary"), path).toBe(vary);
    }
  });

  it("the active item and the index live as long as COMPONENTS_INDEX_TTL_MS; 0 is not cached", async () => {
    const slow = registry({ env: { COMPONENTS_INDEX_TTL_MS: "60000" } });
    expect((await request(slow, "/r/tabs.json")).headers.get("netlify-cdn-cache-control")).toBe("public, max-age=60");
    const none = registry({ env: { COMPONENTS_INDEX_TTL_MS: "0" } });
    for (const path of ["/r/tabs.json", "/r/registry.json"])
      expect((await request(none, path)).headers.get("netlify-cdn-cache-control")).toBe(
        "public, max-age=0, must-revalidate",
      );
    expect((await request(none, "/r/tabs.json?version=v1")).headers.get("netlify-cdn-cache-control")).toBe(
      "public, max-age=86400",
    );
  });

  it("errors are never cached", async () => {
    for (const path of ["/r/nope.json", "/r/tabs.json?version=v9", "/r/tabs.json?theme=x", "/r/x/y.json"]) {
      const res = await request(handle, path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.headers.get("netlify-cdn-cache-control"), path).toBe("no-store");
      expect(res.headers.get("cache-control"), path).toBe("no-store");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
    }
  });

  it("HEAD answers as GET does, without a body", async () => {
    for (const path of ["/r/registry.json", "/r/date-picker.json?version=v2", "/r/nope.json"]) {
      const get = await request(handle, path);
      const head = await request(handle, path, { method: "HEAD" });
      expect(head.status).toBe(get.status);
      expect([...head.headers]).toEqual([...get.headers]);
      expect(await head.text()).toBe("");
    }
  });

  it("other methods are 405 with Allow; a CORS preflight is 204", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const res = await request(handle, "/r/date-picker.json", { method, body: method === "DELETE" ? null : "{}" });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      expect((await res.json()).error).toBe("method_not_allowed");
    }
    const pre = await request(handle, "/r/date-picker.json", {
      method: "OPTIONS",
      headers: { origin: "https://app.example", "access-control-request-method": "GET" },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("*");
    expect(pre.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
  });
});

describe("the index", () => {
  it("lists every pattern with a component, without file contents, and no pagination when not asked", async () => {
    const { body } = await getJson(handle, "/r/registry.json");
    expect(body).toMatchObject({
      $schema: "https://ui.shadcn.com/schema/registry.json",
      name: "patttterns",
      homepage: "https://patttterns.com",
    });
    expect(body.pagination).toBeUndefined();
    expect(body.items).toHaveLength(33);
    expect(body.items.map((i: { meta: { pattern_id: string } }) => i.meta.pattern_id).sort()).toEqual(
      fixtures.map((f) => f.entry.id).sort(),
    );
    for (const item of body.items) {
      expect(item.type).toBe("registry:component");
      expect(item.files).toEqual([
        {
          path: `patttterns/${item.name}.tsx`,
          type: "registry:component",
          target: `@components/patttterns/${item.name}.tsx`,
        },
      ]);
    }
  });

  it("answers the CLI's search with search_components' ranking and pagination", async () => {
    const app = testApp();
    for (const q of ["calendar to choose a day", "snackbar", "navigation", "cmd+k menu", "modal"]) {
      const tool = (await callTool(app, "search_components", { query: q, limit: 50 })).data;
      const { body } = await getJson(handle, `/r/registry.json?q=${encodeURIComponent(q)}&limit=50`);
      expect(
        body.items.map((i: { meta: { pattern_id: string } }) => i.meta.pattern_id),
        q,
      ).toEqual(tool.results.map((r: { pattern_id: string }) => r.pattern_id));
      expect(body.pagination).toEqual({ total: tool.total, offset: 0, limit: 50, hasMore: false });
    }
  });

  it("pages with limit and offset; limit=0 is all; a type other than component finds nothing", async () => {
    const all = (await getJson(handle, "/r/registry.json?limit=0")).body;
    expect(all.items).toHaveLength(33);
    expect(all.pagination).toEqual({ total: 33, offset: 0, limit: 1000, hasMore: false });
    const page = (await getJson(handle, "/r/registry.json?limit=10&offset=30")).body;
    expect(page.items.map((i: { name: string }) => i.name)).toEqual(
      all.items.slice(30).map((i: { name: string }) => i.name),
    );
    expect(page.pagination).toEqual({ total: 33, offset: 30, limit: 10, hasMore: false });
    expect((await getJson(handle, "/r/registry.json?limit=5")).body.pagination.hasMore).toBe(true);
    expect((await getJson(handle, "/r/registry.json?offset=40")).body.items).toEqual([]);
    expect((await getJson(handle, "/r/registry.json?type=registry:ui")).body.pagination.total).toBe(0);
    expect((await getJson(handle, "/r/registry.json?type=registry:ui,registry:component")).body.items).toHaveLength(33);
    expect((await getJson(handle, "/r/registry.json?type=component")).body.items).toHaveLength(33);
    // A query without letters or digits is no query, as in search_components.
    expect((await getJson(handle, "/r/registry.json?q=%3F%3F%3F")).body.items).toHaveLength(33);
    expect((await getJson(handle, "/r/registry.json?q=terraform%20state%20locking")).body.items).toEqual([]);
  });

  it("refuses malformed parameters with a 400 that says what is wrong", async () => {
    for (const query of [
      "limit=-1",
      "limit=abc",
      "limit=1001",
      "limit=1.5",
      "offset=99999999",
      `q=${"a".repeat(257)}`,
      "q=a&q=b",
      "limit=1&limit=2",
    ]) {
      const { status, body } = await getJson(handle, `/r/registry.json?${query}`);
      expect(status, query).toBe(400);
      expect(body.error).toBe("invalid_request");
      expect(body.message.length).toBeGreaterThan(10);
    }
  });
});

describe("errors and hostile input", () => {
  it("an unknown name is a 404 naming what to try, nearest first", async () => {
    const { status, body } = await getJson(handle, "/r/datepicker.json");
    expect(status).toBe(404);
    expect(body).toMatchObject({ error: "not_found", candidates: ["date-picker"] });
    expect(body.message).toContain("Did you mean date-picker?");
    const none = await getJson(handle, "/r/zzzzqqq.json");
    expect(none.body.message).toContain("/r/registry.json");
  });

  it("a segment two patterns share names both numbered forms; a pattern without a component is a 404", async () => {
    const shared = await getJson(handle, "/r/onboarding.json");
    expect(shared.status).toBe(404);
    expect(shared.body.candidates).toEqual(["onboarding-82", "onboarding-305"]);
    const without = await getJson(handle, "/r/onboarding-82.json");
    expect(without.status).toBe(404);
    expect(without.body.error).toBe("component_not_found");
    expect(without.body.message).toContain("/r/registry.json");
  });

  it("hostile paths and parameters are 4xx and read nothing from the store", async () => {
    const { source, reads } = recorded();
    const h = registry({ components: source });
    const paths = [
      "/r/..%2F..%2Fversions.json",
      "/r/%2e%2e/date-picker.json",
      "/r/date-picker%2Fv1.json",
      "/r/date-picker.json/",
      "/r/date-picker",
      "/r/.json",
      "/r/Date-Picker.json",
      "/r/date%2Dpicker.json",
      `/r/${"a".repeat(5000)}.json`,
      "/r/70f4b86f-95f9-4fe5-b95b-ae934f87ba66.json",
      "/r/77.json",
      "/r/",
      "/r",
      `/r/date-picker.json?version=${"v".repeat(5000)}`,
      "/r/date-picker.json?version=",
      "/r/date-picker.json?version=v1&version=v2",
      "/r/date-picker.json?theme=tailwind",
      "/r/date-picker.json?theme=shadcn&theme=shadcn",
      "/r/date-picker.json?version=%00",
    ];
    for (const path of paths) {
      const res = await request(h, path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect((await res.json()).message, path).toMatch(/\S/);
    }
    expect(reads).toEqual([]);
  });

  it("a well-formed request reads only its own pattern's keys; odd parameters are ignored", async () => {
    const { source, reads } = recorded();
    const h = registry({ components: source });
    const id = fixtures.find((f) => f.name === "date-picker")!.entry.id;
    const res = await request(h, "/r/date-picker.json?version=v2&utm_source=x&version_id=seed&__proto__=1");
    expect(res.status).toBe(200);
    expect((await res.json()).meta.version_id).toBe("v2");
    expect(reads).toEqual([`${id}/versions.json`, `${id}/v2.tsx`]);
  });
});

describe("a failing store: the one 5xx, with a retry hint", () => {
  const API = "https://components.patttterns.test/.netlify/functions/components";
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  const overApi = () =>
    registry({ env: { COMPONENTS_API_BASE: API, COMPONENTS_DEADLINE_MS: "300" }, components: "configured" });

  it("502 when it fails, 504 when it does not answer in time, never cached", async () => {
    server.use(http.get(API, () => new HttpResponse(null, { status: 503 })));
    const failed = await request(overApi(), "/r/date-picker.json");
    expect(failed.status).toBe(502);
    expect(failed.headers.get("retry-after")).toBe("5");
    expect(failed.headers.get("netlify-cdn-cache-control")).toBe("no-store");
    expect((await failed.json()).error).toBe("upstream_error");

    server.use(http.get(API, async () => (await delay(1000), HttpResponse.json({}))));
    const late = await request(overApi(), "/r/date-picker.json?version=v1");
    expect(late.status).toBe(504);
    expect(late.headers.get("retry-after")).toBe("5");
    const body = await late.json();
    expect(body.error).toBe("upstream_timeout");
    expect(body.message).toContain("Retry in 5 seconds");
  });

  it("the index needs no store: it answers while the store is down", async () => {
    server.use(http.get(API, () => new HttpResponse(null, { status: 503 })));
    const res = await request(overApi(), "/r/registry.json?q=tabs");
    expect(res.status).toBe(200);
  });
});
