/**
 * The server card of the server-card extension's draft at /mcp/server-card: its media type and
 * fields (the draft's schema facts below, copied from modelcontextprotocol/experimental-ext-server-card
 * schema.ts), consistent with what the server says once connected, revalidated by ETag. The earlier
 * card at /.well-known/mcp/server-card.json keeps its shape (tests/site/card.test.ts).
 */
import { describe, expect, it } from "vitest";
import { CARD_PATH, SERVER_CARD_PATH } from "../../../src/page/card.ts";
import { modern, testApp } from "../../helpers/app.ts";

/** The draft's ServerCard: required members, their patterns and bounds, and the members it defines. */
const DRAFT = {
  required: ["$schema", "name", "version", "description"],
  schema: /^https:\/\/static\.modelcontextprotocol\.io\/schemas\/v1\/server-card\.schema\.json$/,
  name: /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/,
  descriptionMax: 100,
  titleMax: 100,
  members: [
    "$schema",
    "name",
    "version",
    "description",
    "title",
    "websiteUrl",
    "repository",
    "icons",
    "remotes",
    "_meta",
  ],
  remoteMembers: ["type", "url", "headers", "variables", "supportedProtocolVersions"],
  remoteUrl: /^(https?:\/\/[^\s]+|\{[a-zA-Z_][a-zA-Z0-9_]*\}[^\s]*)$/,
  mediaType: "application/mcp-server-card+json",
};

const app = testApp();
const at = (path: string, init: RequestInit = {}) => app.handle(new Request(`https://patttterns.com${path}`, init));

describe("the server card at /mcp/server-card (the server-card extension's draft)", () => {
  it("is the draft's document, as application/mcp-server-card+json", async () => {
    const res = await at(SERVER_CARD_PATH, { headers: { accept: DRAFT.mediaType } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(DRAFT.mediaType);
    const card = await res.json();
    for (const k of DRAFT.required) expect(card[k], k).toBeTypeOf("string");
    expect(Object.keys(card).filter((k) => !DRAFT.members.includes(k))).toEqual([]);
    expect(card.$schema).toMatch(DRAFT.schema);
    expect(card.name).toMatch(DRAFT.name);
    expect(card.description.length).toBeGreaterThan(0);
    expect(card.description.length).toBeLessThanOrEqual(DRAFT.descriptionMax);
    expect(card.title.length).toBeLessThanOrEqual(DRAFT.titleMax);
    for (const r of card.remotes) {
      expect(Object.keys(r).filter((k) => !DRAFT.remoteMembers.includes(k))).toEqual([]);
      expect(r.url).toMatch(DRAFT.remoteUrl);
    }
  });

  it("says what the connected server says: its name, version, title and protocol versions, at this origin", async () => {
    const card = await (await at(SERVER_CARD_PATH)).json();
    const discover = (await (await app.handle(modern("server/discover"))).json()).result;
    const info = discover._meta["io.modelcontextprotocol/serverInfo"];
    expect(card.name).toBe(`com.patttterns/${info.name}`);
    expect(card.version).toBe(info.version);
    expect(card.title).toBe(info.title);
    expect(card.websiteUrl).toBe(app.server.info.websiteUrl);
    expect(card.remotes).toEqual([
      {
        type: "streamable-http",
        url: "https://patttterns.com/mcp",
        supportedProtocolVersions: discover.supportedVersions,
      },
    ]);
    const preview = await app.handle(
      new Request(`https://deploy-preview-3--patttterns.netlify.app${SERVER_CARD_PATH}`),
    );
    expect((await preview.json()).remotes[0].url).toBe("https://deploy-preview-3--patttterns.netlify.app/mcp");
  });

  it("lists no tools, resources or capabilities: those stay with the list methods", async () => {
    const card = await (await at(SERVER_CARD_PATH)).json();
    for (const k of ["tools", "resources", "capabilities", "prompts"]) expect(card[k], k).toBeUndefined();
    // The earlier card keeps them.
    expect((await (await at(CARD_PATH)).json()).tools.length).toBeGreaterThan(0);
  });

  it("carries the draft's CORS and caching headers, and answers If-None-Match with 304", async () => {
    const res = await at(SERVER_CARD_PATH, { headers: { origin: "https://client.example" } });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toContain("GET");
    expect(res.headers.get("access-control-allow-headers")).toBe("Content-Type, If-None-Match");
    expect(res.headers.get("access-control-expose-headers")).toBe("ETag");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await at(SERVER_CARD_PATH, { headers: { "if-none-match": `W/${etag}, "other"` } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    expect((await at(SERVER_CARD_PATH, { headers: { "if-none-match": '"stale"' } })).status).toBe(200);
  });

  it("answers HEAD without a body, a preflight with 204, and other methods with 405", async () => {
    const head = await at(SERVER_CARD_PATH, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect((await at(SERVER_CARD_PATH, { method: "OPTIONS" })).status).toBe(204);
    const post = await at(SERVER_CARD_PATH, { method: "POST", body: "{}" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });
});
