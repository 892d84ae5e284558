/**
 * validate_component through the served edge function on Deno, which sends the work to the site's
 * validate function (netlify/functions/validate.mts), served beside it; the function itself, on
 * both servers (in process: tests/integration/validate/tool.test.ts and function.test.ts).
 */
import { createHash } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { rpc } from "../../../scripts/dev/preview-harness.ts";
import { VALIDATE_FUNCTION_PATH } from "../../../src/validate/validator.ts";
import { fixtures } from "../../helpers/app.ts";
import { EMULATED, SERVED } from "../../helpers/served.ts";

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

async function validateThrough(origin: string) {
  const reply = await rpc(`${origin}/mcp`, "modern", "tools/call", {
    name: "validate_component",
    arguments: { pattern_id: "#77", version_id: "v1", code: edit },
  });
  return JSON.parse(reply.result.content[0].text);
}

describe("validate_component through the served edge function (Deno)", () => {
  it("reports an edit's findings", async () => {
    expect(await validateThrough(inject("servedUrl"))).toMatchObject(reported);
  });

  // The emulation builds the edge function and the validate function its own way: the edge's request
  // to the function goes through Netlify's routing there.
  it("the same through Netlify's emulation", { timeout: 120_000 }, async () => {
    expect(await validateThrough(EMULATED.url)).toMatchObject(reported);
  });
});

for (const target of SERVED) {
  describe(`served: the validate function, ${target.name}`, { timeout: 120_000 }, () => {
    const url = `${target.url}${VALIDATE_FUNCTION_PATH}`;
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
    if (!target.emulated)
      it("refuses GET with a JSON 405", async () => {
        const res = await fetch(url);
        expect(res.status).toBe(405);
        expect((await res.json()).error.code).toBe("method_not_allowed");
      });
  });
}
