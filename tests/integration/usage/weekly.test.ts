/**
 * Weekly volume, through the report CLI over a real local Blobs store: events over three ISO weeks,
 * the first straddling October and November, fold into the right weekly counts and changes, the
 * October days read from October's counters. Registry item requests (installs through the shadcn
 * CLI) are counted beside get_component.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalBlobs, startLocalBlobs } from "../../../scripts/local/blobs.ts";
import { openStore, type KV } from "../../../src/storage/blobs.ts";
import { USAGE_STORE } from "../../../src/usage/event.ts";
import { reportCli, seedEvents } from "../../helpers/usage.ts";

let dir: string;
let server: LocalBlobs;
let kv: KV;

/** `n` calls of `tool` on `day`, in that day's month. */
const calls = (day: string, tool: string, n: number) =>
  seedEvents(kv, day.slice(0, 7), n, () => ({ ts: `${day}T10:00:00.000Z`, tool }));
/** `n` requests of the registry's `method` on `day`, as the recorder stores them (no tool, no era). */
const registry = (day: string, method: string, n: number) =>
  seedEvents(kv, day.slice(0, 7), n, () => ({
    ts: `${day}T10:00:00.000Z`,
    method,
    tool: undefined,
    era: undefined,
    protocol_version: undefined,
    agent: "shadcn",
  }));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "usage-weekly-"));
  server = await startLocalBlobs({ directory: dir, siteID: "0" });
  kv = openStore(USAGE_STORE, { config: server.config, consistency: "strong" });
  // 2026-W43 (Oct 19–25): the week before the month's first.
  await calls("2026-10-20", "search_components", 2);
  // 2026-W44 (Oct 26 – Nov 1): straddles the months.
  await calls("2026-10-27", "search_components", 2);
  await calls("2026-10-30", "get_component", 1);
  await registry("2026-10-31", "registry/item", 1);
  await calls("2026-11-01", "search_components", 2);
  // 2026-W45 and W46, in November; other tools are not counted.
  await calls("2026-11-02", "search_components", 6);
  await calls("2026-11-08", "get_component", 3);
  await registry("2026-11-03", "registry/item", 4);
  await registry("2026-11-03", "registry/index", 7);
  await calls("2026-11-10", "search_components", 3);
  await calls("2026-11-10", "search_patterns", 9);
});
afterAll(async () => {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

describe("weekly volume", () => {
  it("counts search_components, get_component and registry items per ISO week, with the change on the week before", async () => {
    const { stdout } = await reportCli(["--month", "2026-11", "--json", "--dir", dir]);
    const { weekly } = JSON.parse(stdout);
    expect(weekly.map((w: { week: string }) => w.week)).toEqual([
      "2026-W44",
      "2026-W45",
      "2026-W46",
      "2026-W47",
      "2026-W48",
      "2026-W49",
    ]);
    expect(weekly[0]).toEqual({
      week: "2026-W44",
      from: "2026-10-26",
      to: "2026-11-01",
      partial: false,
      search_components: { calls: 4, change: 2, change_rate: 1 },
      get_component: { calls: 1, change: 1, change_rate: null },
      "registry/item": { calls: 1, change: 1, change_rate: null },
    });
    expect(weekly[1]).toMatchObject({
      search_components: { calls: 6, change: 2, change_rate: 0.5 },
      get_component: { calls: 3, change: 2, change_rate: 2 },
      "registry/item": { calls: 4, change: 3, change_rate: 3 },
    });
    expect(weekly[2]).toMatchObject({
      search_components: { calls: 3, change: -3, change_rate: -0.5 },
      get_component: { calls: 0, change: -3, change_rate: -1 },
      "registry/item": { calls: 0, change: -4, change_rate: -1 },
    });
    expect(weekly[3]).toMatchObject({ search_components: { calls: 0, change: -3, change_rate: -1 } });
    // Nov 30 – Dec 6: December has no counters in this store, so the week is partial.
    expect(weekly[5]).toMatchObject({ from: "2026-11-30", to: "2026-12-06", partial: true });
  });

  it("without the previous month's counters the straddling week is partial and has no change", async () => {
    const other = await mkdtemp(join(tmpdir(), "usage-weekly-"));
    const alone = await startLocalBlobs({ directory: other, siteID: "0" });
    try {
      const store = openStore(USAGE_STORE, { config: alone.config, consistency: "strong" });
      await seedEvents(store, "2026-11", 2, () => ({ ts: "2026-11-03T10:00:00.000Z", tool: "get_component" }));
      const { stdout } = await reportCli(["--month", "2026-11", "--json", "--dir", other]);
      const { weekly } = JSON.parse(stdout);
      expect(weekly[0]).toMatchObject({ week: "2026-W44", partial: true, get_component: { calls: 0, change: null } });
      expect(weekly[1]).toMatchObject({ week: "2026-W45", get_component: { calls: 2, change: null } });
    } finally {
      await alone.stop();
      await rm(other, { recursive: true, force: true });
    }
  });

  it("prints the weeks in the text review and draws them in the HTML one", async () => {
    const file = join(dir, "weekly.html");
    const { stdout } = await reportCli(["--month", "2026-11", "--dir", dir, "--html", file]);
    expect(stdout).toContain("Weekly volume (ISO weeks");
    expect(stdout).toMatch(
      /2026-W45 +2026-11-02\.\.11-08 +6 \(\+2, \+50\.0%\) +3 \(\+2, \+200\.0%\) +4 \(\+3, \+300\.0%\)/,
    );
    const html = await readFile(file, "utf8");
    expect(html).toContain('aria-label="Weekly volume"');
    expect(html).toContain("2026-W45");
    expect(html).toContain("<title>2026-W45 registry/item: 4 (+300.0%)</title>");
  });
});
