/**
 * The two third-party clients that matter most for who calls us, against `npm start` twice: as
 * served (2025-era session ids on) and started with USAGE_SESSION_IDS=false. mcp-remote over stdio,
 * as the page gives Claude Desktop users, and the AI SDK's MCP client (`@ai-sdk/mcp`) over HTTP, in
 * its default mode (it probes `server/discover` and speaks 2026-07-28) and in its legacy mode
 * (`initialize`). Each lists the tools, searches and fetches a component; the usage log says whether
 * its calls after `initialize` were attributed to it.
 */
import { readFile } from "node:fs/promises";
import { createMCPClient } from "@ai-sdk/mcp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { USAGE_LOG } from "../../../scripts/local/server.ts";
import { tools } from "../../../src/tools/index.ts";
import { spawnNpmStart } from "../../../scripts/local/spawn.ts";
import { fixtures } from "../../helpers/app.ts";
import { connectMcpRemote, viaMcpRemote } from "../../helpers/mcp-remote.ts";

const TIMEOUT = 120_000;
/** What the server lists, in its order: these clients must show the same. */
const TOOL_NAMES = tools.map((t) => t.name);
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;
const tabs = fixtures.find((f) => f.name === "tabs")!;
const unique = (what: string) => `e2e-${what}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let off: Awaited<ReturnType<typeof spawnNpmStart>>;
beforeAll(async () => {
  off = await spawnNpmStart("0", { ...process.env, USAGE_SESSION_IDS: "false" });
}, TIMEOUT);
afterAll(async () => {
  await off?.stop(20_000);
});

const servers = () => [
  { name: "npm start", url: inject("servedUrl"), sessions: true },
  { name: "npm start with USAGE_SESSION_IDS=false", url: off.value.url, sessions: false },
];

/** The logged agents of the usage lines that name `agent` (the log is written after each response). */
async function loggedCalls(agent: string, atLeast: number) {
  const read = async () =>
    (await readFile(USAGE_LOG, "utf8"))
      .split("\n")
      .filter((l) => l.startsWith("[mcp-usage] ") && l.includes(JSON.stringify(agent).slice(1, -1)))
      .map((l) => JSON.parse(l.slice("[mcp-usage] ".length)))
      .filter((e) => e.agent === agent);
  let lines = await read();
  for (let i = 0; i < 100 && lines.length < atLeast; i++) {
    await new Promise((r) => setTimeout(r, 100));
    lines = await read();
  }
  // Sorted: each call's line is written after its response, once its session's agent is read, so two
  // calls in a row may log in either order; which calls were attributed is the point.
  return lines.map((e) => e.tool ?? e.method).sort();
}

/**
 * A modern call that names `sentinel`, logged once every line before it is: after it, the log holds
 * all of a client's earlier calls, so a count of them can be read as final.
 */
async function settle(url: string) {
  const sentinel = unique("sentinel");
  const res = await fetch(`${url}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "server/discover",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "server/discover",
      params: {
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientCapabilities": {},
          "io.modelcontextprotocol/clientInfo": { name: sentinel, version: "1" },
        },
      },
    }),
  });
  expect(res.status).toBe(200);
  expect(await loggedCalls(`${sentinel}/1`, 1)).toHaveLength(1);
}

const textOf = (result: any) => {
  expect(result.isError).toBeFalsy();
  return JSON.parse(result.content[0].text);
};

for (const sessionsOn of [true, false]) {
  const server = () => servers().find((s) => s.sessions === sessionsOn)!;
  describe(sessionsOn ? "npm start, session ids on (as served)" : "npm start with USAGE_SESSION_IDS=false", () => {
    it("mcp-remote over stdio: lists the tools, searches, fetches a component", { timeout: TIMEOUT }, async () => {
      const { url, sessions } = server();
      const name = unique("mcp-remote");
      const remote = await connectMcpRemote(`${url}/mcp`, { name, version: "0.1.0" });
      try {
        expect((await remote.client.listTools()).tools.map((t) => t.name)).toEqual(TOOL_NAMES);
        const hits = textOf(await remote.client.callTool({ name: "search_components", arguments: { query: "tabs" } }));
        expect(hits.results[0]).toMatchObject({ pattern_id: tabs.entry.id, has_component: true });
        const code = textOf(await remote.client.callTool({ name: "get_component", arguments: { pattern_id: "#12" } }));
        expect(code.metadata).toMatchObject({ pattern_id: tabs.entry.id, version_id: tabs.index.activeVersionId });
        expect(code.component_code.length).toBeGreaterThan(100);
      } finally {
        await remote.close();
      }
      await settle(url);
      // With session ids, mcp-remote sends its id back and both calls name it; without, only the handshake does.
      const agent = `${viaMcpRemote(name)}/0.1.0`;
      expect(await loggedCalls(agent, sessions ? 3 : 1)).toEqual(
        sessions ? ["initialize", "search_components", "get_component"].sort() : ["initialize"],
      );
    });

    for (const mode of ["default (2026-07-28)", "legacy (initialize)"] as const) {
      it(`the AI SDK's MCP client, ${mode}: lists the tools, searches, fetches a component`, {
        timeout: TIMEOUT,
      }, async () => {
        const { url, sessions } = server();
        const legacy = mode.startsWith("legacy");
        const name = unique("ai-sdk");
        const sent: { method: string; version: string | null; session: string | null; rpc?: string }[] = [];
        const issued: string[] = [];
        const recording: typeof fetch = async (input, init) => {
          const headers = new Headers(init?.headers);
          const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
          sent.push({
            method: init?.method ?? "GET",
            version: headers.get("mcp-protocol-version"),
            session: headers.get("mcp-session-id"),
            rpc: body?.method,
          });
          const res = await fetch(input, init);
          const id = res.headers.get("mcp-session-id");
          if (id) issued.push(id);
          return res;
        };
        const client = await createMCPClient({
          transport: { type: "http", url: `${url}/mcp`, fetch: recording },
          clientName: name,
          version: "1.0.0",
          ...(legacy ? { protocolVersionDiscovery: false } : {}),
        });
        try {
          expect((await client.listTools()).tools.map((t) => t.name)).toEqual(TOOL_NAMES);
          const tools = await client.tools();
          const options = { toolCallId: "1", messages: [], context: {} };
          const hits = textOf(await tools.search_components.execute!({ query: "tabs" }, options));
          expect(hits.results[0]).toMatchObject({ pattern_id: tabs.entry.id, has_component: true });
          const code = textOf(await tools.get_component.execute!({ pattern_id: "#12" }, options));
          expect(code.metadata).toMatchObject({ pattern_id: tabs.entry.id, version_id: tabs.index.activeVersionId });
        } finally {
          // In legacy mode with an id, close sends DELETE with it: 405, which the client takes in its stride.
          await client.close();
        }
        const posts = sent.filter((s) => s.method === "POST");
        if (!legacy) {
          // 2026-07-28 names the client on every request: no session id is minted or needed.
          expect(posts[0].rpc).toBe("server/discover");
          expect(posts.every((s) => s.version === "2026-07-28" && s.session === null)).toBe(true);
          expect(issued).toEqual([]);
        } else if (sessions) {
          expect(posts[0].rpc).toBe("initialize");
          expect(new Set(issued).size).toBe(1);
          expect(issued[0]).toMatch(VISIBLE_ASCII);
          // Every request after the handshake carries it back, the DELETE on close included.
          for (const s of sent.slice(sent.findIndex((x) => x.rpc === "initialize") + 1))
            expect(s.session).toBe(issued[0]);
          expect(sent.at(-1)?.method).toBe("DELETE");
        } else {
          expect(issued).toEqual([]);
          expect(sent.every((s) => s.session === null)).toBe(true);
        }
        await settle(url);
        const handshake = legacy ? "initialize" : "server/discover";
        const attributed = !legacy || sessions;
        expect(await loggedCalls(`${name}/1.0.0`, attributed ? 3 : 1)).toEqual(
          attributed ? [handshake, "search_components", "get_component"].sort() : [handshake],
        );
      });
    }
  });
}
