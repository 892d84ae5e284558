/**
 * Responses of a served endpoint to a fixed set of requests, for proving that a change kept behaviour:
 * run it before and after, then diff the two files. It speaks only HTTP (fetch), so it needs nothing
 * of the code it checks: every tool in both eras (validate_component on the code get_component
 * serves), protocol errors, the page, the server card, the skill, catalog map and preview
 * resources, then every query of tests/relevance/ through both search tools.
 *
 *   npx tsx scripts/dev/responses.ts --url http://127.0.0.1:8888 --out before.json
 *
 * Headers that differ per request by nature (date, request ids) are left out; a body over 64 KB is
 * recorded as its SHA-256 and length.
 */
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { url: { type: "string" }, out: { type: "string" }, queries: { type: "boolean", default: true } },
});
if (!values.url || !values.out) {
  console.error("usage: responses.ts --url http://127.0.0.1:8888 --out file.json");
  process.exit(2);
}
const ORIGIN = values.url.replace(/\/mcp$/, "").replace(/\/$/, "");
const MCP = `${ORIGIN}/mcp`;
import { ROOT } from "../lib/repo-root.ts";
const VOLATILE = new Set(["date", "x-nf-request-id", "server-timing", "connection", "keep-alive"]);
const MODERN = "2026-07-28";
const DATE_PICKER = "70f4b86f-95f9-4fe5-b95b-ae934f87ba66";
const APPS = { extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } } };

interface Sent {
  name: string;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}

const json = { "content-type": "application/json", accept: "application/json, text/event-stream" };

function modern(method: string, params: Record<string, unknown> = {}, o: { caps?: object; id?: number } = {}) {
  const headers: Record<string, string> = { ...json, "mcp-protocol-version": MODERN, "mcp-method": method };
  const name = method === "resources/read" ? params.uri : method === "tools/call" ? params.name : undefined;
  if (typeof name === "string") headers["mcp-name"] = name;
  const _meta = {
    "io.modelcontextprotocol/protocolVersion": MODERN,
    "io.modelcontextprotocol/clientCapabilities": o.caps ?? {},
    "io.modelcontextprotocol/clientInfo": { name: "responses-check", version: "1" },
  };
  return { headers, body: JSON.stringify({ jsonrpc: "2.0", id: o.id ?? 1, method, params: { ...params, _meta } }) };
}

function legacy(method: string, params?: Record<string, unknown>, version = "2025-11-25") {
  const headers: Record<string, string> = { ...json };
  if (version) headers["mcp-protocol-version"] = version;
  return { headers, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, ...(params ? { params } : {}) }) };
}

const call = (name: string, args: Record<string, unknown>) => ({ name, arguments: args });
const init = (v: string) =>
  legacy("initialize", { protocolVersion: v, capabilities: {}, clientInfo: { name: "c" } }, "");

const tools: [string, Record<string, unknown>][] = [
  ["search_patterns", { query: "date picker" }],
  ["search_patterns", { query: "holographic keyboard for cats" }],
  ["list_categories", {}],
  ["get_pattern", { pattern_id: "#77" }],
  ["search_components", { query: "modal", limit: 3 }],
  ["search_components", { category: "forms" }],
  ["get_component", { pattern_id: "#77" }],
  ["get_component", { pattern_id: "date-picker", version_id: "seed" }],
  ["get_component", { pattern_id: "#77", version_id: "v99" }],
  ["get_component", { pattern_id: "#1" }],
  ["get_component", { pattern_id: "datepickr" }],
  ["get_component", {}],
  ["search_patterns", { query: "???" }],
  ["search_components", { category: "nonsense" }],
  ["no_such_tool", {}],
];

const requests: Sent[] = [
  { name: "discover", ...modern("server/discover") },
  ...["2025-11-25", "2025-06-18", "2025-03-26"].map((v) => ({ name: `initialize ${v}`, ...init(v) })),
  { name: "ping legacy", ...legacy("ping") },
  {
    name: "initialized notification",
    headers: { ...json, "mcp-protocol-version": "2025-11-25" },
    body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
  },
  { name: "tools/list modern", ...modern("tools/list") },
  { name: "tools/list modern apps", ...modern("tools/list", {}, { caps: APPS }) },
  { name: "tools/list legacy", ...legacy("tools/list") },
  ...tools.flatMap(([n, a]) => [
    { name: `${n} ${JSON.stringify(a)} modern`, ...modern("tools/call", call(n, a)) },
    { name: `${n} ${JSON.stringify(a)} legacy`, ...legacy("tools/call", call(n, a)) },
  ]),
  { name: "resources/list modern", ...modern("resources/list") },
  { name: "resources/list legacy", ...legacy("resources/list") },
  { name: "resources/templates/list legacy", ...legacy("resources/templates/list") },
  { name: "read skill", ...modern("resources/read", { uri: "patttterns://skill/SKILL.md" }) },
  { name: "read preview", ...modern("resources/read", { uri: "ui://patttterns/component-preview" }) },
  { name: "read catalog map", ...modern("resources/read", { uri: "patttterns://catalog/index" }) },
  { name: "read catalog map legacy", ...legacy("resources/read", { uri: "patttterns://catalog/index" }) },
  { name: "read component", ...modern("resources/read", { uri: `patttterns://components/${DATE_PICKER}/v1` }) },
  {
    name: "read component legacy",
    ...legacy("resources/read", { uri: `patttterns://components/${DATE_PICKER}/seed` }),
  },
  { name: "read missing modern", ...modern("resources/read", { uri: "patttterns://nope" }) },
  { name: "read missing legacy", ...legacy("resources/read", { uri: "patttterns://nope" }) },
  { name: "modern initialize 404", ...modern("initialize") },
  { name: "modern unknown method", ...modern("nope/nope") },
  { name: "legacy unknown method", ...legacy("nope/nope") },
  {
    name: "header mismatch",
    ...(() => {
      const r = modern("tools/list");
      return { ...r, headers: { ...r.headers, "mcp-method": "tools/call" } };
    })(),
  },
  {
    name: "unsupported version",
    headers: { ...json, "mcp-protocol-version": "2099-01-01", "mcp-method": "tools/list" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/list",
      params: {
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2099-01-01",
          "io.modelcontextprotocol/clientCapabilities": {},
        },
      },
    }),
  },
  {
    name: "bad _meta",
    headers: { ...json, "mcp-protocol-version": MODERN, "mcp-method": "tools/list" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/list",
      params: { _meta: { "io.modelcontextprotocol/protocolVersion": MODERN } },
    }),
  },
  { name: "legacy bad version header", ...legacy("tools/list", undefined, "banana") },
  {
    name: "batch 2025-03-26",
    headers: json,
    body: JSON.stringify([
      { jsonrpc: "2.0", id: 1, method: "ping" },
      { jsonrpc: "2.0", id: 2, method: "tools/call", params: call("search_patterns", { query: "tabs" }) },
      { jsonrpc: "2.0", method: "notifications/initialized" },
    ]),
  },
  { name: "parse error", headers: json, body: "{nope" },
  { name: "not json-rpc", headers: json, body: '{"hello":1}' },
  { name: "text/plain 415", headers: { "content-type": "text/plain" }, body: "{}" },
  { name: "too large 413", headers: json, body: `{"x":"${"a".repeat(1024 * 1024)}"}` },
  { name: "GET 405", method: "GET", headers: { accept: "application/json" } },
  { name: "DELETE 405", method: "DELETE" },
  { name: "foreign origin 403", headers: { ...json, origin: "https://evil.example" }, body: legacy("ping").body },
  {
    name: "preflight",
    method: "OPTIONS",
    headers: { origin: "http://localhost:3000", "access-control-request-headers": "content-type, mcp-param-x" },
  },
  { name: "allowed origin CORS", headers: { ...json, origin: "http://localhost:3000" }, body: legacy("ping").body },
  { name: "page", method: "GET", headers: { accept: "text/html" } },
  { name: "server card", method: "GET", path: "/.well-known/mcp/server-card.json" },
  { name: "server card OPTIONS", method: "OPTIONS", path: "/.well-known/mcp/server-card.json" },
];

async function send(s: Sent) {
  const res = await fetch(s.path ? `${ORIGIN}${s.path}` : MCP, {
    method: s.method ?? "POST",
    headers: s.headers,
    body: s.body,
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const headers = [...res.headers].filter(([k]) => !VOLATILE.has(k)).sort(([a], [b]) => a.localeCompare(b));
  const body =
    bytes.byteLength > 65536
      ? { sha256: createHash("sha256").update(bytes).digest("hex"), bytes: bytes.byteLength }
      : bytes.toString("utf8");
  return { name: s.name, status: res.status, headers, body };
}

/**
 * validate_component's calls, on the code get_component serves for a version: the bytes unchanged,
 * edits the validator parses (a comment added; a hard-coded colour added), and refusals.
 */
async function validateCalls(): Promise<Sent[]> {
  const served = await send({ name: "", ...legacy("tools/call", call("get_component", { pattern_id: "#77" })) });
  const page = JSON.parse(JSON.parse(served.body as string).result.content[0].text);
  const { component_code: code, metadata } = page as { component_code: string; metadata: { version_id: string } };
  // null: no version_id, the active version.
  const asked = (edit: string, version_id: string | null = metadata.version_id) => ({
    pattern_id: "#77",
    ...(version_id === null ? {} : { version_id }),
    code: edit,
  });
  const calls: [string, Record<string, unknown>][] = [
    ["unchanged", asked(code)],
    ["comment added", asked(`// adapted\n${code}`, null)],
    ["colour added", asked(code.replace('className="', 'className="bg-blue-500 '))],
    ["unknown version", asked(code, "v99")],
    ["empty code", asked("  ")],
  ];
  return calls.flatMap(([what, a]) => [
    { name: `validate_component ${what} modern`, ...modern("tools/call", call("validate_component", a)) },
    { name: `validate_component ${what} legacy`, ...legacy("tools/call", call("validate_component", a)) },
  ]);
}

const out: unknown[] = [];
for (const r of [...requests, ...(await validateCalls())]) out.push(await send(r));
if (values.queries) {
  const dir = join(ROOT, "tests/relevance");
  for (const file of (await readdir(dir)).filter((f) => f.endsWith(".json")).sort()) {
    const set = JSON.parse(await readFile(join(dir, file), "utf8")) as [string, string[]][];
    for (const [query] of set) {
      for (const [tool, args] of [
        ["search_patterns", { query, limit: 20 }],
        ["search_components", { query, limit: 20 }],
      ] as const) {
        const r = await send({ name: `${file} ${tool} ${query}`, ...legacy("tools/call", call(tool, args)) });
        out.push(r);
      }
    }
  }
}
await writeFile(values.out, `${JSON.stringify(out, null, 1)}\n`);
console.log(`${out.length} responses -> ${values.out}`);
