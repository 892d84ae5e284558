/**
 * The chatbot proxy, the real function on both servers (in process: tests/unit/site/chatbot.test.ts).
 * The emulation builds and runs the Netlify Function its own way and streams its answer through a
 * port of its own: the streamed answer runs there too; the 405, the function's own check, on the
 * local server only.
 */
import { describe, expect, it } from "vitest";
import type { ChatEvent } from "../../../src/chatbot/handler.ts";
import { expectShape, readEvents } from "../../helpers/chatbot.ts";
import { SERVED } from "../../helpers/served.ts";

// Through the emulation, the first call bundles the function (~20 s here).
for (const target of SERVED) {
  describe(`served: the real function, ${target.name}`, { timeout: 120_000 }, () => {
    const url = `${target.url}/.netlify/functions/chatbot-proxy`;
    it("streams patterns, an answer and done", async () => {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: "toast notification" }),
      });
      expect(res.status).toBe(200);
      const events = await readEvents(res);
      expectShape(events);
      expect((events[0] as Extract<ChatEvent, { type: "patterns" }>).patterns[0].catalog_number).toBe("#57");
    });
    if (!target.emulated)
      it("refuses GET with a JSON 405", async () => {
        const res = await fetch(url);
        expect(res.status).toBe(405);
        expect((await res.json()).error.code).toBe("method_not_allowed");
      });
  });
}
