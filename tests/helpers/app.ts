/** Builds the real app in process, over the committed catalog and fixtures. */
import { readFileSync } from "node:fs";
import { createApp, type AppOptions } from "../../src/app.ts";
import { type Env, readConfig } from "../../src/config.ts";
import { memoryReader } from "./memory-catalog.ts";
import { parseAbsentInterfaces, parseTechnicalTerms } from "../../scripts/build/catalog/technical.ts";
import { parseThesaurus } from "../../scripts/build/catalog/thesaurus.ts";
import { modernRequest } from "../../src/mcp/client.ts";
import { loadFixtures } from "../../scripts/lib/fixtures.ts";
import { ROOT } from "../../scripts/lib/repo-root.ts";
import { memoryComponents } from "./memory-components.ts";

export const catalogData = JSON.parse(readFileSync(`${ROOT}/search_index.json`, "utf8"));
/** The repository's thesaurus, which the built catalog compiles in: in-memory catalogs are searched with it too. */
export const synonyms = parseThesaurus(readFileSync(`${ROOT}/thesaurus.txt`, "utf8"));
/** The repository's technical terms, compiled in likewise. */
export const technical = parseTechnicalTerms(readFileSync(`${ROOT}/technical-terms.txt`, "utf8"));
/** The repository's absent interfaces, compiled in likewise. */
export const absent = parseAbsentInterfaces(readFileSync(`${ROOT}/absent-interfaces.txt`, "utf8"));
export const fixtures = await loadFixtures();

export function fixtureSource() {
  return memoryComponents(fixtures);
}

/** The real app over the committed catalog and fixtures, in memory; `env` as a deployment sets it. */
export function testApp({ env, ...overrides }: Partial<AppOptions> & { env?: Env } = {}) {
  return createApp({
    config: readConfig(env),
    catalogData: memoryReader(catalogData, { synonyms, technical, absent }),
    components: fixtureSource(),
    ...overrides,
  });
}

export const URL_MCP = "http://127.0.0.1:8888/mcp";

/** A POST to the in-process handler, JSON body, with extra headers (to `url`, the endpoint, if given). */
export function post(body: unknown, headers: Record<string, string> = {}, url = URL_MCP) {
  return new Request(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A valid 2026-07-28 request (the core's client envelope, src/mcp/client.ts), with extra headers. */
export function modern(
  method: string,
  params: Record<string, unknown> = {},
  extraHeaders: Record<string, string> = {},
) {
  return modernRequest(URL_MCP, method, params, { clientInfo: { name: "test", version: "1" }, headers: extraHeaders });
}
