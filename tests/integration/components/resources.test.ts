/**
 * Component versions as MCP resources, in process over real Blobs: the template, resources/read with
 * the 2026-07-28 cache fields, hidden and missing versions as "not found" in each era's code.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CACHE_HINTS } from "../../../src/mcp/constants.ts";
import { modern } from "../../helpers/app.ts";
import {
  blobsApp,
  bytesOf,
  fixture,
  fixtures,
  readResource,
  type SeededBlobs,
  sha256,
  startSeededBlobs,
  utf8,
} from "../../helpers/components.ts";

let blobs: SeededBlobs;
let app: ReturnType<typeof blobsApp>;
beforeAll(async () => {
  blobs = await startSeededBlobs();
  app = blobsApp(blobs);
});
afterAll(() => blobs.stop());
afterEach(() => vi.restoreAllMocks());

const uri = (name: string, version: string) => `patttterns://components/${fixture(name).entry.id}/${version}`;

describe("template", () => {
  it("resources/templates/list names the template, text/tsx, with list cache fields", async () => {
    const body = await (await app.handle(modern("resources/templates/list"))).json();
    expect(body.result.resourceTemplates).toEqual([
      expect.objectContaining({
        uriTemplate: "patttterns://components/{pattern_id}/{version_id}",
        name: "component",
        mimeType: "text/tsx",
      }),
    ]);
    expect(body.result).toMatchObject({ resultType: "complete", ...CACHE_HINTS.lists });
  });

  it("server/discover advertises resources", async () => {
    const body = await (await app.handle(modern("server/discover"))).json();
    expect(body.result.capabilities.resources).toEqual({ listChanged: false, subscribe: false });
  });
});

describe("resources/read", () => {
  it.each(fixtures.flatMap((f) => f.index.versions.filter((v) => !v.hiddenAt).map((v) => [f.name, v.versionId])))(
    "%s/%s: the exact bytes, text/tsx, cacheable for a day",
    async (name, version) => {
      const { body } = await readResource(app, uri(name, version));
      expect(body.result.contents).toHaveLength(1);
      const [c] = body.result.contents;
      expect(c.uri).toBe(uri(name, version));
      expect(c.mimeType).toBe("text/tsx");
      expect(sha256(utf8(c.text))).toBe(sha256(bytesOf(name, version)));
      expect(body.result).toMatchObject({
        resultType: "complete",
        ttlMs: CACHE_HINTS.immutable.ttlMs,
        cacheScope: "public",
      });
    },
  );

  it("`active` reads the active version and is never cached (ttlMs 0)", async () => {
    const { body } = await readResource(app, uri("infinite-scroll", "active"));
    expect(sha256(utf8(body.result.contents[0].text))).toBe(sha256(bytesOf("infinite-scroll", "seed")));
    expect(body.result).toMatchObject({ ttlMs: 0, cacheScope: "public" });
  });

  it("a catalog number works as the pattern id; the URI is echoed as asked", async () => {
    const asked = `patttterns://components/${fixture("tabs").entry.catalogNumber}/seed`;
    const { body } = await readResource(app, asked);
    expect(body.result.contents[0].uri).toBe(asked);
    expect(sha256(utf8(body.result.contents[0].text))).toBe(sha256(bytesOf("tabs", "seed")));
  });

  it("legacy eras get the contents without 2026 fields", async () => {
    const { body } = await readResource(app, uri("tooltip", "v1"), "legacy");
    expect(sha256(utf8(body.result.contents[0].text))).toBe(sha256(bytesOf("tooltip", "v1")));
    expect(body.result.ttlMs).toBeUndefined();
    expect(body.result.resultType).toBeUndefined();
  });
});

describe("not found", () => {
  const missing = [
    ["a hidden version", uri("ai-chat-composer", "v3")],
    ["an unknown version", uri("tabs", "v7")],
    ["an unknown pattern", "patttterns://components/00000000-0000-0000-0000-000000000000/seed"],
    ["a pattern without a component", "patttterns://components/1/seed"],
    ["another scheme", "file:///etc/passwd"],
    ["no version", "patttterns://components/tabs"],
  ];
  it.each(missing)("%s: -32602 with data.uri on 2026-07-28", async (_why, u) => {
    const { status, body } = await readResource(app, u);
    expect(status).toBe(200);
    expect(body.error).toMatchObject({ code: -32602, data: { uri: u } });
    expect(body.result).toBeUndefined();
  });
  it.each(missing)("%s: -32002 on legacy", async (_why, u) => {
    const { body } = await readResource(app, u, "legacy");
    expect(body.error).toMatchObject({ code: -32002, data: { uri: u } });
  });

  it("a flagged pattern the store has nothing for is not found, and the drift is logged", async () => {
    const empty = await startSeededBlobs(false);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const { body } = await readResource(blobsApp(empty), uri("tabs", "active"));
      expect(body.error.code).toBe(-32602);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("drift"));
    } finally {
      await empty.stop();
    }
  });

  it("a store failure is a retryable error, not 'not found'", async () => {
    const failing = blobsApp(blobs, { fetch: async () => new Response(null, { status: 502 }) });
    const { body } = await readResource(failing, uri("tabs", "seed"));
    expect(body.error).toMatchObject({ code: -32603, data: { code: "upstream_error", retryable: true } });
  });
});
