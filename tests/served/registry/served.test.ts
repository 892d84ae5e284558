/**
 * The registry and the extension's server card as the real edge functions serve them: `npm start`'s
 * Deno server (every function of netlify/edge-functions/, routed by its config) and Netlify's own
 * emulation (@netlify/dev), each over its seeded local Blobs store; and the registry's requests in
 * the usage store the review reads. On the emulation, what Netlify's runtime could change: its routing
 * of both functions' paths, the headers of an item read from its Blobs store, and the usage write it
 * awaits. The pinned versions, the 404 and the search are the function's own answers, and run on the
 * local server only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foldUntil, openUsageStore, type UsageStore } from "../../../scripts/ops/usage-store.ts";
import type { UsageEvent } from "../../../src/usage/event.ts";
import type { Monthly } from "../../../src/usage/monthly.ts";
import { fixture } from "../../helpers/components.ts";
import { SERVED } from "../../helpers/served.ts";
import { storedEventsSince } from "../../helpers/usage.ts";

/** How long the local server's after-response writes may take to land (each is bounded at 10 s). */
const SETTLE_LIMIT_MS = 60_000;

let usage: UsageStore;
beforeAll(async () => {
  usage = await openUsageStore();
});
afterAll(async () => {
  await usage?.close();
});

for (const target of SERVED) {
  describe(`the registry, served: ${target.name}`, () => {
    // The emulation names every origin `localhost:<port>` to the function (docs/local.md).
    const reached = target.emulated ? target.url.replace("127.0.0.1", "localhost") : target.url;

    it("serves #77's active version with the stored bytes, CORS and its CDN lifetime", async () => {
      const res = await fetch(`${target.url}/r/date-picker.json`, { headers: { origin: "https://app.example" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("cache-control")).toBe("public, max-age=10");
      const item = await res.json();
      const v1 = fixture("date-picker").code.find((c) => c.versionId === "v1")!.bytes;
      expect(new TextEncoder().encode(item.files[0].content)).toEqual(v1);
      expect(item.meta.item_url).toBe(`${reached}/r/date-picker.json?version=v1`);
    });

    if (!target.emulated) {
      it("serves a pinned version for a day, and a 404 naming the versions for one that does not exist", async () => {
        const seed = await fetch(`${target.url}/r/toast-notification.json?version=seed`);
        expect(seed.status).toBe(200);
        expect(seed.headers.get("cache-control")).toBe("public, max-age=86400");
        expect((await seed.json()).meta.version_id).toBe("seed");
        const missing = await fetch(`${target.url}/r/toast-notification.json?version=v7`);
        expect(missing.status).toBe(404);
        expect((await missing.json()).available_versions).toEqual(["seed", "v1"]);
      });

      it("answers the CLI's search from the index, and refuses writes", async () => {
        const res = await fetch(
          `${target.url}/r/registry.json?q=${encodeURIComponent("calendar to choose a day")}&limit=5`,
        );
        expect(res.status).toBe(200);
        const index = await res.json();
        expect(index.items[0].name).toBe("date-picker");
        expect(index.pagination).toMatchObject({ offset: 0, limit: 5 });
        const post = await fetch(`${target.url}/r/registry.json`, { method: "POST", body: "{}" });
        expect(post.status).toBe(405);
      });
    }

    it("records each item or index request in usage, as the review reads it", async () => {
      // Unique per run and target: other files and runs share this local store.
      const agent = `shadcn-e2e-${target.emulated ? "emulated" : "local"}-${Math.random().toString(36).slice(2, 10)}`;
      const started = new Date();
      const months = new Set([started.toISOString().slice(0, 7)]);
      const get = (path: string) => fetch(`${target.url}${path}`, { headers: { "user-agent": agent } });
      const item = await get("/r/date-picker.json?version=seed");
      const index = await get("/r/registry.json?q=toast");
      const sizes = [(await item.arrayBuffer()).byteLength, (await index.arrayBuffer()).byteLength];
      expect([item.status, index.status]).toEqual([200, 200]);
      months.add(new Date().toISOString().slice(0, 7));
      const mine = (blobs: Monthly[]) => blobs.reduce((n, b) => n + (b.by_agent[agent] ?? 0), 0);
      const folded = await foldUntil(usage.kv, [...months], mine, 2, SETTLE_LIMIT_MS);
      expect(mine(folded)).toBe(2);
      const events: UsageEvent[] = (await storedEventsSince(usage.kv, months, started, agent)).map((t) =>
        JSON.parse(t),
      );
      events.sort((a, b) => (a.method < b.method ? 1 : -1));
      const datePicker = fixture("date-picker").entry.id;
      expect(events).toMatchObject([
        { method: "registry/item", pattern_id: datePicker, version_id: "seed", status: "ok", http_status: 200 },
        { method: "registry/index", status: "ok", http_status: 200 },
      ]);
      expect(events.map((e) => e.bytes)).toEqual(sizes);
      for (const e of events) expect(e.client).toMatch(/^[0-9a-f]{32}$/);
    });

    it("serves the extension's server card at /mcp/server-card", async () => {
      const res = await fetch(`${target.url}/mcp/server-card`, {
        headers: { accept: "application/mcp-server-card+json" },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/mcp-server-card+json");
      expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
      const card = await res.json();
      expect(card.remotes[0].url).toBe(`${reached}/mcp`);
      expect(card.tools).toBeUndefined();
    });
  });
}
