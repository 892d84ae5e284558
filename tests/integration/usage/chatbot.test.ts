/**
 * The chatbot's component awareness: the real chatbot handler over the real MCP app, Gemini behind
 * msw (the only mock), one count record per answer in a real local Blobs store, read back through
 * the review.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalBlobs, startLocalBlobs } from "../../../scripts/local/blobs.ts";
import { createChatbotHandler } from "../../../src/chatbot/handler.ts";
import { createMcpClient } from "../../../src/chatbot/mcp-client.ts";
import { readConfig } from "../../../src/config.ts";
import type { KV } from "../../../src/storage/blobs.ts";
import { chatRecorder } from "../../../src/usage/chat.ts";
import { monthOf } from "../../../src/usage/event.ts";
import { testApp } from "../../helpers/app.ts";
import { chatRequest, gemini, geminiStream, readEvents, streamResponse, textChunk } from "../../helpers/chatbot.ts";
import { dump, reportCli, usageStore } from "../../helpers/usage.ts";

const MONTH = monthOf(new Date());
const QUESTIONS = ["which toast should I use to confirm a save", "sidebar navigation", "holographic keyboard for cats"];

const msw = setupServer(gemini(() => streamResponse(geminiStream([textChunk("Use the ones listed.", "STOP")]))));
let dir: string;
let server: LocalBlobs;
let kv: KV;
const served: { patterns: number; flagged: number; withComponent: number } = {
  patterns: 0,
  flagged: 0,
  withComponent: 0,
};

beforeAll(async () => {
  msw.listen({ onUnhandledFrame: "bypass" });
  dir = await mkdtemp(join(tmpdir(), "usage-chatbot-"));
  server = await startLocalBlobs({ directory: dir, siteID: "0" });
  kv = usageStore(server.config);
  const mcp = createMcpClient({ transport: testApp().handle });
  const onAnswer = chatRecorder({ open: () => kv, deadlineMs: 10_000 });
  const config = readConfig({ ENABLE_AI_CHAT: "true", GEMINI_API_KEY: "test-key" });
  const chatbot = createChatbotHandler({ config, mcp, onAnswer, log: () => {} });
  for (const query of QUESTIONS) {
    const events = await readEvents(await chatbot(chatRequest({ query })));
    const first = events[0];
    if (first.type !== "patterns") throw new Error("the answer did not start with its patterns");
    served.patterns += first.patterns.length;
    served.flagged += first.patterns.filter((p) => typeof p.hasGeneratedComponent === "boolean").length;
    served.withComponent += first.patterns.filter((p) => p.hasGeneratedComponent).length;
  }
});
afterAll(async () => {
  msw.close();
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

describe("chatbot awareness", () => {
  it("stores one record per answer, before the answer ends, with counts and no text", async () => {
    const blobs = await dump(kv);
    const chats = [...blobs].filter(([k]) => k.startsWith(`chat/${MONTH}/`));
    expect(chats).toHaveLength(QUESTIONS.length);
    const all = [...blobs.values()].join("\n");
    for (const q of QUESTIONS) expect(all).not.toContain(q);
    expect(all).not.toContain("Use the ones listed");
    for (const [, v] of chats)
      expect(Object.keys(JSON.parse(v)).sort()).toEqual([
        "catalog",
        "patterns",
        "ts",
        "v",
        "with_component",
        "with_flag",
      ]);
  });

  it("gives the share of patterns that carry hasGeneratedComponent, and the count, in the review", async () => {
    expect(served.patterns).toBeGreaterThan(0);
    const { chatbot } = JSON.parse((await reportCli(["--month", MONTH, "--json", "--dir", dir])).stdout);
    expect(chatbot).toEqual({
      answers: 3,
      unavailable: 0,
      patterns: served.patterns,
      with_flag: served.flagged,
      with_component: served.withComponent,
      awareness: 1,
      target: 1,
    });
    const text = (await reportCli(["--month", MONTH, "--dir", dir])).stdout;
    expect(text).toContain(
      `Chatbot awareness 100.00% (${served.patterns} of ${served.patterns} patterns carried hasGeneratedComponent, in 3 answers`,
    );
  });

  it("an answer whose record cannot be stored still ends with done", async () => {
    const broken: KV = { ...kv, set: async () => Promise.reject(new Error("store down")) };
    const lines: string[] = [];
    const chatbot = createChatbotHandler({
      config: readConfig({}),
      mcp: createMcpClient({ transport: testApp().handle }),
      onAnswer: chatRecorder({ open: () => broken, deadlineMs: 1000 }),
      log: (l) => lines.push(l),
    });
    const events = await readEvents(await chatbot(chatRequest({ query: "sidebar" })));
    expect(events.at(-1)).toEqual({ type: "done" });
    expect(lines.join("\n")).toContain("usage not recorded: store down");
  });
});
