/**
 * The official conformance suite (@modelcontextprotocol/conformance 0.2.0-alpha.12), both eras: the
 * generic scenarios against the real edge function served on Deno. The full server set against the
 * test-only fixture: tests/integration/conformance.test.ts. Expectations, with the reason for every
 * scenario that is not a pass, are in tests/conformance/expected.ts.
 */
import { describe, inject, it } from "vitest";
import { check } from "../conformance/check.ts";
import { SERVED_2025, SERVED_2026 } from "../conformance/expected.ts";

describe("conformance: the real edge function, served locally (generic scenarios)", () => {
  const url = () => `${inject("servedUrl")}/mcp`;
  it("2026-07-28: server-stateless, tools-list, dns-rebinding-protection, caching, http-header-validation, sep-2164, sse streams", async () => {
    await check(SERVED_2026, url());
  }, 600_000);
  it("2025-11-25: server-initialize, ping, tools-list, dns-rebinding-protection", async () => {
    await check(SERVED_2025, url());
  }, 600_000);
});
