/**
 * The official conformance suite (@modelcontextprotocol/conformance 0.2.0-alpha.12), both eras: the
 * full server set against the test-only fixture on our core. The generic scenarios against the real
 * edge function served on Deno: tests/served/conformance.test.ts. Expectations, with the reason for
 * every scenario that is not a pass, are in tests/conformance/expected.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check } from "../conformance/check.ts";
import { FIXTURE_2025, FIXTURE_2026 } from "../conformance/expected.ts";
import { type FixtureServer, startFixtureServer } from "../conformance/fixture-server.ts";

let fixture: FixtureServer;
beforeAll(async () => {
  fixture = await startFixtureServer();
});
afterAll(async () => {
  await fixture?.stop();
});

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
