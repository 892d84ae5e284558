/**
 * The MCP Apps extension (src/apps/preview.ts) in process, both eras: advertised in capabilities;
 * `_meta.ui` on get_component and get_pattern where the era allows knowing the client takes it; the
 * ui:// view served by resources/read and left out of resources/list; tool results byte-identical to
 * an endpoint without the extension, for clients with and without it; the HTML loaded on first read only.
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { PREVIEW_FILE } from "../../../scripts/build/preview.ts";
import { APP_MIME, rpc, type Era } from "../../../scripts/dev/preview-harness.ts";
import { PREVIEW_URI, type PreviewDocument, takesApps, UI_EXTENSION } from "../../../src/apps/preview.ts";
import type { App } from "../../../src/app.ts";
import { testApp, URL_MCP } from "../../helpers/app.ts";

const doc: PreviewDocument = JSON.parse(await readFile(PREVIEW_FILE, "utf8"));
let loads = 0;
const withPreview = testApp({ preview: async () => (loads++, doc) });
const without = testApp();

const send =
  (app: App): typeof fetch =>
  async (url, init) =>
    app.handle(new Request(url, init));
const call = (app: App, era: Era, method: string, params: Record<string, unknown> = {}, ui = true) =>
  rpc(URL_MCP, era, method, params, ui, send(app));
const legacyInit = (app: App, protocolVersion: string) =>
  app
    .handle(
      new Request(URL_MCP, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: {
            protocolVersion,
            capabilities: { extensions: { [UI_EXTENSION]: { mimeTypes: [APP_MIME] } } },
            clientInfo: { name: "t", version: "1" },
          },
        }),
      }),
    )
    .then((r) => r.json());

const linked = (tools: { name: string; _meta?: { ui?: { resourceUri?: string; visibility?: string[] } } }[]) =>
  Object.fromEntries(tools.filter((t) => t._meta).map((t) => [t.name, t._meta!.ui]));

describe("the MCP Apps extension, io.modelcontextprotocol/ui", () => {
  it("is advertised under capabilities.extensions: initialize (every legacy revision) and server/discover", async () => {
    for (const v of ["2025-03-26", "2025-06-18", "2025-11-25"]) {
      expect((await legacyInit(withPreview, v)).result.capabilities.extensions, v).toEqual({ [UI_EXTENSION]: {} });
      expect((await legacyInit(without, v)).result.capabilities.extensions, v).toBeUndefined();
    }
    expect((await call(withPreview, "modern", "server/discover")).result.capabilities.extensions).toEqual({
      [UI_EXTENSION]: {},
    });
    expect((await call(without, "modern", "server/discover")).result.capabilities.extensions).toBeUndefined();
  });

  it("links the view from get_component and get_pattern: always in legacy tools/list, in 2026-07-28 when the client declares it", async () => {
    const meta = { resourceUri: PREVIEW_URI, visibility: ["model", "app"] };
    expect(linked((await call(withPreview, "legacy", "tools/list")).result.tools)).toEqual({
      get_pattern: meta,
      get_component: meta,
    });
    expect(linked((await call(withPreview, "modern", "tools/list")).result.tools)).toEqual({
      get_pattern: meta,
      get_component: meta,
    });
    // A 2026-07-28 client that does not declare the extension gets exactly the list of an endpoint without it.
    const plain = await call(without, "modern", "tools/list", {}, false);
    expect(await call(withPreview, "modern", "tools/list", {}, false)).toEqual(plain);
    expect(linked(plain.result.tools)).toEqual({});
  });

  it("reads the client's declaration strictly: the extension with the mcp-app mimeType", () => {
    expect(takesApps({ extensions: { [UI_EXTENSION]: { mimeTypes: [APP_MIME] } } })).toBe(true);
    for (const caps of [
      {},
      { extensions: {} },
      { extensions: { [UI_EXTENSION]: {} } },
      { extensions: { [UI_EXTENSION]: { mimeTypes: ["text/html"] } } },
      { extensions: { [UI_EXTENSION]: { mimeTypes: APP_MIME } } },
      { extensions: "x" },
      { extensions: { [UI_EXTENSION]: null } },
      { experimental: { [UI_EXTENSION]: { mimeTypes: [APP_MIME] } } },
    ]) {
      expect(takesApps(caps), JSON.stringify(caps)).toBe(false);
    }
  });

  it("serves the view with resources/read in both eras (mimeType, _meta.ui), and leaves resources/list as it was", async () => {
    for (const era of ["legacy", "modern"] as const) {
      for (const ui of [true, false]) {
        const read = await call(withPreview, era, "resources/read", { uri: PREVIEW_URI }, ui);
        expect(read.result.contents, era).toEqual([
          { uri: PREVIEW_URI, mimeType: APP_MIME, text: doc.html, _meta: { ui: doc.ui } },
        ]);
        expect(read.result.contents[0].mimeType).toBe("text/html;profile=mcp-app");
      }
      expect(await call(withPreview, era, "resources/list")).toEqual(await call(without, era, "resources/list"));
    }
    const modern = await call(withPreview, "modern", "resources/read", { uri: PREVIEW_URI });
    expect([modern.result.ttlMs, modern.result.cacheScope]).toEqual([3_600_000, "public"]);
    // Without the extension the URI names nothing.
    expect((await call(without, "modern", "resources/read", { uri: PREVIEW_URI })).error.code).toBe(-32602);
  });

  it("leaves get_component's result byte for byte as it was, in both eras, for clients with and without the extension", async () => {
    // A BOM (breadcrumbs), CRLF (tabs seed), U+2028 (tooltip v1, active) and "</script>" (command-palette seed).
    for (const args of [
      { pattern_id: "breadcrumbs" },
      { pattern_id: "tabs", version_id: "seed" },
      { pattern_id: "tooltip" },
      { pattern_id: "#213", version_id: "seed" },
    ]) {
      for (const era of ["legacy", "modern"] as const) {
        const expected = await call(without, era, "tools/call", { name: "get_component", arguments: args }, false);
        expect(expected.result.content).toHaveLength(1);
        for (const ui of [true, false]) {
          const got = await call(withPreview, era, "tools/call", { name: "get_component", arguments: args }, ui);
          expect(got, `${era} ${ui} ${JSON.stringify(args)}`).toEqual(expected);
          expect(got.result.content[0].text).toBe(expected.result.content[0].text);
          expect(Object.keys(got.result).sort()).toEqual(Object.keys(expected.result).sort());
        }
      }
    }
  });

  it("loads the HTML on the first read only: discover, tools/list, searches and get_component leave it alone", async () => {
    const app = testApp({ preview: async () => (loads++, doc) });
    const before = loads;
    await call(app, "modern", "server/discover");
    await call(app, "legacy", "tools/list");
    await call(app, "modern", "tools/list");
    await call(app, "modern", "tools/call", { name: "search_components", arguments: { query: "toast" } });
    await call(app, "legacy", "tools/call", { name: "get_component", arguments: { pattern_id: "#27" } });
    expect(loads).toBe(before);
    await call(app, "modern", "resources/read", { uri: PREVIEW_URI });
    await call(app, "legacy", "resources/read", { uri: PREVIEW_URI });
    expect(loads).toBe(before + 1);
  });
});
