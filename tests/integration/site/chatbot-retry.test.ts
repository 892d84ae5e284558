/**
 * The chatbot's failure discipline (docs/around.md) over a real HTTP transport: local servers that 503, hang or refuse,
 * in front of the real MCP handler. One retry after ~500 ms on execution errors, none on validation
 * errors; when the retry fails too, the answer goes on without catalog context and says so.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setupServer } from "msw/node";
import { type ChatEvent, createChatbotHandler, NOTICE_NO_CATALOG } from "../../../src/chatbot/handler.ts";
import { createMcpClient } from "../../../src/chatbot/mcp-client.ts";
import { readConfig } from "../../../src/config.ts";
import type { DomainError } from "../../../src/errors.ts";
import { testApp } from "../../helpers/app.ts";
import {
  chatRequest,
  deltas,
  gemini,
  geminiCalls,
  geminiStream,
  readEvents,
  streamResponse,
  textChunk,
} from "../../helpers/chatbot.ts";

const app = testApp();
type Behaviour = "ok" | "503" | "hang" | "400";

/** A real HTTP server in front of the in-process MCP handler, misbehaving as scripted per request. */
async function startMcp(script: Behaviour[]) {
  const hits: number[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    hits.push(performance.now());
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const behaviour = script[hits.length - 1] ?? script.at(-1)!;
    if (behaviour === "hang") return; // never answers
    if (behaviour === "503")
      return void res.writeHead(503, { "content-type": "text/plain" }).end("Service Unavailable");
    if (behaviour === "400")
      return void res
        .writeHead(400, { "content-type": "application/json" })
        .end(JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32602, message: "Invalid params" } }));
    const out = await app.handle(
      new Request(`http://127.0.0.1${req.url}`, {
        method: "POST",
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks),
      }),
    );
    res.writeHead(out.status, Object.fromEntries(out.headers)).end(Buffer.from(await out.arrayBuffer()));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  const stop = async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  };
  return { url, hits, stop };
}

const servers: { stop(): Promise<void> }[] = [];
const msw = setupServer();
beforeAll(() => msw.listen({ onUnhandledFrame: "bypass" }));
afterEach(async () => {
  msw.resetHandlers();
  geminiCalls.length = 0;
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});
afterAll(() => msw.close());

async function client(script: Behaviour[], timeoutMs = 2000) {
  const mcp = await startMcp(script);
  servers.push(mcp);
  const failures: DomainError[] = [];
  const c = createMcpClient({
    transport: (r) => fetch(r),
    url: mcp.url,
    timeoutMs,
    onAttemptFailed: (_t, _n, e) => failures.push(e),
  });
  return { mcp, c, failures };
}

describe("the MCP client retries once, only on execution errors", () => {
  it("a 503 is retried once after ~500 ms, and the retry's answer is used", async () => {
    const { mcp, c, failures } = await client(["503", "ok"]);
    const out = await c.callTool<{ results: unknown[] }>("search_patterns", { query: "toast" });
    expect(out).toMatchObject({ ok: true });
    expect(out.ok ? out.data.results.length : 0).toBeGreaterThan(0);
    expect(mcp.hits).toHaveLength(2);
    expect(mcp.hits[1] - mcp.hits[0]).toBeGreaterThanOrEqual(450);
    expect(mcp.hits[1] - mcp.hits[0]).toBeLessThan(2000);
    expect(failures.map((f) => [f.retryable, f.code, f.message])).toEqual([
      [true, "upstream_error", "MCP endpoint answered HTTP 503"],
    ]);
  });

  it("a timeout is retried once", async () => {
    // The hung attempt costs one deadline; 1.5 s leaves the retry room on a loaded machine.
    const { mcp, c, failures } = await client(["hang", "ok"], 1500);
    await c.callTool("search_patterns", { query: "toast" });
    expect(mcp.hits).toHaveLength(2);
    expect(failures.map((f) => f.code)).toEqual(["upstream_timeout"]);
  });

  it("two 503s: exactly two attempts, then the error", async () => {
    const { mcp, c, failures } = await client(["503", "503", "ok"]);
    expect(await c.callTool("search_patterns", { query: "toast" })).toMatchObject({
      ok: false,
      error: { retryable: true },
    });
    expect(mcp.hits).toHaveLength(2);
    expect(failures).toHaveLength(2);
  });

  it("a refused connection (stopped port) is retried once", async () => {
    const { mcp, c, failures } = await client(["ok"]);
    await mcp.stop();
    expect(await c.callTool("search_patterns", { query: "toast" })).toMatchObject({
      ok: false,
      error: { retryable: true, code: "upstream_error", message: expect.stringMatching(/^MCP transport failed/) },
    });
    expect(failures).toHaveLength(2);
  });

  it("an HTTP 400 / JSON-RPC -32602 is a validation error: never retried", async () => {
    const { mcp, c, failures } = await client(["400", "ok"]);
    expect(await c.callTool("search_patterns", { query: "toast" })).toMatchObject({
      ok: false,
      error: { retryable: false },
    });
    expect(mcp.hits).toHaveLength(1);
    expect(failures).toHaveLength(1);
  });

  it("a tool's invalid_args (from the real handler) is never retried", async () => {
    const { mcp, c, failures } = await client(["ok"]);
    expect(await c.callTool("search_patterns", { query: "" })).toMatchObject({
      ok: false,
      error: { retryable: false, code: "invalid_args" },
    });
    expect(mcp.hits).toHaveLength(1);
    expect(failures).toHaveLength(1);
  });
});

describe("the chatbot when the catalog stays down", () => {
  const patternsOf = (events: ChatEvent[]) => events[0] as Extract<ChatEvent, { type: "patterns" }>;

  it("without AI: an empty patterns event marked unavailable, a notice, then done", async () => {
    const { mcp, c } = await client(["503"]);
    const events = await readEvents(
      await createChatbotHandler({ config: readConfig(), mcp: c, log: () => {} })(
        chatRequest({ query: "toast notification" }),
      ),
    );
    expect(mcp.hits).toHaveLength(2);
    expect(patternsOf(events)).toEqual({ type: "patterns", patterns: [], catalog: "unavailable" });
    expect(events[1]).toEqual({ type: "delta", text: NOTICE_NO_CATALOG });
    expect(events.at(-1)).toEqual({ type: "done" });
  });

  it("with AI: Gemini answers without catalog context, and the stream says so", async () => {
    msw.use(gemini(() => streamResponse(geminiStream([textChunk("Toasts confirm actions briefly.", "STOP")]))));
    const { c } = await client(["503"]);
    const env = { ENABLE_AI_CHAT: "true", GEMINI_API_KEY: "k" };
    const events = await readEvents(
      await createChatbotHandler({ config: readConfig(env), mcp: c, log: () => {} })(
        chatRequest({ query: "toast notification" }),
      ),
    );
    expect(patternsOf(events).catalog).toBe("unavailable");
    expect(deltas(events)).toBe(`${NOTICE_NO_CATALOG}Toasts confirm actions briefly.`);
    expect(events.at(-1)).toEqual({ type: "done" });
    expect(geminiCalls[0].prompt).toContain('<catalog_context unavailable="true">');
    expect(geminiCalls[0].prompt).not.toContain("<pattern ");
  });

  it("recovers when the retry succeeds: patterns as usual", async () => {
    const { mcp, c } = await client(["503", "ok"]);
    const events = await readEvents(
      await createChatbotHandler({ config: readConfig(), mcp: c, log: () => {} })(chatRequest({ query: "toast" })),
    );
    expect(patternsOf(events).catalog).toBe("ok");
    expect(patternsOf(events).patterns[0].title).toBe("Toast Notification");
    expect(mcp.hits.length).toBeGreaterThanOrEqual(2);
  });
});
