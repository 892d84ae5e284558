/**
 * validate_component as the edge function runs it: the work sent to the site's validate function
 * (netlify/functions/validate.mts, served here on a loopback port as the MCP request's origin), and
 * done in process when that function does not answer with a validation. Either way, the agent gets
 * the text an in-process validation gives, byte for byte, and usage records where it was done.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import validateFunction from "../../../netlify/functions/validate.mts";
import { listenLoopback, type WebHandler } from "../../../scripts/local/loopback-server.ts";
import type { App } from "../../../src/app.ts";
import { DEFAULTS } from "../../../src/config.ts";
import { ownedBy } from "../../../src/http/index.ts";
import { type FunctionOptions, VALIDATE_FUNCTION_PATH, viaFunction } from "../../../src/validate/validator.ts";
import { fixtures, testApp } from "../../helpers/app.ts";
import { callTool } from "../../helpers/tools.ts";
import { type LocalBlobs, startBlobs } from "../../helpers/blobs.ts";
import { dump, usageApp, usageStore } from "../../helpers/usage.ts";

const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
const datePicker = fixtures.find((f) => f.name === "date-picker")!;
const activeCode = datePicker.code.find((c) => c.versionId === datePicker.index.activeVersionId)!;
const active = decoder.decode(activeCode.bytes);
const edits = {
  "a palette class and an import": active
    .replace('className="', 'className="bg-blue-600 ')
    .replace("import ", 'import { format } from "date-fns";\nimport '),
  "a syntax error": active.replace("return (", "return ((("),
  "the component lost": "export const x = 1;\n",
};
const code = edits["a palette class and an import"];
/** The site's origins as the edge adapter builds them: loopback is among them. */
const site = ownedBy([DEFAULTS.SITE_URL], "patttterns");

/**
 * The text block, as sent, of a call to `app` at `origin`: the origin the edge sends the validate
 * function's work to.
 */
async function validateAt(app: App, origin: string, edited: string) {
  const { status, isError, result } = await callTool(
    app,
    "validate_component",
    { pattern_id: "#77", code: edited },
    `${origin}/mcp`,
  );
  expect([status, isError]).toEqual([200, false]);
  return result.content[0].text as string;
}

const inProcess = testApp();
/** The text block an in-process validation sends, as sent. */
const expected = async (edited: string) =>
  (await callTool(inProcess, "validate_component", { pattern_id: "#77", code: edited })).result.content[0]
    .text as string;

/** A site whose validate function answers with `handler`, counting the requests it gets at the function's path. */
async function siteWith(handler: WebHandler, opts: Partial<FunctionOptions> = {}) {
  const seen = { calls: 0 };
  const server = await listenLoopback((req, ip) => {
    if (new URL(req.url).pathname !== VALIDATE_FUNCTION_PATH) return new Response(null, { status: 404 });
    seen.calls++;
    return handler(req, ip);
  });
  const warnings: string[] = [];
  const app = testApp({
    validator: viaFunction({ sendsTo: site, warn: (line) => warnings.push(line), ...opts }),
  });
  return { server, seen, warnings, app, validate: (edited: string) => validateAt(app, server.url, edited) };
}

describe("validate_component sent to the site's validate function", () => {
  let s: Awaited<ReturnType<typeof siteWith>>;
  beforeAll(async () => {
    s = await siteWith((req) => validateFunction(req));
  });
  afterAll(() => s.server.close());

  it.each(Object.entries(edits))("%s: the function's answer, the same text as in process", async (_, edited) => {
    const before = s.seen.calls;
    const got = await s.validate(edited);
    expect(got).toBe(await expected(edited));
    expect(JSON.parse(got).findings.length).toBeGreaterThan(0);
    expect(s.seen.calls).toBe(before + 1);
    expect(s.warnings).toEqual([]);
  });

  it("the delivered bytes unchanged: answered at the edge, nothing sent", async () => {
    const before = s.seen.calls;
    expect(await s.validate(active)).toBe(await expected(active));
    expect(s.seen.calls).toBe(before);
  });

  it("usage records where the edit was parsed: the function, the isolate, or neither for the bytes unchanged", async () => {
    const blobs: LocalBlobs = await startBlobs();
    try {
      const validator = viaFunction({ sendsTo: site, warn: () => {} });
      const { app, lines } = usageApp(blobs.config, { app: { validator } });
      await validateAt(app, s.server.url, code);
      await validateAt(app, s.server.url, active);
      // Port 9 is one fetch refuses to connect to: the request fails at once, and the isolate validates.
      await validateAt(app, "http://127.0.0.1:9", code);
      const logged = lines.map((l) => JSON.parse(l.slice("[mcp-usage] ".length)));
      expect(logged.map((l) => l.validated_by)).toEqual(["function", undefined, "isolate"]);
      const stored = [...(await dump(usageStore(blobs.config))).values()].map((e) => JSON.parse(e));
      expect(stored.map((e) => e.validated_by).sort()).toEqual(["function", "isolate", undefined]);
    } finally {
      await blobs.stop();
    }
  });
});

describe("when the validate function does not answer with a validation", () => {
  const sha256 = createHash("sha256").update(activeCode.bytes).digest("hex");
  const cases: [string, WebHandler, RegExp, Partial<FunctionOptions>?][] = [
    ["a server error", () => new Response("boom", { status: 502 }), /HTTP 502/],
    ["a redirect, not followed", () => Response.redirect("http://127.0.0.1:9/elsewhere", 307), /HTTP 307/],
    ["a body that is not JSON", () => new Response("<html>", { status: 200 }), /SyntaxError/],
    [
      "a validation of another version",
      () => Response.json({ ok: true, findings: [], base: { version_id: "seed", sha256 } }),
      /not a validation of this version/,
    ],
    [
      "a validation of other bytes",
      () => Response.json({ ok: true, findings: [], base: { version_id: "v1", sha256: "0".repeat(64) } }),
      /not a validation of this version/,
    ],
    ["no answer within the timeout", () => new Promise<Response>(() => {}), /TimeoutError/, { timeoutMs: 300 }],
  ];

  it.each(cases)("%s: validated in process, the same text, and a warning saying why", async (_, handler, why, opts) => {
    const s = await siteWith(handler, opts);
    try {
      expect(await s.validate(code)).toBe(await expected(code));
      expect(s.seen.calls).toBe(1);
      expect(s.warnings).toEqual([expect.stringMatching(why)]);
      expect(s.warnings[0]).toContain("validating in the isolate");
    } finally {
      await s.server.close();
    }
  });

  it("a request URL that is not one of the site's origins: the edit is not sent, and the isolate validates", async () => {
    const s = await siteWith((req) => validateFunction(req), { sendsTo: () => false });
    try {
      expect(await s.validate(code)).toBe(await expected(code));
      expect(s.seen.calls).toBe(0);
      expect(s.warnings).toEqual([expect.stringContaining("is not the site's")]);
    } finally {
      await s.server.close();
    }
  });
});
