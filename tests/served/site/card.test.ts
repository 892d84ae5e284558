/**
 * The server card, served by the real edge function: it equals the served tools/list (in process:
 * tests/unit/site/card.test.ts).
 */
import { describe, expect, it } from "vitest";
import { CARD_PATH } from "../../../src/page/card.ts";
import { SERVED } from "../../helpers/served.ts";

for (const target of SERVED) {
  describe(`server card, served by the real edge function: ${target.name}`, () => {
    it("equals the served tools/list, and names the endpoint users reach", async () => {
      const res = await fetch(`${target.url}${CARD_PATH}`, { headers: { origin: "https://registry.example" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      const card = await res.json();
      const list = await fetch(`${target.url}/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      const { result } = await list.json();
      expect(result.tools.length).toBeGreaterThan(0);
      expect(card.tools).toEqual(result.tools);
      // The emulation names every origin `localhost:<port>` to the function (whatever the Host), so
      // only its port can match; the local server names exactly the origin asked.
      const reached = target.emulated ? target.url.replace("127.0.0.1", "localhost") : target.url;
      expect(card.remotes[0].url).toBe(`${reached}/mcp`);
    });
  });
}
