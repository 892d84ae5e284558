import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createHttpHandler, fetchHandler } from "../../src/mcp/http.ts";
import { invalidArguments } from "../../src/errors.ts";
import { createOriginPolicy } from "../../src/http/index.ts";
import { asciiJson, Prebuilt, prebuilt, wireJson } from "../../src/mcp/wire.ts";
import { createServer } from "../../src/mcp/server.ts";
import { textResult } from "../../src/mcp/tool.ts";
import { defineListedTool } from "../helpers/json-schema.ts";
import { modern, post } from "../helpers/app.ts";

// biome-ignore lint/suspicious/noControlCharactersInRegex: every ASCII code unit, controls included
const ASCII = /^[\x00-\x7f]*$/;

describe("asciiJson", () => {
  const samples = [
    "",
    "ascii",
    "é",
    "€",
    "日本語",
    "😀",
    "a😀b",
    "\ud800",
    "x\udc00y",
    "\u2028</script>",
    "\ufeffBOM",
    "\u0000\u007f\u0080\u07ff\u0800\uffff",
    '"quoted" \\ back',
  ];
  for (const s of samples) {
    it(`${JSON.stringify(s)}: ASCII, and parses back to the same string`, () => {
      const wire = asciiJson(JSON.stringify(s));
      expect(wire).toMatch(ASCII);
      expect(JSON.parse(wire)).toBe(s);
    });
  }
  it("leaves ASCII JSON as it is", () => expect(asciiJson('{"a":"b\\n"}')).toBe('{"a":"b\\n"}'));
  it("a prebuilt value's JSON is the same ASCII step over JSON.stringify (kept one byte per character)", () => {
    for (const s of samples) expect(prebuilt({ s }).json).toBe(asciiJson(JSON.stringify({ s })));
  });
});

describe("wireJson", () => {
  const payload = { component_code: "export const A = () => <p>“héllo” 😀\u2028</p>;\r\n", tags: ["a", "b"] };
  const built = prebuilt(payload);
  const success = (id: unknown, result: unknown) => ({ jsonrpc: "2.0", id, result });
  // [name, message, the same message with every Prebuilt read as its value]
  const cases: [string, unknown, unknown][] = [
    ["a prebuilt result, numeric id", success(7, built), success(7, payload)],
    ["a prebuilt result, string id with non-ASCII", success("ïd-😀", built), success("ïd-😀", payload)],
    ["a plain result", success(1, { content: [{ type: "text", text: 'x"y\\z …' }] }), undefined],
    ["an error", { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request: “x”" } }, undefined],
    ["keys in another order", { id: 1, jsonrpc: "2.0", result: built }, { id: 1, jsonrpc: "2.0", result: payload }],
    ["a batch", [success(1, built), success(2, {})], [success(1, payload), success(2, {})]],
  ];
  for (const [name, message, plain = message] of cases) {
    it(`${name}: ASCII wire JSON that parses to the message, its length its UTF-8 size`, () => {
      const text = wireJson(message);
      expect(text).toMatch(ASCII);
      expect(JSON.parse(text)).toEqual(plain);
      expect(new TextEncoder().encode(text).byteLength).toBe(text.length);
      // Twice: the second call writes the same.
      expect(wireJson(message)).toBe(text);
    });
  }

  it("keeps ASCII messages byte-identical to JSON.stringify", () => {
    const tools = { tools: [{ name: "x" }] };
    const plain = { jsonrpc: "2.0", id: 3, result: tools };
    expect(wireJson({ ...plain, result: prebuilt(tools) })).toBe(JSON.stringify(plain));
    expect(wireJson(plain)).toBe(JSON.stringify(plain));
  });

  it("serializes a prebuilt value once, and a text result keeps its characters (text blocks are not escaped)", () => {
    expect(JSON.parse(built.json)).toEqual(payload);
    // The JSON is the one built then: a change inside the value after it was built is not seen.
    const inner = { n: 1 };
    const outer = prebuilt({ inner });
    expect(outer.json).toBe('{"inner":{"n":1}}');
    inner.n = 2;
    const written = wireJson({ jsonrpc: "2.0", id: 1, result: outer });
    expect(written).toBe('{"jsonrpc":"2.0","id":1,"result":{"inner":{"n":1}}}');
    expect(prebuilt({ inner }).json).toBe('{"inner":{"n":2}}');
    const text = JSON.stringify(payload);
    const result = textResult(text);
    expect(result.value.content[0].text).toBe(text);
    expect(result.json).toMatch(ASCII);
    expect(result.json).toBe(asciiJson(JSON.stringify(result.value)));
  });
});

describe("a Prebuilt result, spliced into its messages", () => {
  const text = '{"results":[{"title":"Tabs “x”"}],"total":1}';
  const wireOf = (v: unknown) => asciiJson(JSON.stringify(v));
  const block = { content: [{ type: "text", text }] };

  it("serializes as its value where it is not spliced", () => {
    const p = textResult(text);
    expect(JSON.stringify(p)).toBe(JSON.stringify(block));
    expect(Object.keys(p.value)).toEqual(["content"]);
  });

  it("a result holding it, in either era's shape, is the ASCII JSON of the message", async () => {
    const legacy = { jsonrpc: "2.0", id: 5, result: textResult(text) };
    expect(wireJson(legacy)).toBe(wireOf({ ...legacy, result: block }));
    expect(wireJson(legacy)).toMatch(ASCII);
    // The 2026 envelope is joined from the result's JSON by the server: a real server, in process.
    const info = { name: "n…", version: "1" };
    const server = createServer({
      info,
      instructions: "",
      argumentsError: invalidArguments,
      tools: [
        defineListedTool({
          name: "page",
          description: "A page.",
          input: z.object({}),
          run: async () => ({ ok: true, result: textResult(text) }),
        }),
      ],
    });
    const handle = fetchHandler(
      createHttpHandler(server, { deps: undefined, origins: createOriginPolicy("https://x.test") }),
    );
    const serverInfo = { "io.modelcontextprotocol/serverInfo": { name: info.name, version: info.version } };
    const call = await (await handle(modern("tools/call", { name: "page", arguments: {} }))).text();
    const modernResult = { resultType: "complete", ...block, _meta: serverInfo };
    expect(call).toBe(wireOf({ jsonrpc: "2.0", id: 1, result: modernResult }));
    const list = await (await handle(modern("tools/list"))).text();
    const tools = [{ name: "page", description: "A page.", inputSchema: server.tools[0].inputSchema }];
    const listResult = { resultType: "complete", tools, ttlMs: 3_600_000, cacheScope: "public", _meta: serverInfo };
    expect(list).toBe(wireOf({ jsonrpc: "2.0", id: 1, result: listResult }));
    const legacyReq = post({ jsonrpc: "2.0", id: "é", method: "tools/call", params: { name: "page", arguments: {} } });
    const legacyCall = await (await handle(legacyReq)).text();
    expect(legacyCall).toBe(wireOf({ jsonrpc: "2.0", id: "é", result: block }));
  });

  it("is used as declared, not serialized again", () => {
    // A declared JSON that differs (but parses the same) shows which one was written.
    const spaced = new Prebuilt(`{"content":[ ${wireOf({ type: "text", text })} ]}`, block);
    const m = { jsonrpc: "2.0", id: 1, result: spaced };
    expect(wireJson(m)).toBe(`{"jsonrpc":"2.0","id":1,"result":{"content":[ ${wireOf({ type: "text", text })} ]}}`);
    expect(JSON.parse(wireJson(m))).toEqual({ ...m, result: block });
  });

  it("nested inside a plain value, is serialized plainly and still equals its JSON", () => {
    const loose = { jsonrpc: "2.0", id: 2, result: { page: textResult(text) } };
    expect(wireJson(loose)).toBe(wireOf({ ...loose, result: { page: block } }));
  });
});
