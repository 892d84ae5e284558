/**
 * The served layer's harness works: the real edge function answers on `npm start`'s server and on
 * Netlify's emulation (tests/setup/served.ts). When these fail, every served file fails for the same
 * reason.
 */
import { describe, expect, it } from "vitest";
import { SERVED } from "../helpers/served.ts";

describe("the test harness", () => {
  for (const target of SERVED) {
    it(`serves the real edge function: ${target.name}`, async () => {
      const res = await fetch(`${target.url}/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
      });
      expect(await res.json()).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
    });
  }
});
