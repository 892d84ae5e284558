import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type LocalBlobs, startBlobs } from "../../helpers/blobs.ts";
import type { KV } from "../../../src/storage/blobs.ts";
import { keys } from "../../../src/usage/event.ts";
import {
  FoldRaceError,
  foldMonth,
  purgeMonth,
  readMonthly,
  scheduledFold,
  shiftMonth,
} from "../../../src/usage/fold.ts";
import { emptyMonthly } from "../../../src/usage/monthly.ts";
import { foldPatiently } from "../../../scripts/ops/usage-store.ts";
import { quantile } from "../../../scripts/ops/usage-report/quantile.ts";
import { seedEvents, usageStore } from "../../helpers/usage.ts";

const MONTH = "2026-11";
let blobs: LocalBlobs;
let kv: KV;
beforeEach(async () => {
  blobs = await startBlobs();
  kv = usageStore(blobs.config);
});
afterEach(async () => {
  await blobs.stop();
});
const raw = async (key: string) => new TextDecoder().decode((await kv.get(key)) ?? new Uint8Array());

describe("foldMonth", () => {
  it("counts every pending event once, with the breakdowns", async () => {
    await seedEvents(kv, MONTH, 6, (i) => ({
      tool: i < 4 ? "get_component" : "search_patterns",
      pattern_id: i < 4 ? "p-1" : undefined,
      version_id: i < 4 ? (i % 2 ? "v1" : "seed") : undefined,
      status: i === 5 ? "upstream_timeout" : i === 4 ? "invalid_args" : "ok",
      agent: i % 2 ? "cursor/1" : "claude-code/2",
      client: `c${i % 3}`,
      bytes: 1000,
      duration_ms: 10 * (i + 1),
      ts: `2026-11-0${1 + (i % 2)}T10:00:00.000Z`,
    }));
    const r = await foldMonth(kv, MONTH);
    expect(r).toMatchObject({ added: 6, written: true });
    const m = await readMonthly(kv, MONTH);
    expect(m).toMatchObject({
      calls: 6,
      tool_calls: 6,
      bytes: 6000,
      infra_errors: 1,
      client_errors: 1,
      by_tool: { get_component: 4, search_patterns: 2 },
      by_status: { ok: 4, invalid_args: 1, upstream_timeout: 1 },
      by_agent: { "cursor/1": 3, "claude-code/2": 3 },
      by_pattern: { "p-1": 4 },
      by_version: { "p-1@seed": 2, "p-1@v1": 2 },
      by_day: { "2026-11-01": 3, "2026-11-02": 3 },
    });
    expect(Object.keys(m.by_client)).toHaveLength(3);
    expect(m.folded).toHaveLength(6);
    // 10..60 ms: the median is 30 ms, read back within the histogram's 10% bucket width.
    const p50 = quantile(m.durations.all, 0.5)!;
    expect(p50).toBeGreaterThanOrEqual(30);
    expect(p50).toBeLessThanOrEqual(33);
  });

  it("counts successful validate_component calls by where the edit was parsed, onto a blob from before the count", async () => {
    // Two calls folded into a monthly blob written before `validations` existed (the field taken out).
    await seedEvents(kv, MONTH, 2, () => ({ tool: "get_component" }));
    await foldMonth(kv, MONTH);
    const { validations: _, ...older } = await readMonthly(kv, MONTH);
    await kv.set(keys.monthly(MONTH), new TextEncoder().encode(JSON.stringify(older)));
    expect((await readMonthly(kv, MONTH)).validations).toEqual({});

    const by = ["function", "function", "function", "isolate", undefined, undefined, "function"];
    await seedEvents(kv, MONTH, by.length, (i) => ({
      tool: "validate_component",
      validated_by: by[i],
      // A failed call (an unknown version, say) is not a validation, wherever it ran.
      status: i === by.length - 1 ? "version_not_found" : "ok",
    }));
    expect(await foldMonth(kv, MONTH)).toMatchObject({ added: 7 });
    const m = await readMonthly(kv, MONTH);
    expect(m.validations).toEqual({ function: 3, isolate: 1, unchanged: 2 });
    expect(m.by_tool).toEqual({ get_component: 2, validate_component: 7 });
    expect(m.calls).toBe(9);
  });

  it("is idempotent: a second run writes nothing and the blob stays byte-identical", async () => {
    await seedEvents(kv, MONTH, 25);
    await foldMonth(kv, MONTH);
    const first = await raw(keys.monthly(MONTH));
    const again = await foldMonth(kv, MONTH);
    expect(again).toMatchObject({ added: 0, written: false });
    expect(await raw(keys.monthly(MONTH))).toBe(first);
    expect(JSON.parse(first).calls).toBe(25);
  });

  it("adds only new events on later runs", async () => {
    await seedEvents(kv, MONTH, 10);
    await foldMonth(kv, MONTH);
    await seedEvents(kv, MONTH, 7);
    expect((await foldMonth(kv, MONTH)).added).toBe(7);
    expect((await readMonthly(kv, MONTH)).calls).toBe(17);
  });

  it("a crash before the monthly write loses nothing and counts nothing twice", async () => {
    await seedEvents(kv, MONTH, 12);
    const crashing: KV = {
      ...kv,
      set: async (k, v) => (k === keys.monthly(MONTH) ? Promise.reject(new Error("crash")) : kv.set(k, v)),
    };
    await expect(foldMonth(crashing, MONTH)).rejects.toThrow("crash");
    expect(await kv.get(keys.monthly(MONTH))).toBeNull();
    await foldMonth(kv, MONTH);
    await foldMonth(kv, MONTH);
    expect((await readMonthly(kv, MONTH)).calls).toBe(12);
  });

  it("concurrent folds while events keep arriving end with the exact count", async () => {
    const writers = Array.from({ length: 10 }, () => seedEvents(kv, MONTH, 12));
    const folds = Array.from({ length: 6 }, (_, i) =>
      new Promise((r) => setTimeout(r, i * 15)).then(() => foldMonth(kv, MONTH)),
    );
    await Promise.all(writers);
    // A fold may give up after repeated clashes; none may overcount.
    await Promise.allSettled(folds);
    expect((await readMonthly(kv, MONTH)).calls).toBeLessThanOrEqual(120);
    await foldMonth(kv, MONTH);
    const m = await readMonthly(kv, MONTH);
    expect(m.calls).toBe(120);
    expect(new Set(m.folded).size).toBe(120);
  });

  it("gives up with FoldRaceError while other folds keep writing, and a script's fold tries again", async () => {
    await seedEvents(kv, MONTH, 4);
    // Each read of the counters sees another fold's write (one more ledgered id) while `racing` lasts:
    // a fold reads them twice per attempt, three attempts.
    let racing = 0;
    let writes = 0;
    const raced: KV = {
      ...kv,
      get: async (k) => {
        const bytes = await kv.get(k);
        if (k !== keys.monthly(MONTH) || racing-- <= 0) return bytes;
        const m = bytes ? JSON.parse(new TextDecoder().decode(bytes)) : emptyMonthly(MONTH);
        m.folded.push(`other-fold-${++writes}`);
        return new TextEncoder().encode(JSON.stringify(m));
      },
    };
    racing = 8;
    await expect(foldMonth(raced, MONTH)).rejects.toBeInstanceOf(FoldRaceError);
    expect(await kv.get(keys.monthly(MONTH))).toBeNull();
    // The racing stops during the script's second try: it folds then.
    racing = 8;
    expect(await foldPatiently(raced, MONTH, 1)).toMatchObject({ added: 4, written: true });
    expect((await readMonthly(kv, MONTH)).calls).toBe(4);
    // Racing that never stops, over events to fold: a bounded number of tries, then the error.
    await seedEvents(kv, MONTH, 2);
    racing = Number.POSITIVE_INFINITY;
    await expect(foldPatiently(raced, MONTH, 1)).rejects.toBeInstanceOf(FoldRaceError);
  });

  it("passes over a write in progress: the local store lists its temporary `.<random>` file", async () => {
    await seedEvents(kv, MONTH, 3);
    // What a listing taken mid-write returns: the temp file the store renames into place a moment later.
    const midWrite: KV = {
      ...kv,
      list: async (prefix) => [...(await kv.list(prefix)), `${keys.eventPrefix(MONTH)}.k3j9x0q2ab`],
    };
    expect(await foldMonth(midWrite, MONTH)).toMatchObject({ added: 3, unreadable: 0, written: true });
    expect((await readMonthly(kv, MONTH)).folded).toHaveLength(3);
  });

  it("counts a cut-off event as unreadable once, and never overwrites an unreadable monthly blob", async () => {
    await seedEvents(kv, MONTH, 3);
    await kv.set(keys.event(MONTH, "garbage"), "{not json");
    await kv.set(keys.event(MONTH, "empty"), "");
    const r = await foldMonth(kv, MONTH);
    expect(r).toMatchObject({ added: 5, unreadable: 2 });
    expect(await readMonthly(kv, MONTH)).toMatchObject({ calls: 3, unreadable: 2 });
    expect((await foldMonth(kv, MONTH)).written).toBe(false);
    await kv.set(keys.monthly(MONTH), '{"v":1}');
    await expect(foldMonth(kv, MONTH)).rejects.toThrow(/not a valid monthly blob/);
    expect(await raw(keys.monthly(MONTH))).toBe('{"v":1}');
  });

  it("folds chatbot and query records once each, the queries into their own blob, and purges them", async () => {
    await seedEvents(kv, MONTH, 2);
    const chat = { v: 1, ts: `${MONTH}-03T10:00:00.000Z`, catalog: "ok", patterns: 4, with_flag: 4, with_component: 1 };
    await kv.set(`chat/${MONTH}/a.json`, JSON.stringify(chat));
    await kv.set(
      `chat/${MONTH}/b.json`,
      JSON.stringify({ ...chat, catalog: "unavailable", patterns: 0, with_flag: 0 }),
    );
    const query = { v: 1, tool: "search_patterns", kind: "none", query: "tarot cards", token: "t1" };
    await kv.set(`queries/${MONTH}/q1.json`, JSON.stringify(query));
    await kv.set(`queries/${MONTH}/q2.json`, JSON.stringify({ ...query, kind: "weak", token: "t2" }));
    await kv.set(`queries/${MONTH}/q3.json`, JSON.stringify(query));
    await kv.set(`queries/${MONTH}/q4.json`, "{");
    const first = await foldMonth(kv, MONTH);
    expect(first).toMatchObject({ added: 4, written: true });
    expect(first.monthly.chatbot).toEqual({ answers: 2, unavailable: 1, patterns: 4, with_flag: 4, with_component: 2 });
    expect(first.monthly.folded.filter((id) => id.startsWith("chat/")).sort()).toEqual(["chat/a", "chat/b"]);
    expect(first.unanswered.queries).toEqual({ "tarot cards": { none: 2, weak: 1, tokens: ["t1", "t2"] } });
    expect(first.unanswered.unreadable).toBe(1);
    // The monthly blob holds no query; the queries' blob no client hash.
    expect(await raw(keys.monthly(MONTH))).not.toContain("tarot");
    expect(await raw(`unanswered/${MONTH}.json`)).not.toContain('"c0"');
    const before = [await raw(keys.monthly(MONTH)), await raw(`unanswered/${MONTH}.json`)];
    const again = await foldMonth(kv, MONTH);
    expect(again).toMatchObject({ added: 0, written: false });
    expect([await raw(keys.monthly(MONTH)), await raw(`unanswered/${MONTH}.json`)]).toEqual(before);
    expect(await purgeMonth(kv, MONTH)).toEqual({ deleted: 8 });
    expect(await kv.list(`queries/${MONTH}/`)).toEqual([]);
    expect(await kv.list(`chat/${MONTH}/`)).toEqual([]);
    expect((await foldMonth(kv, MONTH)).monthly.chatbot.answers).toBe(2);
  });

  it("rejects a malformed month", async () => {
    await expect(foldMonth(kv, "2026-13")).rejects.toThrow(/use YYYY-MM/);
    await expect(foldMonth(kv, "../x")).rejects.toThrow(/use YYYY-MM/);
  });
});

describe("purgeMonth and the schedule", () => {
  it("deletes only events the stored blob counts; folding afterwards changes nothing", async () => {
    await seedEvents(kv, "2026-09", 8);
    const { deleted } = await purgeMonth(kv, "2026-09");
    expect(deleted).toBe(8);
    expect(await kv.list(keys.eventPrefix("2026-09"))).toEqual([]);
    const blob = await raw(keys.monthly("2026-09"));
    expect((await foldMonth(kv, "2026-09")).written).toBe(false);
    expect(await raw(keys.monthly("2026-09"))).toBe(blob);
    expect(JSON.parse(blob).calls).toBe(8);
  });

  it("a fold racing a purge either aborts or writes the full count, never less", async () => {
    await seedEvents(kv, "2026-08", 60);
    const results = await Promise.allSettled([
      purgeMonth(kv, "2026-08"),
      foldMonth(kv, "2026-08"),
      foldMonth(kv, "2026-08"),
    ]);
    expect(results[0].status).toBe("fulfilled");
    expect((await readMonthly(kv, "2026-08")).calls).toBe(60);
  });

  it("scheduledFold folds this month and the last, and purges the one before", async () => {
    await seedEvents(kv, "2026-11", 3);
    await seedEvents(kv, "2026-10", 2);
    await seedEvents(kv, "2026-09", 4);
    const out = await scheduledFold(kv, new Date("2026-11-15T10:00:00Z"));
    expect(out.folded).toEqual([
      { month: "2026-10", added: 2, unreadable: 0, calls: 2 },
      { month: "2026-11", added: 3, unreadable: 0, calls: 3 },
    ]);
    expect(out.purged).toEqual({ month: "2026-09", deleted: 4 });
    expect((await readMonthly(kv, "2026-09")).calls).toBe(4);
    expect(shiftMonth("2026-01", -2)).toBe("2025-11");
  });

  it("the Scheduled Function runs the fold against the store Netlify gives it, hourly", async () => {
    await seedEvents(kv, new Date().toISOString().slice(0, 7), 5);
    const { siteID, token, edgeURL, uncachedEdgeURL } = blobs.config;
    const before = process.env.NETLIFY_BLOBS_CONTEXT;
    // What the Functions runtime provides: the Blobs context in the environment.
    process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
      JSON.stringify({ siteID, token, edgeURL, uncachedEdgeURL }),
    ).toString("base64");
    try {
      const fn = await import("../../../netlify/functions/usage-fold.mts");
      expect(fn.config).toEqual({ schedule: "@hourly" });
      const res = await fn.default();
      expect(res.status).toBe(204);
      expect((await readMonthly(kv, new Date().toISOString().slice(0, 7))).calls).toBe(5);
    } finally {
      if (before === undefined) delete process.env.NETLIFY_BLOBS_CONTEXT;
      else process.env.NETLIFY_BLOBS_CONTEXT = before;
    }
  });
});
