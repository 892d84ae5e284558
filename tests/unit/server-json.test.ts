/**
 * server.json, this server's entry for the official MCP Registry, against the facts of its schema
 * (2025-12-11, modelcontextprotocol/registry docs/reference/server-json/, copied here as data: no
 * network read) and the registry's own rules for a domain namespace; and against the server it
 * describes, so neither drifts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/repo-root.ts";
import { DEFAULTS, SERVER_NAME, SERVER_TITLE, SERVER_VERSION } from "../../src/config.ts";
import { CARD_DESCRIPTION, CARD_NAME_NAMESPACE } from "../../src/page/card.ts";

const SCHEMA = {
  url: "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
  required: ["name", "description", "version"],
  properties: [
    "$schema",
    "_meta",
    "description",
    "icons",
    "name",
    "packages",
    "remotes",
    "repository",
    "title",
    "version",
    "websiteUrl",
  ],
  name: { pattern: /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/, min: 3, max: 200 },
  description: { min: 1, max: 100 },
  title: { min: 1, max: 100 },
  version: {
    max: 255,
    /** Ranges are rejected: ^1.2.3, ~1.2.3, >=1.2.3, 1.x, 1.* */ range: /^[\^~<>=]|\.(x|\*)(\.|$)/,
  },
  remote: {
    required: ["type", "url"],
    types: ["streamable-http", "sse"],
    url: /^(https?:\/\/[^\s]+|\{[a-zA-Z_][a-zA-Z0-9_]*\}[^\s]*)$/,
    properties: ["type", "url", "headers", "variables"],
  },
};

const server = JSON.parse(readFileSync(join(ROOT, "server.json"), "utf8"));

describe("server.json for the official MCP Registry", () => {
  it("has the schema's required fields, within their bounds, and nothing the schema does not define", () => {
    expect(server.$schema).toBe(SCHEMA.url);
    for (const k of SCHEMA.required) expect(server[k], k).toBeTypeOf("string");
    expect(Object.keys(server).filter((k) => !SCHEMA.properties.includes(k))).toEqual([]);
    expect(server.name).toMatch(SCHEMA.name.pattern);
    expect(server.name.length).toBeGreaterThanOrEqual(SCHEMA.name.min);
    expect(server.name.length).toBeLessThanOrEqual(SCHEMA.name.max);
    expect(server.description.length).toBeGreaterThanOrEqual(SCHEMA.description.min);
    expect(server.description.length).toBeLessThanOrEqual(SCHEMA.description.max);
    expect(server.title.length).toBeGreaterThanOrEqual(SCHEMA.title.min);
    expect(server.title.length).toBeLessThanOrEqual(SCHEMA.title.max);
    expect(server.version.length).toBeLessThanOrEqual(SCHEMA.version.max);
    expect(server.version).not.toMatch(SCHEMA.version.range);
    expect(() => new URL(server.websiteUrl)).not.toThrow();
  });

  it("has one streamable-http remote, on the domain its namespace names (the registry's rule for com.patttterns)", () => {
    expect(server.remotes).toHaveLength(1);
    const [remote] = server.remotes;
    for (const k of SCHEMA.remote.required) expect(remote[k], k).toBeTypeOf("string");
    expect(Object.keys(remote).filter((k) => !SCHEMA.remote.properties.includes(k))).toEqual([]);
    expect(SCHEMA.remote.types).toContain(remote.type);
    expect(remote.type).toBe("streamable-http");
    expect(remote.url).toMatch(SCHEMA.remote.url);
    const host = new URL(remote.url).hostname;
    const domain = server.name.split("/")[0].split(".").reverse().join(".");
    expect(host === domain || host.endsWith(`.${domain}`)).toBe(true);
  });

  it("describes this server: the server card's name and description, serverInfo's version and title", () => {
    expect(server.name).toBe(`${CARD_NAME_NAMESPACE}/${SERVER_NAME}`);
    expect(server.version).toBe(SERVER_VERSION);
    expect(server.title).toBe(SERVER_TITLE);
    expect(server.description).toBe(CARD_DESCRIPTION);
    expect(server.websiteUrl).toBe(DEFAULTS.SITE_URL);
    expect(server.remotes[0].url).toBe(`${DEFAULTS.SITE_URL}/mcp`);
  });
});
