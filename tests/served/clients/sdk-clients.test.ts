/**
 * The official MCP SDK clients against the real edge function served on Deno, by `npm start` and by
 * Netlify's emulation (tests/helpers/served.ts): SDK 1.x (2025-11-25 handshake) and SDK 2.x (pinned to
 * 2026-07-28, auto, and its default legacy mode) connect, list the five tools and call every one of them.
 * The emulation runs one client per era: SDK 1.x (the handshake, the session id back and forth, every
 * tool, the code read byte for byte from Netlify's Blobs store) and SDK 2.x in auto mode (the probe,
 * and the modern era's headers). SDK 2.x pinned and in its legacy mode would send the same requests
 * of the same eras there again: they run on the local server only.
 */
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { Client as Client1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as Transport1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Client as Client2, StreamableHTTPClientTransport as Transport2 } from "@modelcontextprotocol/client";
import { fixtures } from "../../helpers/app.ts";
import { SERVED, type ServedTarget } from "../../helpers/served.ts";

/** The emulation runs each request in a fresh Deno worker (~150 ms idle, seconds on a loaded 2-core machine). */
const E2E_TIMEOUT = 240_000;
const endpoint = (target: ServedTarget) => new URL(`${target.url}/mcp`);
const TOOL_NAMES = [
  "search_patterns",
  "list_categories",
  "get_pattern",
  "search_components",
  "get_component",
  "validate_component",
];

/** What both SDKs' clients have in common, for the shared checks. */
interface AnyClient {
  listTools(): Promise<
    { tools: { name: string; description?: string; inputSchema: unknown }[] } & Record<string, unknown>
  >;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<any>;
  close(): Promise<void>;
}

/** A fetch that records the method and MCP headers of every request the client sends. */
function recordingFetch() {
  const sent: {
    method: string;
    version: string | null;
    mcpMethod: string | null;
    mcpName: string | null;
    session: string | null;
    body: any;
  }[] = [];
  const wrapped = async (input: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    sent.push({
      method: init?.method ?? "GET",
      version: headers.get("mcp-protocol-version"),
      mcpMethod: headers.get("mcp-method"),
      mcpName: headers.get("mcp-name"),
      session: headers.get("mcp-session-id"),
      body,
    });
    return fetch(input, init);
  };
  return { fetch: wrapped as typeof fetch, sent };
}

const open: AnyClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close().catch(() => undefined)));
});

/** The one text block of a tool result, parsed. */
function json(result: any) {
  expect(result.content).toHaveLength(1);
  expect(result.content[0].type).toBe("text");
  expect(result.structuredContent).toBeUndefined();
  return JSON.parse(result.content[0].text);
}

const decode = (bytes: Uint8Array) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * Lists the tools and calls each one with sensible arguments, checking the answers against the
 * catalog and fixtures.
 */
async function exerciseAllTools(client: AnyClient) {
  const listed = await client.listTools();
  expect(listed.tools.map((t) => t.name)).toEqual(TOOL_NAMES);
  for (const t of listed.tools) {
    expect(t.description?.length).toBeGreaterThan(50);
    expect(t.inputSchema).toMatchObject({ type: "object" });
    expect(t).not.toHaveProperty("outputSchema");
  }

  const search = json(await client.callTool({ name: "search_patterns", arguments: { query: "Tabs", limit: 3 } }));
  expect(search.results.map((h: any) => h.title).slice(0, 2)).toEqual(["Tabs", "Tabs with Overflow Menu"]);
  expect(search.results).toHaveLength(3);
  expect(search.total).toBeGreaterThan(3);

  const cats = json(await client.callTool({ name: "list_categories", arguments: {} }));
  const types = cats.categories.filter((c: any) => c.kind === "type");
  expect(types.map((c: any) => c.name)).toEqual(["components", "flows", "pattern"]);
  expect(types.reduce((n: number, c: any) => n + c.count, 0)).toBe(cats.total);

  const tabs = fixtures.find((f) => f.name === "tabs")!;
  const pattern = json(await client.callTool({ name: "get_pattern", arguments: { pattern_id: "#12" } }));
  expect(pattern).toMatchObject({
    pattern_id: tabs.entry.id,
    catalog_number: "#12",
    title: "Tabs",
    tags: tabs.entry.tags,
    url: "https://patttterns.com/ui-components/tabs",
    has_component: true,
    active_version_id: tabs.index.activeVersionId,
    available_versions: tabs.index.versions.filter((v) => !v.hiddenAt).map((v) => v.versionId),
    interactionRules: tabs.entry.interactionRules,
  });

  const sidebar = fixtures.find((f) => f.name === "sidebar-navigation")!;
  const hits = json(await client.callTool({ name: "search_components", arguments: { query: "sidebar navigation" } }));
  const hit = hits.results.find((h: any) => h.catalog_number === `#${sidebar.entry.catalogNumber}`);
  expect(hit).toMatchObject({
    pattern_id: sidebar.entry.id,
    has_component: true,
    default_version: "active",
    type: sidebar.entry.type,
    slug: sidebar.entry.slug,
  });

  // Default version = the store's activeVersionId, byte for byte.
  const active = json(await client.callTool({ name: "get_component", arguments: { pattern_id: hit.pattern_id } }));
  const activeBytes = sidebar.code.find((c) => c.versionId === sidebar.index.activeVersionId)!.bytes;
  expect(active.metadata).toMatchObject({
    pattern_id: sidebar.entry.id,
    catalog_number: `#${sidebar.entry.catalogNumber}`,
    version_id: sidebar.index.activeVersionId,
    tags: sidebar.entry.tags,
  });
  expect(active.component_code).toBe(decode(activeBytes));
  expect(active.metadata.sha256).toBe(sha256(activeBytes));
  expect(active.resource.url).toBe(`https://patttterns.com${sidebar.entry.slug}`);
  // The --ui-* variables the code uses, read from the code itself.
  const used = [...new Set(decode(activeBytes).match(/--ui-[a-z-]+/g))].sort();
  expect(used.length).toBeGreaterThan(0);
  expect(active.usage_rules.required_css_variables).toEqual(used);

  // An explicit version: the CRLF seed of Tabs, exactly.
  const seed = json(
    await client.callTool({
      name: "get_component",
      arguments: { pattern_id: "ui-components/tabs", version_id: "seed" },
    }),
  );
  const seedBytes = tabs.code.find((c) => c.versionId === "seed")!.bytes;
  expect(seed.metadata.version_id).toBe("seed");
  expect(seed.component_code).toBe(decode(seedBytes));
  expect(seed.component_code).toContain("\r\n");

  // Domain errors arrive as isError results with the error contract.
  const bad = await client.callTool({ name: "search_components", arguments: {} });
  expect(bad.isError).toBe(true);
  expect(json(bad).error).toMatchObject({
    code: "invalid_args",
    retryable: false,
    suggestion: expect.any(String),
    message: expect.any(String),
  });
  const missing = await client.callTool({ name: "get_component", arguments: { pattern_id: "#12", version_id: "v99" } });
  expect(missing.isError).toBe(true);
  expect(json(missing).error).toMatchObject({
    code: "version_not_found",
    available_versions: pattern.available_versions,
  });
}

for (const target of SERVED) {
  describe(target.name, () => {
    describe("SDK 1.x client (@modelcontextprotocol/sdk), 2025-11-25", { timeout: E2E_TIMEOUT }, () => {
      it("connects, lists the five tools and calls each one", async () => {
        const rec = recordingFetch();
        const client = new Client1({ name: "e2e-sdk1", version: "1.0.0" });
        const transport = new Transport1(endpoint(target), { fetch: rec.fetch });
        await client.connect(transport);
        open.push(client as unknown as AnyClient);

        expect(client.getServerVersion()?.name).toBe("patttterns-mcp");
        expect(client.getInstructions()).toMatch(/search_components/);
        expect(transport.protocolVersion).toBe("2025-11-25");
        // The usage decorator's signed id, which names this client on the calls that follow (docs/usage.md).
        expect(transport.sessionId).toMatch(/^[\x21-\x7e]+$/);
        const init = rec.sent.find((s) => s.body?.method === "initialize")!;
        expect(init.body.params.protocolVersion).toBe("2025-11-25");

        await exerciseAllTools(client as unknown as AnyClient);
        // Every request after the handshake carries the negotiated version, and the session id back.
        for (const s of rec.sent.filter((s) => s.method === "POST" && s.body?.method !== "initialize")) {
          expect(s.version).toBe("2025-11-25");
          expect(s.session).toBe(transport.sessionId);
        }
        await client.ping();
        await expect(client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toThrow(/no_such_tool|-32602/);
      });
    });

    describe("SDK 2.x client (@modelcontextprotocol/client)", { timeout: E2E_TIMEOUT }, () => {
      if (!target.emulated)
        it("pinned to 2026-07-28: discovers, lists and calls every tool in the modern era", async () => {
          const rec = recordingFetch();
          const client = new Client2(
            { name: "e2e-sdk2", version: "2.0.0" },
            { versionNegotiation: { mode: { pin: "2026-07-28" } } },
          );
          await client.connect(new Transport2(endpoint(target), { fetch: rec.fetch }));
          open.push(client as unknown as AnyClient);

          expect(client.getProtocolEra()).toBe("modern");
          expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
          expect(client.getDiscoverResult()?.supportedVersions).toContain("2026-07-28");
          expect(client.getInstructions()).toMatch(/search_components/);
          expect(rec.sent.some((s) => s.body?.method === "initialize")).toBe(false);

          const listed = await client.listTools();
          expect(listed).toMatchObject({ ttlMs: expect.any(Number), cacheScope: expect.any(String) });
          await exerciseAllTools(client as unknown as AnyClient);

          for (const s of rec.sent.filter((s) => s.method === "POST")) {
            expect(s.version).toBe("2026-07-28");
            expect(s.mcpMethod).toBe(s.body.method);
            if (s.body.method === "tools/call") expect(s.mcpName).toBe(s.body.params.name);
          }
          expect(rec.sent.filter((s) => s.body?.method === "tools/call").length).toBeGreaterThanOrEqual(
            TOOL_NAMES.length,
          );
        });

      it("in auto mode: probes, picks the modern era, and lists and calls the tools", async () => {
        const rec = recordingFetch();
        const client = new Client2(
          { name: "e2e-sdk2-auto", version: "2.0.0" },
          { versionNegotiation: { mode: "auto" } },
        );
        await client.connect(new Transport2(endpoint(target), { fetch: rec.fetch }));
        open.push(client as unknown as AnyClient);
        expect(client.getProtocolEra()).toBe("modern");
        expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
        expect(rec.sent[0].body.method).toBe("server/discover");
        expect(rec.sent.some((s) => s.body?.method === "initialize")).toBe(false);
        expect((await client.listTools()).tools.map((t) => t.name)).toEqual(TOOL_NAMES);
        const hits = json(
          await client.callTool({ name: "search_components", arguments: { category: "ui-components", limit: 50 } }),
        );
        expect(hits.results.length).toBeGreaterThan(10);
        for (const h of hits.results)
          expect(h).toMatchObject({
            has_component: true,
            default_version: "active",
            slug: expect.stringMatching(/^\/ui-components\//),
          });
        const code = json(
          await client.callTool({ name: "get_component", arguments: { pattern_id: hits.results[0].catalog_number } }),
        );
        expect(code.metadata.pattern_id).toBe(hits.results[0].pattern_id);
        expect(code.component_code.length).toBeGreaterThan(100);
      });

      if (!target.emulated)
        it("in its default (legacy) mode: the 2025 handshake still works", async () => {
          const client = new Client2({ name: "e2e-sdk2-legacy", version: "2.0.0" });
          await client.connect(new Transport2(endpoint(target)));
          open.push(client as unknown as AnyClient);
          expect(client.getProtocolEra()).toBe("legacy");
          const listed = await client.listTools();
          expect(listed.tools.map((t) => t.name)).toEqual(TOOL_NAMES);
          const r = json(await client.callTool({ name: "get_pattern", arguments: { pattern_id: "#12" } }));
          expect(r.catalog_number).toBe("#12");
        });
    });
  });
}
