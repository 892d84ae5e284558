/** Query normalization and masking (src/usage/queries.ts), and ISO week arithmetic (weekly.ts): pure functions. */
import { describe, expect, it } from "vitest";
import { normalizeQuery, QUERY_CHARS, unansweredRecords } from "../../../src/usage/queries.ts";
import { isoWeek, mondayOf, weeklyVolume } from "../../../scripts/ops/usage-report/weekly.ts";

describe("normalizeQuery", () => {
  it("lowercases and collapses whitespace", () => {
    expect(normalizeQuery("  Holographic\tKeyboard \n for   CATS ")).toBe("holographic keyboard for cats");
  });

  it("masks e-mail addresses, URLs and runs of 6 or more digits, and keeps shorter numbers", () => {
    expect(normalizeQuery("Send to Jane.Doe+ui@Example.co.uk please")).toBe("send to <email> please");
    expect(normalizeQuery("like https://evil.example/a?b=1 or www.site.test/x")).toBe("like <url> or <url>");
    expect(normalizeQuery("card 4111111111111111 pin 12345")).toBe("card <number> pin 12345");
    expect(normalizeQuery("call 123456")).toBe("call <number>");
  });

  it("masks before cutting to 80 characters, so no start of an address survives the cut", () => {
    const q = `${"a ".repeat(36)}someone.with.a.long.name@example.com`;
    const out = normalizeQuery(q);
    expect(out.length).toBeLessThanOrEqual(QUERY_CHARS);
    expect(out).not.toContain("someone");
    expect(normalizeQuery("x".repeat(300))).toHaveLength(QUERY_CHARS);
  });

  it("keeps only searches whose best hit was none or some_words, with their tool", async () => {
    const calls = [
      { tool: "search_patterns", report: { search: "none", query: "Mail ME at a@b.co" } },
      { tool: "search_components", report: { search: "some_words", query: "date picker for submarines" } },
      { tool: "search_patterns", report: { search: "all_words", query: "sidebar" } },
      { tool: "search_components", report: { search: "none" } },
      { tool: undefined, report: undefined },
    ];
    const out = await unansweredRecords(calls, async (q) => `t:${q}`);
    expect(out.map((o) => o.record)).toEqual([
      { v: 1, tool: "search_patterns", kind: "none", query: "mail me at <email>", token: "t:mail me at <email>" },
      {
        v: 1,
        tool: "search_components",
        kind: "weak",
        query: "date picker for submarines",
        token: "t:date picker for submarines",
      },
    ]);
    expect(new Set(out.map((o) => o.id)).size).toBe(2);
  });
});

describe("ISO weeks", () => {
  it("number weeks from the week holding the year's first Thursday", () => {
    expect(isoWeek("2026-11-30")).toBe("2026-W49");
    expect(isoWeek("2027-01-01")).toBe("2026-W53");
    expect(isoWeek("2026-01-01")).toBe("2026-W01");
    expect(isoWeek("2024-12-30")).toBe("2025-W01");
    expect(mondayOf("2026-12-06")).toBe("2026-11-30");
    expect(mondayOf("2026-11-30")).toBe("2026-11-30");
  });

  it("mark a week partial when a day's month has no counters, and give the next week no change", () => {
    const rows = weeklyVolume(
      "2026-12",
      [{ month: "2026-12", by_day_tool: { "2026-12-01": { get_component: 4 }, "2026-12-08": { get_component: 6 } } }],
      "2026-12-31",
    );
    expect(rows.map((r) => r.week)).toEqual(["2026-W49", "2026-W50", "2026-W51", "2026-W52", "2026-W53"]);
    expect(rows[0]).toMatchObject({ partial: true, get_component: { calls: 4, change: null, change_rate: null } });
    expect(rows[1]).toMatchObject({ partial: false, get_component: { calls: 6, change: null, change_rate: null } });
    expect(rows[2]).toMatchObject({ get_component: { calls: 0, change: -6, change_rate: -1 } });
    expect(rows[3]).toMatchObject({ get_component: { calls: 0, change: 0, change_rate: null } });
    // The last week runs into January, whose counters are absent.
    expect(rows[4]).toMatchObject({ from: "2026-12-28", to: "2027-01-03", partial: true });
  });

  it("list a month in progress up to today's week, partial, and no week that has not begun", () => {
    const rows = weeklyVolume(
      "2026-12",
      [{ month: "2026-12", by_day_tool: { "2026-12-01": { get_component: 4 } } }],
      "2026-12-09",
    );
    expect(rows.map((r) => [r.week, r.partial])).toEqual([
      ["2026-W49", true],
      ["2026-W50", true],
    ]);
  });
});
