/**
 * fast-check generators of hostile HTTP requests to /mcp: broken and hostile bodies, odd headers,
 * both protocol eras, and random arguments for every tool. Each generator yields a plain `Sent`
 * description (cheap to shrink and print); `toRequest` turns it into a web Request.
 */
import fc from "fast-check";
import { catalogData, fixtures } from "../../helpers/app.ts";

export const URL_MCP = "http://127.0.0.1:8888/mcp";
export const TOOLS = [
  "search_patterns",
  "list_categories",
  "get_pattern",
  "search_components",
  "get_component",
] as const;
const V26 = "2026-07-28";
const LEGACY = ["2025-11-25", "2025-06-18", "2025-03-26"];

export interface Sent {
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | null;
}

/** Header values a client can put on the wire: anything else travels `=?base64?…?=`-encoded, as clients do. */
const wireSafe = (v: string) => (/^[\x20-\x7e]*$/.test(v) ? v : b64(v));

export function toRequest(s: Sent, url = URL_MCP): Request {
  const hasBody = s.body !== null && s.method !== "GET" && s.method !== "HEAD";
  const headers = Object.fromEntries(Object.entries(s.headers).map(([k, v]) => [k, wireSafe(v)]));
  return new Request(url, { method: s.method, headers, body: hasBody ? (s.body as BodyInit) : undefined });
}

// ---- values -------------------------------------------------------------------------------

const entries = catalogData as { id: string; slug: string; catalogNumber: number }[];
/** Refs the resolver accepts, for catalog patterns with and without components. */
export const goodRefs = [
  ...fixtures.flatMap((f) => [
    f.entry.id,
    `#${f.entry.catalogNumber}`,
    f.entry.slug,
    `https://patttterns.com${f.entry.slug}`,
  ]),
  ...entries
    .slice(0, 40)
    .flatMap((e) => [e.id.replace(/-/g, "").toUpperCase(), String(e.catalogNumber), e.slug.split("/").pop()!]),
];
/** Inputs that try to walk out of `<uuid>/` in the store or smuggle separators and control bytes. */
export const hostile = [
  "../",
  "..",
  "%2F",
  "..%2F..%2F",
  "..%2f..%2fetc%2fpasswd",
  "seed/../../x",
  "/../../versions.json",
  "\u0000",
  "seed\u0000",
  "v1\u0000.tsx",
  "v1/../../../x",
  "./seed",
  "seed%00",
  "%2e%2e%2f",
  "\\..\\..\\x",
  "seed\r\nx-injected: 1",
  "v1?x=1",
  "v1#frag",
  "versions.json",
  "seed.tsx",
  "v1.tsx",
  "*",
  "%",
  "%%",
  "\u2028",
  "\ud800",
  "\uffff",
  "v١",
  "ｖ1",
  "V1",
  " seed ",
  "v01",
  "v0",
  "v999999",
  "v1000000",
  "seed/",
  "/seed",
  "?",
  "#",
  `../${fixtures[0].entry.id}/seed`,
  `${fixtures[0].entry.id}/seed`,
  "../".repeat(200),
  "a".repeat(600),
  "#".repeat(10_000),
  "𝔳𝟣",
  "<script>alert(1)</script>",
];
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(...hostile),
);
export const refArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...goodRefs) },
  { weight: 3, arbitrary: text },
  fc.uuid().map(String),
  fc.stringMatching(/^#?\s*0*\d{1,12}$/),
);
export const versionArb = fc.oneof(
  fc.constantFrom("seed", "v1", "v2", "v3", "v4", "v5"),
  text,
  fc.stringMatching(/^v\d{1,9}$/),
);
const jsonish = fc.jsonValue({ maxDepth: 3 });
const wrong = fc.oneof(jsonish, fc.constant(null), fc.integer(), fc.boolean(), fc.array(jsonish, { maxLength: 3 }));
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined, freq: 3 });
const limitArb = fc.oneof(fc.integer({ min: -5, max: 80 }), fc.double(), wrong);

/** Each tool's arguments: mostly the right shape with odd values. */
const SHAPED_ARGS: Record<string, fc.Arbitrary<unknown>> = {
  search_patterns: fc.record({ query: maybe(fc.oneof(text, wrong)), limit: maybe(limitArb) }, { requiredKeys: [] }),
  list_categories: fc.record({ anything: maybe(wrong) }, { requiredKeys: [] }),
  get_pattern: fc.record({ pattern_id: maybe(fc.oneof(refArb, wrong)) }, { requiredKeys: [] }),
  search_components: fc.record(
    {
      query: maybe(fc.oneof(text, wrong)),
      category: maybe(fc.oneof(text, fc.constantFrom("ui-components", "navigation", "pattern"), wrong)),
      limit: maybe(limitArb),
      only_with_code: maybe(fc.oneof(fc.boolean(), wrong)),
    },
    { requiredKeys: [] },
  ),
  get_component: fc.record(
    { pattern_id: maybe(fc.oneof(refArb, wrong)), version_id: maybe(fc.oneof(versionArb, wrong)) },
    { requiredKeys: [] },
  ),
};
/** Built once per tool: the message generators ask for one per generated message. */
const argsArbs = new Map<string, fc.Arbitrary<unknown>>();

/** Arguments for one tool: mostly the right shape with odd values, sometimes the wrong shape. */
export function argsArb(tool: string): fc.Arbitrary<unknown> {
  let arb = argsArbs.get(tool);
  if (!arb) {
    const shaped = Object.hasOwn(SHAPED_ARGS, tool) ? SHAPED_ARGS[tool] : fc.dictionary(fc.string(), jsonish);
    arb = fc.oneof({ weight: 6, arbitrary: shaped }, wrong, fc.constant(undefined));
    argsArbs.set(tool, arb);
  }
  return arb;
}

// ---- messages -----------------------------------------------------------------------------

const idArb = fc.oneof(
  fc.integer(),
  fc.string({ maxLength: 12 }),
  fc.constant(null),
  fc.constant(undefined),
  fc.double(),
  fc.boolean(),
  fc.constant({}),
  fc.constant([1]),
);
const methodArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "tools/call",
      "tools/list",
      "initialize",
      "ping",
      "server/discover",
      "resources/list",
      "resources/read",
      "resources/templates/list",
      "prompts/list",
      "prompts/get",
      "notifications/initialized",
      "notifications/cancelled",
      "logging/setLevel",
      "resources/subscribe",
      "completion/complete",
      "subscriptions/listen",
    ),
  },
  fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "", " tools/call", "TOOLS/CALL"),
  fc.string({ maxLength: 30 }),
  wrong,
);
const metaArb = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.constant({
      "io.modelcontextprotocol/protocolVersion": V26,
      "io.modelcontextprotocol/clientCapabilities": {},
      "io.modelcontextprotocol/clientInfo": { name: "fuzz", version: "1" },
    }),
  },
  fc.record(
    {
      "io.modelcontextprotocol/protocolVersion": fc.oneof(
        fc.constantFrom(V26, ...LEGACY, "2099-01-01", "", "2026-07-28 "),
        wrong,
      ),
      "io.modelcontextprotocol/clientCapabilities": fc.oneof(fc.constant({}), fc.constant({ sampling: {} }), wrong),
      "io.modelcontextprotocol/clientInfo": fc.oneof(fc.constant({ name: "x" }), wrong),
      "io.modelcontextprotocol/logLevel": fc.oneof(fc.constantFrom("debug", "error", "LOUD"), wrong),
    },
    { requiredKeys: [] },
  ),
  wrong,
);

export interface Msg {
  era: "modern" | "legacy" | "none";
  body: Record<string, unknown>;
  method: unknown;
  name: unknown;
}

/** A JSON-RPC-ish message: right shape, random shape, or one bad field at a time. */
export const messageArb: fc.Arbitrary<Msg> = fc
  .record({
    era: fc.constantFrom("modern", "legacy", "none"),
    id: idArb,
    method: methodArb,
    tool: fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...TOOLS) }, text, wrong),
    toolPick: fc.nat(),
    argsSeed: fc.constantFrom(...TOOLS).chain(argsArb),
    meta: metaArb,
    uri: fc.oneof(
      fc.constantFrom(
        `patttterns://components/${fixtures[0].entry.id}/seed`,
        "patttterns://components/../../x",
        "file:///etc/passwd",
      ),
      text,
    ),
    jsonrpc: fc.oneof({ weight: 9, arbitrary: fc.constant("2.0") }, wrong),
    extra: fc.option(fc.dictionary(fc.string({ maxLength: 8 }), jsonish, { maxKeys: 3 }), { nil: undefined }),
    paramsWrong: fc.option(wrong, { nil: undefined, freq: 10 }),
  })
  .map(({ era, id, method, tool, argsSeed, meta, uri, jsonrpc, extra, paramsWrong }) => {
    const params: Record<string, unknown> = { ...(extra ?? {}) };
    if (method === "tools/call") Object.assign(params, { name: tool, arguments: argsSeed });
    if (method === "resources/read") params.uri = uri;
    if (method === "initialize")
      Object.assign(params, {
        protocolVersion: LEGACY[0],
        capabilities: {},
        clientInfo: { name: "fuzz", version: "1" },
      });
    if (era === "modern") params._meta = meta;
    const body: Record<string, unknown> = { jsonrpc, method, params: paramsWrong ?? params };
    if (id !== undefined) body.id = id;
    const name = method === "tools/call" ? tool : method === "resources/read" ? uri : undefined;
    return { era, body, method, name };
  });

// ---- headers and bodies -------------------------------------------------------------------

const headerText = fc
  .string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 })
  .map((s) => s.trim());
const contentTypes = [
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "application/json;charset=latin1",
  "application/json ; x=y",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/jsonx",
  "application/json-rpc",
  "*/*",
  "",
];
const b64 = (s: string) => `=?base64?${Buffer.from(s).toString("base64")}?=`;

/** Headers consistent with the message most of the time; each one can be missing or garbage. */
function headersFor(msg: Msg) {
  const method = typeof msg.method === "string" ? msg.method : "";
  const name = typeof msg.name === "string" ? msg.name : "";
  const version = msg.era === "modern" ? V26 : LEGACY[0];
  const pick = <T>(good: T, ...bad: fc.Arbitrary<T | undefined>[]) =>
    fc.oneof({ weight: 6, arbitrary: fc.constant(good) }, fc.constant(undefined), ...bad);
  return fc
    .record(
      {
        "content-type": fc.oneof(
          { weight: 8, arbitrary: fc.constant("application/json") },
          fc.constantFrom(...contentTypes),
          fc.constant(undefined),
        ),
        accept: fc.oneof(
          { weight: 6, arbitrary: fc.constant("application/json, text/event-stream") },
          fc.constantFrom("text/html", "*/*", "text/event-stream", "application/json"),
          fc.constant(undefined),
        ),
        "mcp-protocol-version":
          msg.era === "none"
            ? fc.oneof(fc.constant(undefined), fc.constantFrom(...LEGACY), headerText)
            : pick(version, headerText, fc.constantFrom("2099-01-01", "2026-07-28,2025-06-18", V26, ...LEGACY)),
        "mcp-method":
          msg.era === "modern"
            ? pick(method, headerText, fc.constant(method.toUpperCase()))
            : fc.option(headerText, { nil: undefined, freq: 5 }),
        "mcp-name":
          msg.era === "modern"
            ? pick(
                name,
                headerText,
                fc.constant(b64(name)),
                fc.constantFrom("=?base64?***?=", "=?base64?YQ?=", "=?base64??=", `  ${name}  `),
              )
            : fc.option(headerText, { nil: undefined, freq: 5 }),
        origin: fc.oneof(
          { weight: 8, arbitrary: fc.constant(undefined) },
          fc.constantFrom(
            "http://localhost:3000",
            "https://patttterns.com",
            "http://evil.example.com",
            "null",
            "http://127.0.0.1.evil.com",
            "http://[::1]:1",
          ),
          headerText,
        ),
        host: fc.oneof(
          { weight: 8, arbitrary: fc.constant(undefined) },
          fc.constantFrom("127.0.0.1:8888", "localhost", "evil.example.com", "[::1]:8888", "127.0.0.1.nip.io", ""),
          headerText,
        ),
        "mcp-session-id": fc.option(headerText, { nil: undefined, freq: 8 }),
        authorization: fc.option(headerText, { nil: undefined, freq: 8 }),
      },
      { requiredKeys: [] },
    )
    .map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>);
}

const INVALID_UTF8 = [
  [0xff],
  [0xc3, 0x28],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xe2, 0x82],
  [0xf4, 0x90, 0x80, 0x80],
];

/** Breaks valid JSON text: cut it, splice in a character, or put invalid UTF-8 inside it. */
const corrupt = (json: string) =>
  fc.oneof(
    fc.nat({ max: json.length }).map((i) => json.slice(0, i)),
    fc
      .tuple(fc.nat({ max: json.length }), fc.constantFrom("{", "}", "[", "]", '"', ",", ":", "\\", "\u0000", "\n"))
      .map(([i, c]) => json.slice(0, i) + c + json.slice(i)),
    fc.tuple(fc.nat({ max: json.length }), fc.constantFrom(...INVALID_UTF8)).map(([i, bad]) => {
      const bytes = new TextEncoder().encode(json);
      const at = Math.min(i, bytes.length);
      return Uint8Array.from([...bytes.slice(0, at), ...bad, ...bytes.slice(at)]);
    }),
  );

/** A whole request: the message (single or batch) or some broken body, with headers and a method. */
export const requestArb: fc.Arbitrary<Sent> = fc
  .tuple(messageArb, fc.array(messageArb, { minLength: 0, maxLength: 36 }), fc.nat({ max: 99 }))
  .chain(([msg, batch, roll]) => {
    const json = JSON.stringify(msg.body);
    const body: fc.Arbitrary<string | Uint8Array | null> =
      roll < 55
        ? fc.constant(json)
        : roll < 62
          ? fc.constant(JSON.stringify(batch.map((m) => m.body)))
          : roll < 80
            ? corrupt(json)
            : roll < 86
              ? fc.uint8Array({ maxLength: 64 })
              : roll < 92
                ? fc.oneof(
                    fc.string({ maxLength: 60 }),
                    fc.constantFrom(
                      "",
                      " ",
                      "null",
                      "0",
                      "[]",
                      "[[]]",
                      '"x"',
                      "{}",
                      "true",
                      "1e309",
                      '{"__proto__":{"polluted":1}}',
                    ),
                  )
                : fc.jsonValue({ maxDepth: 5 }).map((v) => JSON.stringify(v));
    const method = fc.oneof(
      { weight: 30, arbitrary: fc.constant("POST") },
      fc.constantFrom("GET", "DELETE", "PUT", "PATCH", "OPTIONS", "HEAD"),
    );
    return fc.record({ method, headers: headersFor(msg), body });
  });

/** A tools/call of one of the five tools (or a random name) with random arguments, both eras, valid headers. */
export const toolCallArb = fc
  // Well-formed names only: a lone surrogate cannot travel in Mcp-Name, so the server rightly answers 400 -32020 to it.
  .record({
    modern: fc.boolean(),
    tool: fc.oneof(
      { weight: 10, arbitrary: fc.constantFrom(...TOOLS) },
      text.filter((t) => t.isWellFormed()),
    ),
    id: fc.integer(),
  })
  .chain(({ modern, tool, id }) =>
    argsArb(TOOLS.includes(tool as never) ? tool : "get_component").map((args) => toolCall(tool, args, modern, id)),
  );

export function toolCall(tool: string, args: unknown, modern: boolean, id: number | string = 1): Sent {
  const params: Record<string, unknown> = { name: tool, arguments: args };
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  if (modern) {
    params._meta = { "io.modelcontextprotocol/protocolVersion": V26, "io.modelcontextprotocol/clientCapabilities": {} };
    Object.assign(headers, {
      "mcp-protocol-version": V26,
      "mcp-method": "tools/call",
      "mcp-name": /^[\x21-\x7e]*$/.test(tool) ? tool : b64(tool),
    });
  } else headers["mcp-protocol-version"] = "2025-06-18";
  return { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params }) };
}
