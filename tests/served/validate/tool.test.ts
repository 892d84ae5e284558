/**
 * validate_component through the served edge function on Deno, where sucrase's parser loads on the
 * tool's first call (in process: tests/integration/validate/tool.test.ts).
 */
import { describe, expect, inject, it } from "vitest";
import { rpc } from "../../../scripts/dev/preview-harness.ts";
import { fixtures } from "../../helpers/app.ts";

const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
const datePicker = fixtures.find((f) => f.name === "date-picker")!;
const codeOf = (f: (typeof fixtures)[number], versionId: string) =>
  decoder.decode(f.code.find((c) => c.versionId === versionId)!.bytes);

describe("validate_component through the served edge function (Deno)", () => {
  const endpoint = `${inject("servedUrl")}/mcp`;

  it("loads its parser on the first call and reports an edit's findings", async () => {
    const code = codeOf(datePicker, "v1").replace(
      "import { ArrowRight,",
      'import { format } from "date-fns";\nimport { ArrowRight,',
    );
    const reply = await rpc(endpoint, "modern", "tools/call", {
      name: "validate_component",
      arguments: { pattern_id: "#77", version_id: "v1", code },
    });
    const data = JSON.parse(reply.result.content[0].text);
    expect(data).toMatchObject({
      ok: true,
      findings: [{ rule: "import_not_allowed", severity: "warning", line: 2 }],
      base: { version_id: "v1" },
    });
  });
});
