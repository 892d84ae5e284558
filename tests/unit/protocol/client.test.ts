/**
 * The core's client envelope (src/mcp/client.ts), as the chatbot and the test helpers send it,
 * against the real app.
 */
import { describe, expect, it } from "vitest";
import { modernRequest } from "../../../src/mcp/client.ts";
import { testApp, URL_MCP } from "../../helpers/app.ts";
import { read } from "./helpers.ts";

const app = testApp();

describe("modernRequest", () => {
  it("is a valid 2026-07-28 request: _meta in params, mirrored by the headers", async () => {
    const req = modernRequest(
      URL_MCP,
      "tools/call",
      { name: "list_categories", arguments: {} },
      { clientInfo: { name: "c", version: "1" } },
    );
    expect([
      req.headers.get("mcp-protocol-version"),
      req.headers.get("mcp-method"),
      req.headers.get("mcp-name"),
    ]).toEqual(["2026-07-28", "tools/call", "list_categories"]);
    const r = await read(await app.handle(req));
    expect(r.status).toBe(200);
    expect(r.body.result.resultType).toBe("complete");
  });

  it("sends a name that is not visible ASCII as =?base64?…?=, which the server decodes (not -32020)", async () => {
    const uri = "patttterns://components/zürich/v1";
    const req = modernRequest(URL_MCP, "resources/read", { uri });
    expect(req.headers.get("mcp-name")).toMatch(/^=\?base64\?[A-Za-z0-9+/]+=*\?=$/);
    const r = await read(await app.handle(req));
    expect([r.status, r.body.error.code, r.body.error.data]).toEqual([200, -32602, { uri }]);
  });

  it("lets a caller send a wrong header on purpose", async () => {
    const r = await read(
      await app.handle(modernRequest(URL_MCP, "tools/list", {}, { headers: { "mcp-method": "tools/call" } })),
    );
    expect([r.status, r.body.error.code]).toEqual([400, -32020]);
  });
});
