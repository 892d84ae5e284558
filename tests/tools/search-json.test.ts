/**
 * The search tools join their text block from cached per-entry JSON (tools/shared.ts searchPage);
 * it must stay byte-identical to JSON.stringify of the result object the tools describe.
 */
import { describe, expect, it } from "vitest";
import { summary } from "../../src/catalog/catalog.ts";
import { asciiJson } from "../../src/mcp/frozen-json.ts";
import { modern, post, testApp } from "../helpers/app.ts";

const app = testApp();
const { catalog } = app;

async function textOf(name: string, args: Record<string, unknown>) {
  const res = await app.handle(post({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }, { "mcp-protocol-version": "2025-11-25" }));
  const body = await res.json();
  expect(body.result.isError).toBeUndefined();
  return body.result.content[0].text as string;
}

const queries = ["navigation", "tabs", "date picker", "drag and drop", "zzzz-no-such-word", "form", "a", "checkout", "ai", "toast"];

describe("search_patterns text block", () => {
  for (const query of queries) {
    for (const limit of [1, 10, 50]) {
      it(`${query} (limit ${limit}) equals JSON.stringify of the result object`, async () => {
        const { total, hits } = await catalog.search(query, { limit });
        const expected = { results: hits.map((e) => summary(catalog, e)), total, ...(total === 0 && { suggestion: "No pattern has every word: try fewer or other words, or list_categories." }) };
        expect(await textOf("search_patterns", { query, limit })).toBe(JSON.stringify(expected));
      });
    }
  }
});

describe("search_components text block", () => {
  const cases: Record<string, unknown>[] = [
    { query: "navigation" },
    { query: "navigation", only_with_code: false, limit: 50 },
    { category: "ui-components", limit: 3 },
    { category: "forms", only_with_code: false },
    { query: "zzzz-no-such-word" },
    { query: "zzzz-no-such-word", only_with_code: false },
  ];
  for (const args of cases) {
    it(`${JSON.stringify(args)} equals JSON.stringify of the result object`, async () => {
      const text = await textOf("search_components", args);
      const parsed = JSON.parse(text);
      const withCode = args.only_with_code !== false;
      const expected = {
        results: parsed.results.map((r: { pattern_id: string }) => r.pattern_id),
        total: parsed.total,
      };
      // Which patterns, in which order, and how many: straight from the catalog (these categories are spelled as the catalog has them).
      const direct = await catalog.search((args.query as string | undefined) ?? "", { category: args.category as string | undefined, withCode, limit: (args.limit as number | undefined) ?? 10 });
      expect(expected.results).toEqual(direct.hits.map((e) => e.id));
      expect(expected.total).toBe(direct.total);
      // Rebuild the object from the catalog entries the text names, in its order, and serialize it.
      const all = await catalog.all();
      const byId = new Map(all.map((e) => [e.id, e]));
      const object = {
        results: expected.results.map((id: string) => ({ ...summary(catalog, byId.get(id)!), default_version: "active" })),
        total: expected.total,
        ...(expected.total === 0 && { suggestion: withCode ? "No match with code: try other keywords, only_with_code: false, or list_categories." : "No match: try fewer or other keywords, or list_categories." }),
      };
      expect(text).toBe(JSON.stringify(object));
    });
  }
});

describe("search wire JSON (joined from escaped pieces, frozen-json.ts withWire)", () => {
  const calls: [string, Record<string, unknown>][] = [
    ...queries.map((query): [string, Record<string, unknown>] => ["search_patterns", { query, limit: 50 }]),
    ["search_components", { query: "navigation" }],
    ["search_components", { query: "form", only_with_code: false, limit: 50 }],
    ["search_components", { query: "zzzz-no-such-word" }],
  ];
  const eras = {
    "2025-11-25": (name: string, args: Record<string, unknown>) =>
      post({ jsonrpc: "2.0", id: "ïd", method: "tools/call", params: { name, arguments: args } }, { "mcp-protocol-version": "2025-11-25" }),
    "2026-07-28": (name: string, args: Record<string, unknown>) => modern("tools/call", { name, arguments: args }),
  };
  let escapes = 0;
  for (const [era, request] of Object.entries(eras)) {
    for (const [name, args] of calls) {
      it(`${era} ${name} ${JSON.stringify(args)}: the body is byte for byte the ASCII JSON of what it parses to`, async () => {
        const body = await (await app.handle(request(name, args))).text();
        // The same body the plain path would write: JSON.stringify of the message, non-ASCII escaped.
        expect(body).toBe(asciiJson(JSON.stringify(JSON.parse(body))));
        expect(JSON.parse(body).result.content[0].text.length).toBeGreaterThan(0);
        if (/\\u[0-9a-f]{4}/.test(body)) escapes++;
      });
    }
  }
  it("covered hits with non-ASCII text (escaped on the wire)", () => expect(escapes).toBeGreaterThan(0));
});
