/**
 * Hostile refs and versions never address another blob key (read off the BlobsServer's own request
 * log), and no output of any tool or resource ever carries an author e-mail or author id.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { blobKeys } from "../../../src/components/model.ts";
import {
  AUTHOR_EMAILS,
  AUTHOR_IDS,
  blobsApp,
  callTool,
  fixture,
  fixtures,
  readResource,
  type SeededBlobs,
  startSeededBlobs,
} from "../../helpers/components.ts";
import { modern } from "../../helpers/app.ts";

let blobs: SeededBlobs;
let app: ReturnType<typeof blobsApp>;

beforeAll(async () => {
  blobs = await startSeededBlobs();
  app = blobsApp(blobs, { env: { COMPONENTS_INDEX_TTL_MS: "0", COMPONENTS_CACHE_BYTES: "0" } });
});
afterAll(() => blobs.stop());

const target = fixture("tabs");
const id = target.entry.id;
/** The only keys a request about `tabs` may read: its index and its visible versions' code. */
const allowed = new Set([
  blobKeys.index(id),
  ...target.index.versions.filter((v) => !v.hiddenAt).map((v) => blobKeys.tsx(id, v.versionId)),
]);
const otherId = fixture("sidebar-navigation").entry.id;

const HOSTILE_VERSIONS = [
  "../versions",
  "..%2Fversions",
  "%2E%2E%2Fversions",
  "seed/../v1",
  "seed/..%2F..%2Fx",
  `../../${otherId}/v1`,
  "..\\v1",
  "v1/../../x",
  "%2F",
  "/",
  ".",
  "..",
  "v1.tsx",
  "versions",
  "versions.json",
  "v1\u0000",
  "v\u00001",
  "se\ted",
  "v1\u202e",
  "seed%00",
  "v01",
  "v0",
  "v1?x=1",
  "v1#x",
  "\u0000",
  `v${"9".repeat(7)}`,
  "SEED/..",
];

describe("hostile versions and refs never address another blob key", () => {
  it.each(HOSTILE_VERSIONS.map((v) => [JSON.stringify(v), v]))(
    "version_id %s is refused and reads at most the index",
    async (_shown, v) => {
      blobs.clear();
      const r = await callTool(app, "get_component", { pattern_id: id, version_id: v });
      expect(r.isError).toBe(true);
      // Over 20 characters the schema refuses it before any read; otherwise the index says it does not exist.
      expect(r.data.error.code).toBe(v.length > 20 ? "invalid_args" : "version_not_found");
      expect(blobs.keysRead()).toEqual(v.length > 20 ? [] : [blobKeys.index(id)]);
    },
  );

  it.each([
    `../${otherId}`,
    `${id}/../${otherId}`,
    "..%2F..%2Fversions.json",
    `/ui-components/tabs/../../${otherId}`,
    `tabs/../sidebar-navigation`,
    "%2e%2e/%2e%2e",
    "tabs\u0000",
    `${id}/versions.json`,
    "file:///etc/passwd",
    "https://evil.example/ui-components/tabs/../../x",
  ])("pattern ref %j reads nothing but a catalog pattern's own keys", async (ref) => {
    blobs.clear();
    const r = await callTool(app, "get_component", { pattern_id: ref });
    const read = blobs.keysRead();
    if (r.isError) expect(["pattern_not_found", "invalid_args"]).toContain(r.data.error.code);
    // A ref may resolve to a real pattern by its text (a URL's path); then only that pattern's keys are read.
    const owners = new Set(read.map((k) => k.split("/")[0]));
    expect(read.every((k) => /^[0-9a-f-]{36}\/(versions\.json|(seed|v\d+)\.tsx)$/.test(k))).toBe(true);
    expect(owners.size).toBeLessThanOrEqual(1);
    if (r.isError) expect(read).toEqual([]);
    else expect(r.data.metadata.pattern_id).toBe([...owners][0]);
  });

  it("any string as version_id reads only keys of that pattern that may be served", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 20 }),
          fc.constantFrom(...HOSTILE_VERSIONS),
          fc.stringMatching(/^[./%a-z0-9\\]{1,20}$/),
        ),
        async (v) => {
          blobs.clear();
          const r = await callTool(app, "get_component", { pattern_id: id, version_id: v });
          if (!r.isError) expect(target.index.versions.map((x) => x.versionId)).toContain(r.data.metadata.version_id);
          for (const k of blobs.keysRead()) expect(allowed.has(k)).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  it.each([
    `patttterns://components/${id}/..%2Fversions`,
    `patttterns://components/${id}/../versions`,
    `patttterns://components/../${otherId}/v1`,
    `patttterns://components/${id}/seed/../v1`,
    `patttterns://components/${id}/v1%00`,
    `patttterns://components/${id}/versions.json`,
    `patttterns://components/${id}/v2/extra`,
    `patttterns://components/%2E%2E/v1`,
    `patttterns://components/${id}`,
  ])("resource %s is not found and reads no code", async (uri) => {
    blobs.clear();
    const { body } = await readResource(app, uri);
    expect(body.error.code).toBe(-32602);
    expect(body.error.data).toEqual({ uri });
    expect(blobs.keysRead().every((k) => allowed.has(k) && k.endsWith("versions.json"))).toBe(true);
  });
});

describe("no author e-mail or author id in any output", () => {
  const scan = (text: string, where: string) => {
    expect(text, where).not.toMatch(/@patttterns\.com/i);
    for (const e of AUTHOR_EMAILS) expect(text.toLowerCase(), where).not.toContain(e.toLowerCase());
    for (const a of AUTHOR_IDS) expect(text, where).not.toContain(a);
  };

  it("the fixtures really carry e-mails and ids to leak", () => {
    expect(AUTHOR_EMAILS.length).toBeGreaterThanOrEqual(5);
    expect(AUTHOR_IDS.length).toBeGreaterThanOrEqual(5);
  });

  it("get_component, get_pattern and resources/read for every version of every fixture, both eras", async () => {
    for (const f of fixtures) {
      scan((await callTool(app, "get_pattern", { pattern_id: f.entry.id })).raw, `get_pattern ${f.name}`);
      scan((await callTool(app, "get_component", { pattern_id: f.entry.id })).raw, `get_component ${f.name}`);
      for (const v of f.index.versions) {
        scan(
          (await callTool(app, "get_component", { pattern_id: f.entry.id, version_id: v.versionId })).raw,
          `get_component ${f.name}/${v.versionId}`,
        );
        for (const era of ["modern", "legacy"] as const) {
          scan(
            (await readResource(app, `patttterns://components/${f.entry.id}/${v.versionId}`, era)).raw,
            `resources/read ${f.name}/${v.versionId}`,
          );
        }
      }
      scan(
        (await readResource(app, `patttterns://components/${f.entry.id}/active`)).raw,
        `resources/read ${f.name}/active`,
      );
    }
  });

  it("search_patterns, search_components, list_categories, lists and errors", async () => {
    const outputs = [
      (await callTool(app, "search_components", { category: "ui-components", limit: 50 })).raw,
      (await callTool(app, "search_components", { query: "pattern", only_with_code: false, limit: 50 })).raw,
      (await callTool(app, "search_patterns", { query: "pattern", limit: 50 })).raw,
      (await callTool(app, "search_patterns", { query: "mira holt" })).raw,
      (await callTool(app, "list_categories", {})).raw,
      (await callTool(app, "get_component", { pattern_id: id, version_id: "v9" })).raw,
      (await callTool(app, "get_component", { pattern_id: fixture("ai-chat-composer").entry.id, version_id: "v3" }))
        .raw,
    ];
    // The wide searches must return pages to scan, or the scan below would prove nothing.
    for (const page of outputs.slice(0, 3)) expect(page).toContain('\\"results\\":[{');
    for (const method of ["tools/list", "resources/templates/list", "resources/list", "server/discover"]) {
      outputs.push(await (await app.handle(modern(method))).text());
    }
    for (const [i, o] of outputs.entries()) scan(o, `output ${i}`);
  });
});
