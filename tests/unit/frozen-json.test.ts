import { describe, expect, it } from "vitest";
import { asciiJson, jsonOf, messageJson } from "../../src/mcp/frozen-json.ts";

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
