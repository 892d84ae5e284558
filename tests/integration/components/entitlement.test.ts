/**
 * The entitlement hook: tools and resources that return code ask the policy first. A denying policy
 * gives a clear `forbidden` error and the store is never read (counted on the real BlobsServer).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowAll } from "../../../src/entitlement.ts";
import type { Caller } from "../../../src/mcp/tool.ts";
import { post } from "../../helpers/app.ts";
import { deny } from "../../helpers/entitlement.ts";
import {
  blobsApp,
  callTool,
  fixture,
  readResource,
  type SeededBlobs,
  startSeededBlobs,
} from "../../helpers/components.ts";

const id = fixture("tabs").entry.id;
const asked: { caller: Caller; tool: string; args: unknown }[] = [];
let blobs: SeededBlobs;
let denying: ReturnType<typeof blobsApp>;
beforeAll(async () => {
  blobs = await startSeededBlobs();
  denying = blobsApp(blobs, {
    entitlement: (caller, tool, args) => {
      asked.push({ caller, tool, args });
      return deny("Component code needs a PATTTTERNS account.");
    },
  });
});
afterAll(() => blobs.stop());

describe("a denying policy", () => {
  it("get_component is a clear, non-retryable forbidden error and reads nothing", async () => {
    blobs.clear();
    asked.length = 0;
    const r = await callTool(denying, "get_component", { pattern_id: id, version_id: "v1" });
    expect(r.isError).toBe(true);
    expect(r.data.error).toMatchObject({
      code: "forbidden",
      retryable: false,
      message: "Component code needs a PATTTTERNS account.",
    });
    expect(r.data.error.suggestion).toMatch(/account/);
    expect(r.raw).not.toContain("component_code");
    expect(blobs.paths()).toEqual([]);
    expect(asked).toHaveLength(1);
    expect(asked[0].tool).toBe("get_component");
    expect(asked[0].args).toEqual({ pattern_id: id, version_id: "v1" });
  });

  it("receives the caller's identity: Authorization header, IP and user agent", async () => {
    asked.length = 0;
    const req = post(
      { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "get_component", arguments: { pattern_id: id } } },
      { authorization: "Bearer pat_123", "user-agent": "Cursor/1.0", "mcp-protocol-version": "2025-06-18" },
    );
    await denying.handle(req, { ip: "203.0.113.9" });
    expect(asked[0].caller).toMatchObject({
      authorization: "Bearer pat_123",
      ip: "203.0.113.9",
      userAgent: "Cursor/1.0",
    });
  });

  it("resources/read of a component is refused before any read, in both eras", async () => {
    for (const era of ["modern", "legacy"] as const) {
      blobs.clear();
      const uri = `patttterns://components/${id}/v1`;
      const { body, raw } = await readResource(denying, uri, era);
      expect(body.error.code).toBe(-32000);
      expect(body.error.message).toBe("Component code needs a PATTTTERNS account.");
      expect(body.error.data).toMatchObject({ code: "forbidden", retryable: false, uri });
      expect(raw).not.toContain("export default");
      expect(blobs.paths()).toEqual([]);
    }
  });

  it("tools that return no code are not gated", async () => {
    asked.length = 0;
    const r = await callTool(denying, "get_pattern", { pattern_id: id });
    expect(r.isError).toBe(false);
    expect(r.data.has_component).toBe(true);
    expect(asked).toEqual([]);
  });
});

describe("the v1 policy", () => {
  it("allows everything", async () => {
    expect(await allowAll({}, "get_component", {})).toEqual({ allow: true });
    const r = await callTool(blobsApp(blobs), "get_component", { pattern_id: id });
    expect(r.isError).toBe(false);
  });
});
