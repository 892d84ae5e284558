/**
 * get_component in process, over the real Blobs adapter against a real local BlobsServer seeded from
 * the fixtures: the version rule, every error code, and the resolver forms.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openStore } from "../../../src/storage/blobs.ts";
import {
  blobsApp,
  bytesOf,
  callTool,
  catalogData,
  fixture,
  sha256,
  type SeededBlobs,
  startSeededBlobs,
  STORE,
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

const get = (pattern_id: unknown, version_id?: unknown) =>
  callTool(app, "get_component", version_id === undefined ? { pattern_id } : { pattern_id, version_id });
const sidebar = fixture("sidebar-navigation");
const unflagged = (catalogData as { id: string; catalogNumber: number; hasGeneratedComponent?: boolean }[]).find(
  (e) => !e.hasGeneratedComponent,
)!;

describe("version rule", () => {
  it.each([
    ["infinite-scroll", "seed"],
    ["sidebar-navigation", "v2"],
    ["command-palette", "v1"],
    ["ai-chat-composer", "v2"],
    ["accordion", "seed"],
  ])("%s without version_id serves activeVersionId %s, not the highest vN", async (name, active) => {
    const { isError, data } = await get(fixture(name).entry.id);
    expect(isError).toBe(false);
    expect(data.metadata.version_id).toBe(active);
    expect(sha256(utf8(data.component_code))).toBe(sha256(bytesOf(name, active)));
  });

  it("an explicit version is served exactly, even when it is not the active one", async () => {
    for (const v of ["seed", "v1", "v2", "v3"]) {
      const { data } = await get(sidebar.entry.id, v);
      expect(data.metadata.version_id).toBe(v);
      expect(data.metadata.active_version_id).toBe("v2");
      expect(data.metadata.sha256).toBe(sha256(bytesOf("sidebar-navigation", v)));
    }
  });

  it('"active", and case or spacing around an id, name the same versions', async () => {
    expect((await get(sidebar.entry.id, "active")).data.metadata.version_id).toBe("v2");
    expect((await get(sidebar.entry.id, " V1 ")).data.metadata.version_id).toBe("v1");
  });

  it("the payload carries metadata, usage_rules, component_code and resource", async () => {
    const { data } = await get(sidebar.entry.id, "v1");
    expect(Object.keys(data).sort()).toEqual(["component_code", "metadata", "resource", "usage_rules"]);
    expect(data.metadata).toMatchObject({
      name: sidebar.entry.title,
      pattern_id: sidebar.entry.id,
      catalog_number: `#${sidebar.entry.catalogNumber}`,
      version_id: "v1",
      available_versions: ["seed", "v1", "v2", "v3"],
      type: sidebar.entry.type,
      category: "ui-components",
      tags: sidebar.entry.tags,
    });
    expect(data.resource).toEqual({
      url: `https://patttterns.com${sidebar.entry.slug}`,
      uri: `patttterns://components/${sidebar.entry.id}/v1`,
    });
  });
});

describe("the shadcn command", () => {
  /** get_component through the endpoint at `origin`, as a 2025-06-18 call. */
  const getAt = async (origin: string, pattern_id: string, version_id?: string) => {
    const params = { name: "get_component", arguments: version_id ? { pattern_id, version_id } : { pattern_id } };
    const res = await app.handle(
      new Request(`${origin}/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", "mcp-protocol-version": "2025-06-18" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params }),
      }),
    );
    return JSON.parse((await res.json()).result.content[0].text);
  };

  it("usage_rules.shadcn_add installs the version served, on the request's origin, right after install", async () => {
    const pinned = await getAt("http://127.0.0.1:8888", sidebar.entry.id, "v1");
    expect(pinned.usage_rules.shadcn_add).toBe(
      'npx shadcn@latest add "http://127.0.0.1:8888/r/sidebar-navigation.json?version=v1"',
    );
    expect(Object.keys(pinned.usage_rules).slice(-4)).toEqual(["install", "shadcn_add", "tailwind", "theme_css"]);
    // Without version_id: pinned to the active version served, so the install is what validate_component compares.
    const active = await getAt("http://127.0.0.1:8888", sidebar.entry.id);
    expect(active.usage_rules.shadcn_add).toBe(
      'npx shadcn@latest add "http://127.0.0.1:8888/r/sidebar-navigation.json?version=v2"',
    );
  });

  it("a version's kept result never names one origin's URL to another", async () => {
    const command = (origin: string) => `npx shadcn@latest add "${origin}/r/sidebar-navigation.json?version=v3"`;
    for (const origin of ["https://patttterns.com", "http://127.0.0.1:8888", "https://patttterns.com"]) {
      const { usage_rules, metadata } = await getAt(origin, sidebar.entry.id, "v3");
      expect(usage_rules.shadcn_add).toBe(command(origin));
      expect(metadata.version_id).toBe("v3");
    }
  });
});

describe("error codes", () => {
  const expectError = (r: { isError: boolean; data: any }, code: string, retryable: boolean) => {
    expect(r.isError).toBe(true);
    expect(r.data.error.code).toBe(code);
    expect(r.data.error.retryable).toBe(retryable);
    expect(r.data.error.message.length).toBeGreaterThan(10);
    expect(r.data.error.suggestion.length).toBeGreaterThan(10);
  };

  it.each([
    ["no pattern_id", {}],
    ["pattern_id neither a string nor a number", { pattern_id: true }],
    ["pattern_id a list", { pattern_id: ["#123"] }],
    ["empty pattern_id", { pattern_id: "" }],
    ["version_id too long", { pattern_id: "#123", version_id: "v".repeat(21) }],
    ["version_id neither a string nor a number", { pattern_id: "#123", version_id: { id: "v1" } }],
  ])("invalid_args: %s", async (_why, args) => {
    expectError(await callTool(app, "get_component", args), "invalid_args", false);
  });

  it("invalid_args for an ambiguous ref lists the candidates", async () => {
    const r = await get("onboarding");
    expectError(r, "invalid_args", false);
    expect(r.data.error.candidates.map((c: { catalog_number: string }) => c.catalog_number).sort()).toEqual([
      "#305",
      "#82",
    ]);
  });

  it.each(["#99999", "no-such-pattern", "/ui-components/no-such-thing", "00000000-0000-0000-0000-000000000000"])(
    "pattern_not_found: %s",
    async (ref) => {
      expectError(await get(ref), "pattern_not_found", false);
    },
  );

  it("component_not_found for a pattern the catalog does not flag", async () => {
    expectError(await get(unflagged.id), "component_not_found", false);
  });

  it("component_not_found, and a drift log line, when the catalog flags a pattern but the store is empty", async () => {
    const empty = await startSeededBlobs(false);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const r = await callTool(blobsApp(empty), "get_component", { pattern_id: sidebar.entry.id });
      expectError(r, "component_not_found", false);
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(new RegExp(`drift: ${sidebar.entry.id} #123 .*store has none`)),
      );
    } finally {
      await empty.stop();
    }
  });

  it("version_not_found lists the available versions and never substitutes", async () => {
    const r = await get(sidebar.entry.id, "v9");
    expectError(r, "version_not_found", false);
    expect(r.data.error.available_versions).toEqual(["seed", "v1", "v2", "v3"]);
    expect(r.data.error.active_version_id).toBe("v2");
    expect(r.data.error.message).toContain("seed, v1, v2, v3");
    expect(r.raw).not.toContain("component_code");
  });

  it("a hidden version is version_not_found and is not listed", async () => {
    const r = await get(fixture("ai-chat-composer").entry.id, "v3");
    expectError(r, "version_not_found", false);
    expect(r.data.error.available_versions).toEqual(["seed", "v1", "v2"]);
    blobs.clear();
    await get(fixture("ai-chat-composer").entry.id, "v3");
    expect(blobs.keysRead().filter((k) => k.endsWith("v3.tsx"))).toEqual([]);
  });

  it("upstream_timeout when the store answers after the deadline, within the deadline", async () => {
    // The real store behind a fetch that answers late (abortable, like a real slow network).
    const slow: typeof fetch = (input, init) =>
      new Promise((resolve, reject) => {
        const t = setTimeout(() => resolve(fetch(input, init)), 1_000);
        init?.signal?.addEventListener("abort", () => {
          clearTimeout(t);
          reject(init.signal!.reason);
        });
      });
    const timed = blobsApp(blobs, { env: { COMPONENTS_DEADLINE_MS: "300" }, fetch: slow });
    const started = performance.now();
    const r = await callTool(timed, "get_component", { pattern_id: sidebar.entry.id });
    const took = performance.now() - started;
    expectError(r, "upstream_timeout", true);
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(800);
  });

  it("upstream_error when the store fails: retried once (not the Blobs client's five times), well inside the deadline", async () => {
    let calls = 0;
    const failing: typeof fetch = async () => {
      calls++;
      return new Response("boom", { status: 500 });
    };
    const broken = blobsApp(blobs, { env: { COMPONENTS_DEADLINE_MS: "3000" }, fetch: failing });
    const started = performance.now();
    const r = await callTool(broken, "get_component", { pattern_id: sidebar.entry.id });
    expectError(r, "upstream_error", true);
    expect(calls).toBe(2);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("upstream_error, not a crash, when the store holds a malformed index or code that is not UTF-8", async () => {
    const other = await startSeededBlobs();
    try {
      const kv = openStore(STORE, { config: other.config });
      const tabs = fixture("tabs").entry.id;
      await kv.set(`${sidebar.entry.id}/versions.json`, "{not json");
      await kv.set(`${tabs}/v1.tsx`, new Uint8Array([0x61, 0xff, 0xfe, 0x62]));
      const bad = blobsApp(other);
      const index = await callTool(bad, "get_component", { pattern_id: sidebar.entry.id });
      expectError(index, "upstream_error", true);
      expect(index.data.error.message).toContain("not JSON");
      const code = await callTool(bad, "get_component", { pattern_id: tabs, version_id: "v1" });
      expectError(code, "upstream_error", true);
      expect(code.data.error.message).toContain("UTF-8");
    } finally {
      await other.stop();
    }
  });
});

describe("every resolver form reaches get_component", () => {
  const e = sidebar.entry;
  const forms = [
    `#${e.catalogNumber}`,
    String(e.catalogNumber),
    ` #0${e.catalogNumber} `,
    e.id,
    e.id.replace(/-/g, ""),
    e.id.toUpperCase(),
    e.slug,
    e.slug.slice(1),
    "sidebar-navigation",
    `https://patttterns.com${e.slug}`,
    `https://patttterns.com${e.slug}/`,
  ];
  it.each(forms)("%s", async (ref) => {
    const { isError, data } = await get(ref);
    expect(isError).toBe(false);
    expect(data.metadata.pattern_id).toBe(e.id);
    expect(data.metadata.version_id).toBe("v2");
  });
});
