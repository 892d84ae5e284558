/**
 * The test harness itself works: the app in process and a real local Blobs server (the served edge
 * function: tests/served/harness.test.ts). When these fail, every other file fails for the same reason.
 */
import { describe, expect, it } from "vitest";
import { post, testApp } from "../helpers/app.ts";
import { startBlobs } from "../helpers/blobs.ts";
import { openStore } from "../../src/storage/blobs.ts";

describe("the test harness", () => {
  it("serves initialize in process", async () => {
    const res = await testApp().handle(
      post({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
      }),
    );
    expect(res.status).toBe(200);
    expect((await res.json()).result.serverInfo.name).toBe("patttterns-mcp");
  });
  it("reaches a real local Blobs server", async () => {
    const blobs = await startBlobs();
    try {
      const kv = openStore("t", { config: blobs.config });
      await kv.set("k", "v");
      expect(new TextDecoder().decode((await kv.get("k"))!)).toBe("v");
    } finally {
      await blobs.stop();
    }
  });
});
