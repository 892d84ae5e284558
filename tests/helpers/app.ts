/** Builds the real app in process, over the committed catalog and fixtures. */
import { readFileSync } from "node:fs";
import { createApp, type AppOptions } from "../../src/app.ts";
import { memoryReader } from "../../scripts/lib/catalog/memory.ts";
import { parseThesaurus } from "../../scripts/lib/catalog/thesaurus.ts";
import { loadFixtures, ROOT } from "../../scripts/lib/fixtures.ts";
import { memoryComponents } from "../../scripts/lib/memory-components.ts";

export const catalogData = JSON.parse(readFileSync(`${ROOT}/search_index.json`, "utf8"));
/** The repository's thesaurus, which the built catalog compiles in: in-memory catalogs are searched with it too. */
export const synonyms = parseThesaurus(readFileSync(`${ROOT}/thesaurus.txt`, "utf8"));
export const fixtures = await loadFixtures();

export function fixtureSource() {
  return memoryComponents(fixtures);
}

export function testApp(overrides: Partial<AppOptions> = {}) {
  return createApp({ env: {}, catalogData: memoryReader(catalogData, { synonyms }), components: fixtureSource(), ...overrides });
}

export const URL_MCP = "http://127.0.0.1:8888/mcp";

/** A POST to the in-process handler, JSON body, with extra headers. */
export function post(body: unknown, headers: Record<string, string> = {}) {
  return new Request(URL_MCP, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** Headers and _meta of a valid 2026-07-28 request. */
export function modern(method: string, params: Record<string, unknown> = {}, extraHeaders: Record<string, string> = {}) {
  const headers: Record<string, string> = { "mcp-protocol-version": "2026-07-28", "mcp-method": method, ...extraHeaders };
  const name = method === "tools/call" || method === "prompts/get" ? params.name : method === "resources/read" ? params.uri : undefined;
  if (typeof name === "string" && !("mcp-name" in extraHeaders)) headers["mcp-name"] = name;
  const body = {
    jsonrpc: "2.0",
    id: 1,
    method,
    params: { ...params, _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}, "io.modelcontextprotocol/clientInfo": { name: "test", version: "1" } } },
  };
  return post(body, headers);
}
