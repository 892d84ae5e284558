/**
 * Fidelity through the served endpoint (the real edge function on Deno, Blobs sandbox seeded) with the
 * official SDK client: every visible fixture version comes back byte for byte, and the default call
 * returns the version the store's activeVersionId names.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { bytesOf, fixture, fixtures, sha256, utf8 } from "../../helpers/components.ts";

let client: Client;

beforeAll(async () => {
  client = new Client({ name: "fidelity-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${inject("servedUrl")}/mcp`)));
});
afterAll(() => client.close());

async function getComponent(args: Record<string, unknown>) {
  const res = await client.callTool({ name: "get_component", arguments: args });
  const content = res.content as { type: string; text: string }[];
  expect(content[0].type).toBe("text");
  return { isError: res.isError === true, data: JSON.parse(content[0].text) };
}

const visibleVersions = fixtures.flatMap((f) =>
  f.index.versions.filter((v) => !v.hiddenAt).map((v) => ({ name: f.name, id: f.entry.id, version: v.versionId })),
);

describe("get_component is byte-faithful through the served endpoint", () => {
  it("covers every fixture pattern and every visible version; a hidden one is not served", async () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(30);
    // Every pattern has a version to serve.
    expect(new Set(visibleVersions.map((v) => v.name)).size).toBe(fixtures.length);
    // The hidden ones are left out of the cases below because the endpoint refuses them.
    const hidden = fixtures.flatMap((f) =>
      f.index.versions.filter((v) => v.hiddenAt).map((v) => ({ id: f.entry.id, version: v.versionId })),
    );
    expect(hidden.length).toBeGreaterThan(0);
    const { isError, data } = await getComponent({ pattern_id: hidden[0].id, version_id: hidden[0].version });
    expect(isError).toBe(true);
    expect(data.error.code).toBe("version_not_found");
  });

  it.each(visibleVersions)(
    "$name/$version: sha256 and bytes of component_code equal the fixture file",
    async ({ name, id, version }) => {
      const fileBytes = bytesOf(name, version);
      const { isError, data } = await getComponent({ pattern_id: id, version_id: version });
      expect(isError, JSON.stringify(data.error)).toBe(false);
      expect(data.metadata.version_id).toBe(version);
      const served = utf8(data.component_code);
      expect(sha256(served)).toBe(sha256(fileBytes));
      expect(served.byteLength).toBe(fileBytes.byteLength);
      expect(data.metadata.sha256).toBe(sha256(fileBytes));
      expect(data.metadata.bytes).toBe(fileBytes.byteLength);
    },
  );

  it.each(fixtures.map((f) => ({ name: f.name, id: f.entry.id, active: f.index.activeVersionId })))(
    "$name: without version_id the active version ($active) is served",
    async ({ name, id, active }) => {
      const { isError, data } = await getComponent({ pattern_id: id });
      expect(isError, JSON.stringify(data.error)).toBe(false);
      expect(data.metadata.version_id).toBe(active);
      expect(data.metadata.active_version_id).toBe(active);
      expect(sha256(utf8(data.component_code))).toBe(sha256(bytesOf(name, active)));
    },
  );
});

describe("byte edge cases, each named", () => {
  const cases: { name: string; version: string; check: (b: Uint8Array, text: string) => void }[] = [
    { name: "tabs", version: "seed", check: (b) => expect(Buffer.from(b).includes("\r\n")).toBe(true) },
    { name: "accordion", version: "seed", check: (b) => expect(b.includes(0x09)).toBe(true) },
    {
      name: "breadcrumbs",
      version: "seed",
      check: (b, text) => {
        expect([...b.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        expect(text.charCodeAt(0)).toBe(0xfeff); // the BOM survives decoding and JSON
      },
    },
    { name: "tooltip", version: "v1", check: (_b, text) => expect(text.includes("\u2028")).toBe(true) },
    { name: "command-palette", version: "seed", check: (_b, text) => expect(text.includes("</script>")).toBe(true) },
    { name: "data-table", version: "seed", check: (b) => expect(b.byteLength).toBeGreaterThan(29_000) },
    { name: "date-picker", version: "seed", check: (b, text) => expect(b.byteLength).toBeGreaterThan(text.length) },
  ];
  it.each(cases)("$name/$version keeps its edge case and its exact bytes", async ({ name, version, check }) => {
    const fileBytes = bytesOf(name, version);
    const { data } = await getComponent({ pattern_id: fixture(name).entry.id, version_id: version });
    const served = utf8(data.component_code);
    expect(Buffer.compare(Buffer.from(served), Buffer.from(fileBytes))).toBe(0);
    check(served, data.component_code);
  });

  it("several fixtures have an active version that is not the highest vN", () => {
    const highest = (f: (typeof fixtures)[number]) =>
      f.index.versions.map((v) => v.versionId).sort((a, b) => rank(b) - rank(a))[0];
    const rank = (v: string) => (v === "seed" ? 0 : Number(v.slice(1)));
    const notHighest = fixtures.filter((f) => f.index.activeVersionId !== highest(f)).map((f) => f.name);
    expect(notHighest.length).toBeGreaterThanOrEqual(8);
    expect(notHighest).toContain("infinite-scroll");
    expect(notHighest).toContain("ai-chat-composer");
  });

  it("the hidden version (ai-chat-composer v3) is never served", async () => {
    const { isError, data } = await getComponent({
      pattern_id: fixture("ai-chat-composer").entry.id,
      version_id: "v3",
    });
    expect(isError).toBe(true);
    expect(data.error.code).toBe("version_not_found");
    expect(data.error.available_versions).toEqual(["seed", "v1", "v2"]);
  });
});

describe("resources through the served endpoint", () => {
  it("lists the component template", async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => [t.uriTemplate, t.mimeType])).toEqual([
      ["patttterns://components/{pattern_id}/{version_id}", "text/tsx"],
    ]);
  });

  it.each([
    ["breadcrumbs", "seed"],
    ["tooltip", "v1"],
    ["tabs", "seed"],
  ])("reads %s/%s byte for byte", async (name, version) => {
    const uri = `patttterns://components/${fixture(name).entry.id}/${version}`;
    const { contents } = await client.readResource({ uri });
    expect(contents).toHaveLength(1);
    expect(contents[0].mimeType).toBe("text/tsx");
    expect(contents[0].uri).toBe(uri);
    const text = "text" in contents[0] ? contents[0].text : "";
    expect(sha256(utf8(text))).toBe(sha256(bytesOf(name, version)));
  });
});
