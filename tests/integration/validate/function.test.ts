/**
 * validate_component as the edge function runs it: the work sent to the site's validate function
 * (netlify/functions/validate.mts, served here on a loopback port as the MCP request's origin), and
 * done in process when that function does not answer with a validation. Either way, the agent gets
 * the answer an in-process validation gives.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import validateFunction from "../../../netlify/functions/validate.mts";
import { listenLoopback, type WebHandler } from "../../../scripts/local/loopback-server.ts";
import type { App } from "../../../src/app.ts";
import { VALIDATE_FUNCTION_PATH, viaFunction } from "../../../src/validate/validator.ts";
import { fixtures, testApp } from "../../helpers/app.ts";
import { callTool } from "../../helpers/tools.ts";

const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
const datePicker = fixtures.find((f) => f.name === "date-picker")!;
const active = decoder.decode(datePicker.code.find((c) => c.versionId === datePicker.index.activeVersionId)!.bytes);
const edits = {
  "a palette class and an import": active
    .replace('className="', 'className="bg-blue-600 ')
    .replace("import ", 'import { format } from "date-fns";\nimport '),
  "a syntax error": active.replace("return (", "return ((("),
  "the component lost": "export const x = 1;\n",
};

/** A tool call to `app` as a request to `origin`: the origin the edge sends the validate function's work to. */
async function validateAt(app: App, origin: string, code: string) {
  const res = await app.handle(
    new Request(`${origin}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "validate_component", arguments: { pattern_id: "#77", code } },
      }),
    }),
  );
  expect(res.status).toBe(200);
  const { result } = await res.json();
  expect(result.isError).toBeFalsy();
  // The text block as sent: the agent gets these bytes, whichever side validated.
  return result.content[0].text as string;
}

const inProcess = testApp();
/** The text block an in-process validation sends, as sent. */
const expected = async (code: string) =>
  (await callTool(inProcess, "validate_component", { pattern_id: "#77", code })).result.content[0].text as string;

/** A site whose validate function answers with `handler`, counting the requests it gets at the function's path. */
async function site(handler: WebHandler) {
  const seen = { calls: 0 };
  const server = await listenLoopback((req, ip) => {
    if (new URL(req.url).pathname !== VALIDATE_FUNCTION_PATH) return new Response(null, { status: 404 });
    seen.calls++;
    return handler(req, ip);
  });
  const warnings: string[] = [];
  const app = testApp({ validator: viaFunction({ warn: (line) => warnings.push(line), timeoutMs: 500 }) });
  return { server, seen, warnings, validate: (code: string) => validateAt(app, server.url, code) };
}

describe("validate_component sent to the site's validate function", () => {
  let s: Awaited<ReturnType<typeof site>>;
  beforeAll(async () => {
    s = await site((req) => validateFunction(req));
  });
  afterAll(() => s.server.close());

  it.each(Object.entries(edits))("%s: the function's answer, the same as in process", async (_, code) => {
    const before = s.seen.calls;
    const got = await s.validate(code);
    expect(got).toBe(await expected(code));
    expect(JSON.parse(got).findings.length).toBeGreaterThan(0);
    expect(s.seen.calls).toBe(before + 1);
    expect(s.warnings).toEqual([]);
  });

  it("the delivered bytes unchanged: answered at the edge, nothing sent", async () => {
    const before = s.seen.calls;
    expect(await s.validate(active)).toBe(await expected(active));
    expect(s.seen.calls).toBe(before);
  });
});

describe("when the validate function does not answer with a validation", () => {
  const code = edits["a palette class and an import"];
  const cases: [string, WebHandler, RegExp][] = [
    ["a server error", () => new Response("boom", { status: 502 }), /HTTP 502/],
    ["a body that is not JSON", () => new Response("<html>", { status: 200 }), /not a validation/],
    [
      "a validation of another version",
      () => Response.json({ ok: true, findings: [], base: { version_id: "seed", sha256: "0".repeat(64) } }),
      /not a validation of this version/,
    ],
    ["no answer within the timeout", () => new Promise<Response>(() => {}), /timed out|aborted/i],
  ];

  it.each(cases)("%s: validated in process, the same answer, and a warning saying why", async (_, handler, why) => {
    const s = await site(handler);
    try {
      expect(await s.validate(code)).toBe(await expected(code));
      expect(s.seen.calls).toBe(1);
      expect(s.warnings).toEqual([expect.stringMatching(why)]);
      expect(s.warnings[0]).toContain("validating in the isolate");
    } finally {
      await s.server.close();
    }
  });

  it("nothing listening: the same", async () => {
    const s = await site((req) => validateFunction(req));
    const { url } = s.server;
    await s.server.close();
    const warnings: string[] = [];
    const app = testApp({ validator: viaFunction({ warn: (line) => warnings.push(line) }) });
    expect(await validateAt(app, url, code)).toBe(await expected(code));
    expect(warnings).toHaveLength(1);
  });
});
