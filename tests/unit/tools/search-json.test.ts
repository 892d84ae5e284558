/**
 * The search tools' text block (tools/search-page.ts searchPage) is JSON.stringify of the result object
 * the tools describe, field for field in that order, and the wire is the ASCII JSON of the message.
 */
import { describe, expect, it } from "vitest";
import { summary } from "../../../src/catalog/catalog.ts";
import { asciiJson } from "../../../src/mcp/wire.ts";
import type { MatchKind } from "../../../src/catalog/search.ts";
import { CATALOG_MAP_URI } from "../../../src/resources/catalog-map.ts";
import { NOTHING_FOUND, suggestionFor, WEAK_ONLY } from "../../../src/tools/search-page.ts";
import { modern, post, testApp } from "../../helpers/app.ts";
import { callTool } from "../../helpers/tools.ts";

const app = testApp();
const { catalog } = app;

async function textOf(name: string, args: Record<string, unknown>) {
  const reply = await callTool(app, name, args);
  expect(reply.isError).toBe(false);
  return reply.result.content[0].text as string;
}

// Exact and ranked hits, every match kind, and no hit at all.
const queries = [
  "navigation",
  "tabs",
  "date picker",
  "drag and drop",
  "zzzz-no-such-word",
  "form",
  "a",
  "checkout",
  "ai",
  "toast",
  "notifications centre",
  "accordian",
  "popup to confirm",
  "recipe for banana cake",
  "shimmer loading cards",
  "patients and doctors need a video call screen with mute, camera off and screen sharing",
  "pie chart",
  "a confirmation popup before deleting a pie chart",
  "aws region picker dropdown",
];

/**
 * A page says NOTHING_FOUND (or the tool's) without a hit, WEAK_ONLY when all its hits are
 * some_words; either after naming the interface the catalog does not carry that the query asks for.
 */
function noteOf(total: number, match: readonly MatchKind[], empty: string, absent?: string) {
  const note = total === 0 ? empty : match.every((m) => m === "some_words") ? WEAK_ONLY : undefined;
  if (note === undefined) return {};
  return { suggestion: absent ? `The catalog has no pattern for "${absent}". ${note}` : note };
}

describe("the suggestion", () => {
  it("comes with an empty page, or one whose hits all matched only some words; both point to the catalog map", () => {
    expect(suggestionFor({ total: 0, match: [] }, "empty")).toBe("empty");
    expect(suggestionFor({ total: 3, match: ["some_words", "some_words"] }, "empty")).toBe(WEAK_ONLY);
    expect(suggestionFor({ total: 3, match: ["synonym", "some_words"] }, "empty")).toBeUndefined();
    expect(suggestionFor({ total: 1, match: ["all_words"] }, "empty")).toBeUndefined();
    expect(suggestionFor({ total: 0, match: [], absent: "video call" }, "empty")).toBe(
      'The catalog has no pattern for "video call". empty',
    );
    expect(suggestionFor({ total: 1, match: ["some_words"], absent: "pie chart" }, "empty")).toBe(
      `The catalog has no pattern for "pie chart". ${WEAK_ONLY}`,
    );
    for (const text of [NOTHING_FOUND, WEAK_ONLY]) expect(text).toContain(CATALOG_MAP_URI);
  });
});

describe("search_patterns text block", () => {
  for (const query of queries) {
    for (const limit of [1, 10, 50]) {
      it(`${query} (limit ${limit}) equals JSON.stringify of the result object`, async () => {
        const { total, hits, match, absent } = await catalog.search(query, { limit });
        const results = hits.map((e, i) => ({ ...summary(catalog, e), match: match[i] }));
        const expected = { results, total, ...noteOf(total, match, NOTHING_FOUND, absent) };
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
    { query: "shimmer loading cards", only_with_code: false },
    { query: "a terminal to run shell commands" },
  ];
  for (const args of cases) {
    it(`${JSON.stringify(args)} equals JSON.stringify of the result object`, async () => {
      const withCode = args.only_with_code !== false;
      // Which patterns, in which order, and how many: straight from the catalog (these categories are
      // spelled as the catalog has them).
      const query = (args.query as string | undefined) ?? "";
      const limit = (args.limit as number | undefined) ?? 10;
      const direct = await catalog.search(query, { category: args.category as string | undefined, withCode, limit });
      const suggestion = withCode
        ? `${NOTHING_FOUND} With only_with_code: false, patterns without code are searched too.`
        : NOTHING_FOUND;
      const object = {
        results: direct.hits.map((e, i) => ({
          ...summary(catalog, e),
          default_version: "active",
          match: direct.match[i],
        })),
        total: direct.total,
        ...noteOf(direct.total, direct.match, suggestion, direct.absent),
      };
      expect(await textOf("search_components", args)).toBe(JSON.stringify(object));
    });
  }
});

describe("search wire JSON", () => {
  const calls: [string, Record<string, unknown>][] = [
    ...queries.map((query): [string, Record<string, unknown>] => ["search_patterns", { query, limit: 50 }]),
    ["search_components", { query: "navigation" }],
    ["search_components", { query: "form", only_with_code: false, limit: 50 }],
    ["search_components", { query: "zzzz-no-such-word" }],
  ];
  const eras = {
    "2025-11-25": (name: string, args: Record<string, unknown>) =>
      post(
        { jsonrpc: "2.0", id: "ïd", method: "tools/call", params: { name, arguments: args } },
        { "mcp-protocol-version": "2025-11-25" },
      ),
    "2026-07-28": (name: string, args: Record<string, unknown>) => modern("tools/call", { name, arguments: args }),
  };
  for (const [era, request] of Object.entries(eras)) {
    for (const [name, args] of calls) {
      const title = `${era} ${name} ${JSON.stringify(args)}: the body is byte for byte the ASCII JSON it parses to`;
      it(title, async () => {
        const body = await (await app.handle(request(name, args))).text();
        // The same body the plain path would write: JSON.stringify of the message, non-ASCII escaped.
        expect(body).toBe(asciiJson(JSON.stringify(JSON.parse(body))));
        expect(JSON.parse(body).result.content[0].text.length).toBeGreaterThan(0);
      });
    }
  }
  it("covers hits with non-ASCII text, escaped on the wire", async () => {
    let escaped = 0;
    for (const [name, args] of calls) {
      const body = await (await app.handle(eras["2026-07-28"](name, args))).text();
      // Only the text block: the envelope around it may hold escapes of its own.
      const text = body.slice(body.indexOf('"content"'), body.indexOf('"_meta"'));
      if (/\\u[0-9a-f]{4}/.test(text)) escaped++;
    }
    expect(escaped).toBeGreaterThan(0);
  });
});
