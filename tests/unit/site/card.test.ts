/**
 * The server card is generated from the live tool table: it equals tools/list, in process (served:
 * tests/served/site/card.test.ts).
 */
import { describe, expect, it } from "vitest";
import { CARD_PATH, serverCard } from "../../../src/page/card.ts";
import { SUPPORTED_VERSIONS } from "../../../src/mcp/constants.ts";
import { modern, post, testApp } from "../../helpers/app.ts";

const rpc = async (res: Response) => (await res.json()).result;

describe("server card, in process", () => {
  const app = testApp();

  it("lists exactly the tools of tools/list (both eras), with the discover capabilities and versions", async () => {
    const res = await app.handle(new Request(`http://127.0.0.1:8888${CARD_PATH}`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    const card = await res.json();
    const legacy = await rpc(await app.handle(post({ jsonrpc: "2.0", id: 1, method: "tools/list" })));
    const current = await rpc(await app.handle(modern("tools/list")));
    const discover = await rpc(await app.handle(modern("server/discover")));
    const resources = await rpc(await app.handle(modern("resources/list")));
    expect(card.tools).toEqual(legacy.tools);
    expect(card.tools).toEqual(current.tools);
    expect(card.tools.map((t: { name: string }) => t.name)).toEqual(app.server.tools.map((t) => t.name));
    expect(card.capabilities).toEqual(discover.capabilities);
    expect(card.resources).toEqual(resources.resources);
    expect(card.resources.map((r: { uri: string }) => r.uri)).toEqual([
      "patttterns://skill/SKILL.md",
      "patttterns://theme/tokens.css",
      "patttterns://catalog/index",
    ]);
    expect(card.remotes).toEqual([
      {
        type: "streamable-http",
        url: "http://127.0.0.1:8888/mcp",
        supportedProtocolVersions: discover.supportedVersions,
        authentication: { required: false, schemes: [] },
      },
    ]);
  });

  it("has the SEP-2127 fields, a reverse-DNS name and the server's identity", async () => {
    const card = serverCard(app.server, "https://patttterns.com/mcp");
    expect(card).toMatchObject({
      $schema: expect.stringMatching(/^https:\/\/static\.modelcontextprotocol\.io\/schemas\//),
      name: "com.patttterns/patttterns-mcp",
      version: app.server.info.version,
      description: app.server.info.description,
      websiteUrl: "https://patttterns.com",
    });
    expect(card.name.split("/")).toHaveLength(2);
    expect(card.remotes[0].supportedProtocolVersions).toEqual([...SUPPORTED_VERSIONS]);
  });

  it("names the request's own origin, so previews point at themselves", async () => {
    const res = await app.handle(new Request(`https://deploy-preview-7--patttterns.netlify.app${CARD_PATH}`));
    expect((await res.json()).remotes[0].url).toBe("https://deploy-preview-7--patttterns.netlify.app/mcp");
  });

  it("is readable from any origin (CORS) and cacheable", async () => {
    const res = await app.handle(
      new Request(`http://127.0.0.1:8888${CARD_PATH}`, { headers: { origin: "https://registry.example" } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    const pre = await app.handle(
      new Request(`http://127.0.0.1:8888${CARD_PATH}`, {
        method: "OPTIONS",
        headers: { origin: "https://registry.example", "access-control-request-method": "GET" },
      }),
    );
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-methods")).toContain("GET");
  });

  it("answers HEAD without a body and refuses other methods with 405", async () => {
    const head = await app.handle(new Request(`http://127.0.0.1:8888${CARD_PATH}`, { method: "HEAD" }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const postRes = await app.handle(
      new Request(`http://127.0.0.1:8888${CARD_PATH}`, {
        method: "POST",
        body: "{}",
        headers: { "content-type": "application/json" },
      }),
    );
    expect(postRes.status).toBe(405);
    expect(postRes.headers.get("allow")).toContain("GET");
  });
});
