/**
 * The official conformance suite (@modelcontextprotocol/conformance 0.2.0-alpha.12), both eras:
 * the full server set against the test-only fixture on our core, and the generic scenarios against
 * the real edge function served on Deno. Expectations, with the reason for every scenario that is
 * not a pass, are in expected.ts.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type ConformanceRun, FIXTURE_2025, FIXTURE_2026, SERVED_2025, SERVED_2026 } from "./expected.ts";
import { type FixtureServer, startFixtureServer } from "./fixture-server.ts";
import { judgeRun, runSuite } from "./run.ts";

let fixture: FixtureServer;
beforeAll(async () => {
  fixture = await startFixtureServer();
});
afterAll(async () => {
  await fixture?.stop();
});

async function check(run: ConformanceRun, url: string) {
  const verdicts = judgeRun(run, await runSuite(run, url));
  // Every listed scenario ran and was judged; the problems list names each mismatch.
  expect(verdicts.map((v) => v.scenario).sort()).toEqual(Object.keys(run.expected).sort());
  expect(verdicts.flatMap((v) => v.problems.map((p) => `${v.scenario}: ${p}`))).toEqual([]);
  return verdicts;
}

describe("conformance: fixture server on our protocol core (full server set)", () => {
  it("2026-07-28 requirements: every scored scenario passes", async () => {
    const verdicts = await check(FIXTURE_2026, fixture.url);
    expect(verdicts.filter((v) => v.outcome === "pass").length).toBeGreaterThanOrEqual(39);
  }, 300_000);
  it("2025-11-25 requirements: all but the session-bound scenarios pass", async () => {
    const verdicts = await check(FIXTURE_2025, fixture.url);
    expect(verdicts.filter((v) => v.outcome === "pass").length).toBeGreaterThanOrEqual(22);
  }, 300_000);
});

describe("conformance: the real edge function, served locally (generic scenarios)", () => {
  const url = () => `${inject("servedUrl")}/mcp`;
  it("2026-07-28: server-stateless, tools-list, dns-rebinding-protection, caching, http-header-validation, sep-2164, sse streams", async () => {
    await check(SERVED_2026, url());
  }, 600_000);
  it("2025-11-25: server-initialize, ping, tools-list, dns-rebinding-protection", async () => {
    await check(SERVED_2025, url());
  }, 600_000);
});
