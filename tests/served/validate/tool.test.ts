/**
 * validate_component through the served edge function on Deno, which sends the work to the site's
 * validate function (netlify/functions/validate.mts), served beside it: on both servers, the answer,
 * and the usage event saying the function parsed the edit (the isolate would give the same answer
 * were the function not reached). The function itself, on both servers. In process:
 * tests/integration/validate/tool.test.ts and function.test.ts.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openUsageStore, type UsageStore } from "../../../scripts/ops/usage-store.ts";
import { monthOf } from "../../../src/usage/event.ts";
import { VALIDATE_FUNCTION_PATH } from "../../../src/validate/validator.ts";
import { fixtures } from "../../helpers/app.ts";
import { LOCAL, SERVED } from "../../helpers/served.ts";
import { storedEventsSince } from "../../helpers/usage.ts";

const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
const datePicker = fixtures.find((f) => f.name === "date-picker")!;
const codeOf = (f: (typeof fixtures)[number], versionId: string) =>
  decoder.decode(f.code.find((c) => c.versionId === versionId)!.bytes);

const edit = codeOf(datePicker, "v1").replace(
  "import { ArrowRight,",
  'import { format } from "date-fns";\nimport { ArrowRight,',
);
const reported = {
  ok: true,
  findings: [{ rule: "import_not_allowed", severity: "warning", line: 2 }],
  base: { version_id: "v1" },
};

/** A 2026-07-28 validate_component call whose clientInfo names `agent`, as its usage event will. */
async function validateThrough(origin: string, agent: string) {
  const res = await fetch(`${origin}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": "validate_component",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: {
        name: "validate_component",
        arguments: { pattern_id: "#77", version_id: "v1", code: edit },
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientCapabilities": {},
          "io.modelcontextprotocol/clientInfo": { name: agent, version: "1" },
        },
      },
    }),
  });
  expect(res.status).toBe(200);
  return JSON.parse((await res.json()).result.content[0].text);
}

let store: UsageStore;
beforeAll(async () => {
  store = await openUsageStore();
});
afterAll(async () => {
  await store?.close();
});

/**
 * The stored event of `agent`'s call, once its write (after the response) has landed. Each look lists
 * the month's keys, which the local Blobs server does by reading its whole directory: a few looks, not
 * a busy loop.
 */
async function eventOf(agent: string, since: Date) {
  const deadline = Date.now() + 60_000;
  for (let pause = 300; ; pause = 1_000) {
    await new Promise((r) => setTimeout(r, pause));
    const months = new Set([monthOf(since), monthOf(new Date())]);
    // Events are keyed by when they were built, after the call began: a second of slack, so a poll reads
    // only this test's few, not the minute's hundreds from the other served files.
    const [text] = await storedEventsSince(store.kv, months, since, `"agent":"${agent}/1"`, 1_000);
    if (text || Date.now() > deadline) return text === undefined ? undefined : JSON.parse(text);
  }
}

// The emulation builds the edge function and the validate function its own way: there the edge's
// request to the function goes through Netlify's own routing.
for (const target of SERVED) {
  describe(`validate_component through the served edge function, ${target.name}`, { timeout: 120_000 }, () => {
    it("reports an edit's findings, parsed by the validate function", async () => {
      const agent = `e2e-validate-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const since = new Date();
      expect(await validateThrough(target.url, agent)).toMatchObject(reported);
      expect(await eventOf(agent, since)).toMatchObject({ tool: "validate_component", validated_by: "function" });
    });
  });
}

// On the emulation, the edge's calls above and the deploy smoke's passing run ask the function directly.
describe(`served: the validate function, ${LOCAL.name}`, () => {
  const url = `${LOCAL.url}${VALIDATE_FUNCTION_PATH}`;
  it("answers a validation at its path", async () => {
    const bytes = datePicker.code.find((c) => c.versionId === "v1")!.bytes;
    const base = {
      code: codeOf(datePicker, "v1"),
      version_id: "v1",
      sha256: createHash("sha256").update(bytes).digest("hex"),
    };
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ base, code: edit }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ...reported, base: { version_id: "v1", sha256: base.sha256 } });
  });

  it("refuses GET with a JSON 405", async () => {
    const res = await fetch(url);
    expect(res.status).toBe(405);
    expect((await res.json()).error.code).toBe("method_not_allowed");
  });
});
