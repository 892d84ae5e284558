/**
 * The catalog map, patttterns://catalog/index, through the official MCP SDK clients against the real
 * edge function, served by `npm start` and by Netlify's emulation: SDK 1.x in the 2025-11-25 era and
 * SDK 2.x pinned to 2026-07-28 list it and read it byte for byte (in process, with the budget and
 * completeness checks: tests/unit/catalog/map.test.ts). On the emulation, SDK 2.x only: the map is
 * built into the function, and tests/served/clients/sdk-clients.test.ts runs both eras there.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Client as Client1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as Transport1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Client as Client2, StreamableHTTPClientTransport as Transport2 } from "@modelcontextprotocol/client";
import { CATALOG_MAP } from "../../../generated/catalog-map.ts";
import { CATALOG_MAP_URI } from "../../../src/resources/catalog-map.ts";
import { SERVED } from "../../helpers/served.ts";

/** The emulation runs each request in a fresh Deno worker: seconds on a loaded 2-core machine. */
const TIMEOUT = 120_000;

interface AnyClient {
  listResources(): Promise<{ resources: { uri: string; name: string; mimeType?: string; description?: string }[] }>;
  readResource(params: { uri: string }): Promise<{ contents: { uri: string; mimeType?: string; text?: string }[] }>;
  close(): Promise<void>;
}

const open: AnyClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close().catch(() => undefined)));
});

/** Lists the resources and reads the map: listed once as text/markdown, read as the built text. */
async function listAndRead(client: AnyClient) {
  const listed = (await client.listResources()).resources.filter((r) => r.uri === CATALOG_MAP_URI);
  expect(listed).toEqual([
    expect.objectContaining({ name: "catalog-index.md", mimeType: "text/markdown", description: expect.any(String) }),
  ]);
  const read = await client.readResource({ uri: CATALOG_MAP_URI });
  expect(read.contents).toEqual([{ uri: CATALOG_MAP_URI, mimeType: "text/markdown", text: CATALOG_MAP }]);
}

for (const target of SERVED) {
  describe(target.name, { timeout: TIMEOUT }, () => {
    const endpoint = new URL(`${target.url}/mcp`);

    if (!target.emulated)
      it("SDK 1.x, 2025-11-25: lists the catalog map and reads it", async () => {
        const client = new Client1({ name: "e2e-map-sdk1", version: "1.0.0" });
        const transport = new Transport1(endpoint);
        await client.connect(transport);
        open.push(client as unknown as AnyClient);
        expect(transport.protocolVersion).toBe("2025-11-25");
        expect(client.getInstructions()).toContain(CATALOG_MAP_URI);
        await listAndRead(client as unknown as AnyClient);
      });

    it("SDK 2.x pinned to 2026-07-28: lists the catalog map and reads it", async () => {
      const client = new Client2(
        { name: "e2e-map-sdk2", version: "2.0.0" },
        { versionNegotiation: { mode: { pin: "2026-07-28" } } },
      );
      await client.connect(new Transport2(endpoint));
      open.push(client as unknown as AnyClient);
      expect(client.getProtocolEra()).toBe("modern");
      expect(client.getInstructions()).toContain(CATALOG_MAP_URI);
      await listAndRead(client as unknown as AnyClient);
    });
  });
}
