import { describe, expect, it } from "vitest";
import { SERVER_NAME } from "../../../src/config.ts";
import { INSTRUCTIONS } from "../../../src/instructions.ts";
import { tools } from "../../../src/tools/index.ts";
import { describeTool } from "../../../src/mcp/tool.ts";
import { parseCatalog } from "../../../scripts/build/catalog/parse.ts";
import { catalogData, fixtures, post, testApp } from "../../helpers/app.ts";
import { callTool } from "../../helpers/tools.ts";

const app = testApp();
const { catalog } = app;
const call = (name: string, args: unknown) => callTool(app, name, args);
const entries = parseCatalog(catalogData);
const entryOf = (n: number) => entries.find((e) => e.catalogNumber === n)!;

/** The error contract of every domain error. */
function expectDomainError(reply: Awaited<ReturnType<typeof call>>, code: string) {
  expect(reply.status).toBe(200);
  expect(reply.isError).toBe(true);
  expect(reply.result.structuredContent).toBeUndefined();
  expect(Object.keys(reply.data)).toEqual(["error"]);
  const e = reply.data.error;
  expect(e.code).toBe(code);
  expect(typeof e.message).toBe("string");
  expect(e.message.length).toBeGreaterThan(10);
  expect(e.retryable).toBe(false);
  expect(typeof e.suggestion).toBe("string");
  expect(e.suggestion.length).toBeGreaterThan(10);
  return e;
}

/** Every result is one text block of compact JSON and nothing else. */
function expectOneTextBlock(reply: Awaited<ReturnType<typeof call>>) {
  expect(reply.status).toBe(200);
  expect(reply.error).toBeUndefined();
  expect(reply.isError).toBe(false);
  expect(Object.keys(reply.result)).toEqual(["content"]);
  expect(reply.result.content).toHaveLength(1);
  expect(reply.result.content[0].text).toBe(JSON.stringify(reply.data));
}

describe("search_patterns", () => {
  it("returns ranked hits with identity, tags and has_component, and the total", async () => {
    const r = await call("search_patterns", { query: "Tabs" });
    expectOneTextBlock(r);
    expect(Object.keys(r.data)).toEqual(["results", "total"]);
    expect(r.data.total).toBe((await catalog.search("Tabs")).total);
    expect(r.data.results.map((h: any) => h.title).slice(0, 2)).toEqual(["Tabs", "Tabs with Overflow Menu"]);
    const tabs = entryOf(12);
    expect(r.data.results[0]).toEqual({
      pattern_id: tabs.id,
      catalog_number: "#12",
      title: "Tabs",
      url: "https://patttterns.com/ui-components/tabs",
      description: tabs.description,
      tags: tabs.tags,
      type: "components",
      slug: "/ui-components/tabs",
      has_component: true,
      match: "all_words",
    });
  });

  it("defaults limit to 10, honours 1..50, and refuses more than 50 as invalid_args", async () => {
    // "pattern" is the type of 202 patterns (a query of function words, "a", finds nothing).
    const many = await call("search_patterns", { query: "pattern" });
    expect(many.data.total).toBeGreaterThan(50);
    expect(many.data.results).toHaveLength(10);
    expect((await call("search_patterns", { query: "pattern", limit: 50 })).data.results).toHaveLength(50);
    expect((await call("search_patterns", { query: "pattern", limit: 1 })).data.results).toHaveLength(1);
    for (const limit of [51, 0, -1, 2.5, "ten", "2.5"])
      expectDomainError(await call("search_patterns", { query: "pattern", limit }), "invalid_args");
    // Read leniently: a decimal string for the integer, null for "not given" (the default).
    expect((await call("search_patterns", { query: "pattern", limit: "3" })).data.results).toHaveLength(3);
    expect((await call("search_patterns", { query: "pattern", limit: null })).data.results).toHaveLength(10);
  });

  it("says what to do when nothing matches", async () => {
    const r = await call("search_patterns", { query: "zebra quantum" });
    expectOneTextBlock(r);
    expect(r.data.results).toEqual([]);
    expect(r.data.total).toBe(0);
    // The catalog map lists every pattern, so the agent can choose one itself.
    expect(r.data.suggestion).toContain("patttterns://catalog/index");
  });

  it("refuses a missing, empty, word-less or oversized query as invalid_args", async () => {
    for (const args of [
      {},
      { query: "" },
      { query: "???" },
      { query: "   " },
      { query: "x".repeat(257) },
      { query: null },
      { query: true },
    ]) {
      expectDomainError(await call("search_patterns", args), "invalid_args");
    }
  });

  it("reads a number query as its digits", async () => {
    expect((await call("search_patterns", { query: 2 })).data).toEqual(
      (await call("search_patterns", { query: "2" })).data,
    );
  });
});

describe("list_categories", () => {
  it("lists types and sections with URLs and counts that add up, plus tags", async () => {
    const r = await call("list_categories", {});
    expectOneTextBlock(r);
    const { categories, tags, total } = r.data;
    expect(total).toBe(entries.length);
    const types = categories.filter((c: any) => c.kind === "type");
    const sections = categories.filter((c: any) => c.kind === "section");
    expect(types.map((c: any) => c.name)).toEqual(["components", "flows", "pattern"]);
    expect(sections.length).toBeGreaterThanOrEqual(4);
    expect(sections.map((c: any) => c.name)).toContain("ui-components");
    for (const kind of [types, sections])
      expect(kind.reduce((n: number, c: any) => n + c.count, 0)).toBe(entries.length);
    for (const c of categories) {
      expect(Object.keys(c).sort()).toEqual(["count", "kind", "name", "url"]);
      expect(c.url.startsWith("https://patttterns.com/")).toBe(true);
    }
    expect(tags.length).toBeGreaterThan(10);
    expect(tags[0]).toEqual({ name: expect.any(String), count: expect.any(Number) });
  });

  it("gives names that search_components accepts as category, with the same counts", async () => {
    const { categories, tags } = (await call("list_categories", {})).data;
    for (const c of [...categories, ...tags.slice(0, 5)]) {
      const r = await call("search_components", { category: c.name, only_with_code: false, limit: 1 });
      expectOneTextBlock(r);
      expect(r.data.total, c.name).toBe(c.count);
    }
  });

  it("ignores unknown arguments", async () => {
    expectOneTextBlock(await call("list_categories", { anything: 1 }));
  });
});

describe("get_pattern", () => {
  it("returns the enriched entry: identity, tags, url, has_component, rule fields and versions", async () => {
    // The fixture with a hidden version: it must not be listed.
    const fixture = fixtures.find((f) => f.index.versions.some((v) => v.hiddenAt))!;
    const visible = fixture.index.versions.filter((v) => !v.hiddenAt).map((v) => v.versionId);
    expect(visible.length).toBeLessThan(fixture.index.versions.length);
    const e = fixture.entry;
    const n = e.catalogNumber;
    for (const ref of [
      `#${n}`,
      String(n),
      ` #0${n} `,
      e.id,
      e.id.replace(/-/g, "").toUpperCase(),
      e.slug,
      fixture.name,
      `${catalog.url(e)}?x=1#y`,
    ]) {
      const r = await call("get_pattern", { pattern_id: ref });
      expectOneTextBlock(r);
      expect(r.data, ref).toMatchObject({
        pattern_id: e.id,
        catalog_number: `#${n}`,
        title: e.title,
        description: e.description,
        tags: e.tags,
        type: e.type,
        slug: e.slug,
        url: `https://patttterns.com${e.slug}`,
        has_component: true,
        active_version_id: fixture.index.activeVersionId,
        available_versions: visible,
      });
      for (const f of ["uiCategories", "uxFlows", "interactionRules"] as const)
        if (e[f]?.length) expect(r.data[f]).toEqual(e[f]);
      expect(r.data.next).toMatch(/get_component/);
    }
  });

  it("says has_component false and no versions for a pattern without code", async () => {
    const plain = entries.find((e) => !e.hasGeneratedComponent && e.interactionRules?.length)!;
    const r = await call("get_pattern", { pattern_id: `#${plain.catalogNumber}` });
    expectOneTextBlock(r);
    expect(r.data).toMatchObject({
      pattern_id: plain.id,
      has_component: false,
      available_versions: [],
      interactionRules: plain.interactionRules,
    });
    expect(r.data.next).toBeUndefined();
  });

  it("answers an ambiguous ref with invalid_args listing the candidates", async () => {
    const e = expectDomainError(await call("get_pattern", { pattern_id: "checkout" }), "invalid_args");
    const expected = entries
      .filter((x) => x.slug.endsWith("/checkout"))
      .sort((a, b) => a.catalogNumber - b.catalogNumber);
    expect(e.candidates).toEqual(
      expected.map((x) => ({ pattern_id: x.id, catalog_number: `#${x.catalogNumber}`, title: x.title, slug: x.slug })),
    );
    for (const x of expected) expect(e.suggestion).toContain(`#${x.catalogNumber}`);
  });

  it("answers an unknown ref with pattern_not_found, offering close hits when there are some", async () => {
    const e = expectDomainError(await call("get_pattern", { pattern_id: "#9999" }), "pattern_not_found");
    expect(e.message).toContain("#9999");
    const near = expectDomainError(await call("get_pattern", { pattern_id: "tab" }), "pattern_not_found");
    expect(near.candidates.map((c: any) => c.catalog_number)).toContain("#12");
  });

  it("answers malformed and hostile refs with invalid_args, echoing at most 80 characters", async () => {
    for (const ref of [
      "",
      "../ui-components/tabs",
      "ta\u0000bs",
      "https://evil.example/ui-components/tabs",
      "x".repeat(10_000),
      `${"x".repeat(512)}\n`,
    ]) {
      const e = expectDomainError(await call("get_pattern", { pattern_id: ref }), "invalid_args");
      expect(e.message.length, JSON.stringify(ref.slice(0, 20))).toBeLessThan(300);
    }
    for (const args of [
      {},
      { pattern_id: null },
      { pattern_id: true },
      { pattern_id: ["#12"] },
      { pattern_id: Number.NaN },
    ]) {
      expectDomainError(await call("get_pattern", args), "invalid_args");
    }
  });
});

describe("search_components", () => {
  const hitKeys = [
    "catalog_number",
    "default_version",
    "description",
    "has_component",
    "match",
    "pattern_id",
    "slug",
    "tags",
    "title",
    "type",
    "url",
  ];

  it("requires query or category: invalid_args as an isError result", async () => {
    for (const args of [
      {},
      { query: "" },
      { query: "  " },
      { query: "?!" },
      { category: "" },
      { category: " " },
      { limit: 5 },
      { only_with_code: false },
    ]) {
      const e = expectDomainError(await call("search_components", args), "invalid_args");
      expect(e.suggestion).toMatch(/query|category/);
    }
  });

  it("returns hits with code by default, each carrying the full identity and default_version active", async () => {
    const r = await call("search_components", { query: "tabs" });
    expectOneTextBlock(r);
    expect(r.data.results.length).toBeGreaterThan(0);
    for (const h of r.data.results) {
      expect(Object.keys(h).sort()).toEqual(hitKeys);
      expect(h.has_component).toBe(true);
      expect(h.default_version).toBe("active");
      expect(h.catalog_number).toMatch(/^#\d+$/);
      const e = await catalog.resolve(h.pattern_id);
      expect(e.ok && e.entry.hasGeneratedComponent).toBe(true);
      expect(h.url).toBe(`https://patttterns.com${h.slug}`);
    }
    expect(r.data.results[0].title).toBe("Tabs");
    expect(r.data.total).toBe((await catalog.search("tabs")).hits.filter((e) => e.hasGeneratedComponent).length);
  });

  it("only_with_code: false includes patterns without code", async () => {
    const withCode = (await call("search_components", { query: "tabs" })).data;
    const all = (await call("search_components", { query: "tabs", only_with_code: false })).data;
    expect(all.total).toBe((await catalog.search("tabs")).total);
    expect(all.total).toBeGreaterThan(withCode.total);
    expect(all.results.some((h: any) => h.has_component === false)).toBe(true);
    expectDomainError(await call("search_components", { query: "tabs", only_with_code: "no" }), "invalid_args");
  });

  it("matches category against the type, the slug section or a tag, combined with query", async () => {
    const count = (pred: (e: (typeof entries)[number]) => boolean) =>
      entries.filter((e) => e.hasGeneratedComponent && pred(e)).length;
    const byType = await call("search_components", { category: "components", limit: 50 });
    expect(byType.data.total).toBe(count((e) => e.type === "components"));
    for (const h of byType.data.results) expect(h.type).toBe("components");
    const bySection = await call("search_components", { category: "ux-patterns", limit: 50 });
    expect(bySection.data.total).toBe(count((e) => e.slug.startsWith("/ux-patterns/")));
    for (const h of bySection.data.results) expect(h.slug.startsWith("/ux-patterns/")).toBe(true);
    const byTag = await call("search_components", { category: "navigation", limit: 50 });
    expect(byTag.data.total).toBe(
      count((e) => e.tags.includes("navigation") || (e.uiCategories ?? []).includes("Navigation")),
    );
    const both = await call("search_components", { query: "tabs", category: "navigation" });
    const navigation = (await catalog.search("", { category: "navigation" })).hits;
    for (const h of both.data.results)
      expect(h.tags.includes("navigation") || navigation.some((e) => e.id === h.pattern_id)).toBe(true);
    // Case and hyphens of the category do not matter, nor a plural slip.
    expect((await call("search_components", { category: "UI Components" })).data.total).toBe(
      count((e) => e.slug.startsWith("/ui-components/")),
    );
    expect((await call("search_components", { category: "form", only_with_code: false })).data.total).toBe(
      await catalog.categorySize("forms"),
    );
  });

  it("refuses an unknown category with the valid names", async () => {
    const e = expectDomainError(await call("search_components", { category: "widgets" }), "invalid_args");
    expect(e.categories).toEqual(catalog.categories().map((c) => c.name));
    expect(e.suggestion).toContain("ui-components");
  });

  it("defaults limit to 10, accepts 50, refuses 51 as invalid_args", async () => {
    const r = await call("search_components", { query: "pattern", only_with_code: false });
    expect(r.data.total).toBeGreaterThan(50);
    expect(r.data.results).toHaveLength(10);
    expect(
      (await call("search_components", { query: "pattern", only_with_code: false, limit: 50 })).data.results,
    ).toHaveLength(50);
    const e = expectDomainError(await call("search_components", { query: "pattern", limit: 51 }), "invalid_args");
    expect(e.message).toMatch(/limit/);
  });

  it("suggests a way out when nothing has code", async () => {
    const r = await call("search_components", { query: "zebra" });
    expectOneTextBlock(r);
    expect(r.data).toMatchObject({ results: [], total: 0 });
    expect(r.data.suggestion).toMatch(/only_with_code/);
  });
});

describe("tool declarations", () => {
  it("are the six tools, snake_case, within Cursor's 60 characters with the server name", () => {
    expect(tools.map((t) => t.name)).toEqual([
      "search_patterns",
      "list_categories",
      "get_pattern",
      "search_components",
      "get_component",
      "validate_component",
    ]);
    for (const t of tools) {
      expect(t.name).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
      expect(`${SERVER_NAME}${t.name}`.length).toBeLessThanOrEqual(60);
      // Clients join the two with a separator and a prefix ("mcp__patttterns-mcp__get_component"): still short.
      expect(`mcp__${SERVER_NAME}__${t.name}`.length, t.name).toBeLessThanOrEqual(60);
    }
  });

  it("describe when to use each tool and what to call next, and every argument", () => {
    const names = tools.map((t) => t.name);
    for (const t of tools) {
      expect(t.description.length, t.name).toBeGreaterThan(120);
      expect(t.description.length, t.name).toBeLessThan(1024);
      // Each catalog tool points at the next tool to call; get_component, the last step, says what to do with the code.
      if (t.name === "get_component") expect(t.description).toMatch(/component_code[\s\S]*--ui-/);
      else
        expect(
          names.some((n) => n !== t.name && t.description.includes(n)),
          t.name,
        ).toBe(true);
      expect(t.annotations?.readOnlyHint).toBe(true);
      const schema = describeTool(t).inputSchema as {
        type: string;
        properties: Record<string, { description?: string }>;
      };
      expect(schema.type).toBe("object");
      for (const [arg, s] of Object.entries(schema.properties)) expect(s.description, `${t.name}.${arg}`).toBeTruthy();
      expect(describeTool(t)).not.toHaveProperty("outputSchema");
    }
  });

  it("say when to install with shadcn (a project with components.json) and when to paste, and that a lost component fails", () => {
    const described = (name: string) => tools.find((t) => t.name === name)!.description;
    expect(described("get_component")).toMatch(/components\.json[^.]*\), run shadcn_add[\s\S]*any other, paste/);
    expect(described("search_components")).toMatch(/shadcn command in a project with a components\.json, or paste/);
    expect(described("validate_component")).toContain("a lost component");
    expect(INSTRUCTIONS).toMatch(/components\.json \(shadcn\), run usage_rules\.shadcn_add[^\n]*in any other, paste/);
    expect(INSTRUCTIONS).toContain('"registries": { "@patttterns": "https://patttterns.com/r/{name}.json" }');
  });

  it("name only site sections that exist", () => {
    const sections = catalog
      .categories()
      .filter((c) => c.kind === "section")
      .map((c) => c.name);
    for (const t of tools) {
      for (const m of t.description.matchAll(/\b([a-z]+-(?:patterns|components|flows))\b/g))
        expect(sections, `${t.name}: ${m[1]}`).toContain(m[1]);
    }
  });

  it("declares the JSON Schema limits the tools enforce", async () => {
    const res = await app.handle(
      post({ jsonrpc: "2.0", id: 1, method: "tools/list" }, { "mcp-protocol-version": "2025-11-25" }),
    );
    const listed = (await res.json()).result.tools as any[];
    const sc = listed.find((t) => t.name === "search_components").inputSchema;
    expect(sc.properties.limit).toMatchObject({ type: "integer", minimum: 1, maximum: 50, default: 10 });
    expect(sc.properties.only_with_code).toMatchObject({ type: "boolean", default: true });
    expect(sc.required ?? []).toEqual([]);
    const sp = listed.find((t) => t.name === "search_patterns").inputSchema;
    expect(sp.required).toEqual(["query"]);
    expect(listed.find((t) => t.name === "get_pattern").inputSchema.required).toEqual(["pattern_id"]);
  });
});

describe("unknown tools", () => {
  it("are a JSON-RPC -32602, not a tool result", async () => {
    const r = await call("search_everything", { query: "tabs" });
    expect(r.error?.code).toBe(-32602);
    expect(r.result).toBeUndefined();
  });
});

describe("agent-friendly arguments: liberal in what is accepted, simple in what is declared", () => {
  it("reads a number pattern_id as that catalog number, in every tool that takes one", async () => {
    expect((await call("get_pattern", { pattern_id: 57 })).data.catalog_number).toBe("#57");
    expect((await call("get_component", { pattern_id: 123 })).data.metadata.catalog_number).toBe("#123");
  });

  it("reads null as not given: defaults apply, and a required argument is missing", async () => {
    const pinned = await call("get_component", { pattern_id: "#123", version_id: null });
    expect(pinned.data.metadata.version_id).toBe(pinned.data.metadata.active_version_id);
    const nulls = await call("search_components", { query: "tabs", category: null, limit: null, only_with_code: null });
    expect(nulls.data).toEqual((await call("search_components", { query: "tabs" })).data);
    expect(expectDomainError(await call("get_component", { pattern_id: null }), "invalid_args").message).toMatch(
      /pattern_id/,
    );
  });

  it("reads booleans and integers sent as strings", async () => {
    const asStrings = (await call("search_components", { query: "tabs", only_with_code: "false", limit: "2" })).data;
    expect(asStrings).toEqual(
      (await call("search_components", { query: "tabs", only_with_code: false, limit: 2 })).data,
    );
    // Both took effect: the limit cut the page, and patterns without code are listed.
    expect(asStrings.results).toHaveLength(2);
    const withoutCode = (await call("search_components", { query: "tabs", only_with_code: "false" })).data.results;
    expect(withoutCode.some((r: { has_component: boolean }) => !r.has_component)).toBe(true);
  });

  it("declares plain types in tools/list: no unions, no nullable types", () => {
    const schemas = JSON.stringify(tools.map((t) => describeTool(t).inputSchema));
    expect(schemas).not.toMatch(/anyOf|oneOf|"null"|\["string"/);
    const getPattern = tools.find((t) => t.name === "get_pattern")!;
    expect((describeTool(getPattern).inputSchema as any).properties.pattern_id.type).toBe("string");
  });
});

describe("pattern_not_found says which patterns are nearest", () => {
  it("lists up to 3 by catalog number and title, the nearest first", async () => {
    const e = expectDomainError(await call("get_pattern", { pattern_id: "datepicker" }), "pattern_not_found");
    expect(e.candidates.length).toBeGreaterThan(0);
    expect(e.candidates.length).toBeLessThanOrEqual(3);
    expect(e.candidates[0]).toMatchObject({ catalog_number: "#77", title: "Date Picker" });
    expect(e.suggestion).toMatch(/^Did you mean #77 Date Picker/);
  });

  it("offers nothing rather than a guess when nothing is near", async () => {
    const e = expectDomainError(await call("get_pattern", { pattern_id: "banana cake" }), "pattern_not_found");
    expect(e.candidates).toBeUndefined();
    expect(e.suggestion).toMatch(/search_patterns/);
  });
});
