import { describe, expect, it } from "vitest";
import { asciiJson, jsonOf, keptAsciiJson, messageJson, withWire } from "../../src/mcp/frozen-json.ts";

const ASCII = /^[\x00-\x7f]*$/;

describe("asciiJson", () => {
  const samples = ["", "ascii", "é", "€", "日本語", "😀", "a😀b", "\ud800", "x\udc00y", "\u2028</script>", "\ufeffBOM", "\u0000\u007f\u0080\u07ff\u0800\uffff", '"quoted" \\ back'];
  for (const s of samples) {
    it(`${JSON.stringify(s)}: ASCII, and parses back to the same string`, () => {
      const wire = asciiJson(JSON.stringify(s));
      expect(wire).toMatch(ASCII);
      expect(JSON.parse(wire)).toBe(s);
    });
  }
  it("leaves ASCII JSON as it is", () => expect(asciiJson('{"a":"b\\n"}')).toBe('{"a":"b\\n"}'));
  it("keptAsciiJson gives the same characters (stored one byte each)", () => {
    for (const s of samples) expect(keptAsciiJson(JSON.stringify(s))).toBe(asciiJson(JSON.stringify(s)));
  });
});

describe("messageJson", () => {
  const payload = Object.freeze({ component_code: "export const A = () => <p>“héllo” 😀\u2028</p>;\r\n", tags: ["a", "b"] });
  const cases: [string, unknown][] = [
    ["a frozen result, numeric id", { jsonrpc: "2.0", id: 7, result: payload }],
    ["a frozen result, string id with non-ASCII", { jsonrpc: "2.0", id: "ïd-😀", result: payload }],
    ["a plain result", { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: 'x"y\\z …' }] } }],
    ["an error", { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request: “x”" } }],
    ["keys in another order (not reused)", { id: 1, jsonrpc: "2.0", result: payload }],
    ["a batch", [{ jsonrpc: "2.0", id: 1, result: payload }, { jsonrpc: "2.0", id: 2, result: {} }]],
  ];
  for (const [name, message] of cases) {
    it(`${name}: ASCII wire JSON that parses to the message, its length its UTF-8 size`, () => {
      const text = messageJson(message);
      expect(text).toMatch(ASCII);
      expect(JSON.parse(text)).toEqual(message);
      expect(new TextEncoder().encode(text).byteLength).toBe(text.length);
      // Twice: the second call is served from the caches.
      expect(messageJson(message)).toBe(text);
    });
  }

  it("keeps ASCII messages byte-identical to JSON.stringify", () => {
    const m = { jsonrpc: "2.0", id: 3, result: Object.freeze({ tools: [{ name: "x" }] }) };
    expect(messageJson(m)).toBe(JSON.stringify(m));
  });

  it("serializes a frozen object once, with its characters (text blocks are not escaped)", () => {
    expect(jsonOf(payload)).toBe(JSON.stringify(payload));
    // Freezing is shallow: a change below the frozen object after its first use shows that the
    // JSON is the one built then, not serialized again.
    const inner = { n: 1 };
    const outer = Object.freeze({ inner });
    expect(jsonOf(outer)).toBe('{"inner":{"n":1}}');
    inner.n = 2;
    expect(jsonOf(outer)).toBe('{"inner":{"n":1}}');
    expect(jsonOf({ inner })).toBe('{"inner":{"n":2}}');
  });
});

describe("withWire (declared wire JSON, joined into its holders)", () => {
  const text = '{"results":[{"title":"Tabs “x”"}],"total":1}';
  const wireOf = (v: unknown) => asciiJson(JSON.stringify(v));
  const content = () => withWire([{ type: "text", text }], wireOf([{ type: "text", text }]));

  it("leaves the value as it was for JSON and key listings, and frozen", () => {
    const c = content();
    expect(Object.isFrozen(c)).toBe(true);
    expect(JSON.stringify(c)).toBe(JSON.stringify([{ type: "text", text }]));
    expect(Object.keys(c)).toEqual(["0"]);
  });

  it("a frozen result holding it, in either era's shape, is the ASCII JSON of the message", () => {
    const legacy = { jsonrpc: "2.0", id: 5, result: Object.freeze({ content: content() }) };
    const modern = { jsonrpc: "2.0", id: "é", result: Object.freeze({ resultType: "complete", content: content(), _meta: { "x/y": { name: "n…" } }, skip: undefined }) };
    for (const m of [legacy, modern]) {
      expect(messageJson(m)).toBe(wireOf(m));
      expect(messageJson(m)).toMatch(ASCII);
    }
  });

  it("is used as declared, not serialized again", () => {
    // A declared wire that differs (but parses the same) shows which one was written.
    const spaced = withWire([{ type: "text", text }], `[ ${wireOf({ type: "text", text })} ]`);
    const m = { jsonrpc: "2.0", id: 1, result: Object.freeze({ content: spaced }) };
    expect(messageJson(m)).toBe(`{"jsonrpc":"2.0","id":1,"result":{"content":[ ${wireOf({ type: "text", text })} ]}}`);
    expect(JSON.parse(messageJson(m))).toEqual(m);
  });

  it("inside an unfrozen holder, is serialized plainly and still equals the declared JSON", () => {
    const loose = { jsonrpc: "2.0", id: 2, result: { content: content() } };
    expect(messageJson(loose)).toBe(wireOf(loose));
  });
});
