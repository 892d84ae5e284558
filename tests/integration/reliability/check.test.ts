/** The fuzz's oracle (check.ts) fails what it must and passes what the spec obliges. */
import { describe, expect, it } from "vitest";
import { checkResponse, obligedEchoes } from "./check.ts";

const json = (body: string, status = 200) =>
  new Response(body, { status, headers: { "content-type": "application/json" } });
const notFound = (uri: string) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    error: { code: -32002, message: `Resource not found: ${uri}`, data: { uri } },
  });

describe("the response checker", () => {
  it("flags a stack trace, raw or inside a JSON string, and a frame's location alone", async () => {
    const frame = "Error: boom\n    at handle (file:///srv/mcp.ts:12:7)";
    for (const message of [frame, "at file:///srv/mcp.ts:12:7", "node:internal/process/task_queues"]) {
      const body = JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32603, message } });
      await expect(checkResponse(json(body)), message).rejects.toThrow(/stack trace/);
    }
  });

  it("passes a missing resource's URI echoed by obligation, file URIs included", async () => {
    const uri = "file:///etc/passwd";
    const request = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "resources/read", params: { uri } });
    expect(obligedEchoes(request)).toEqual({ bytes: 1 + JSON.stringify(uri).length, uris: [uri] });
    await expect(checkResponse(json(notFound(uri)), { sent: request })).resolves.toMatchObject({ status: 200 });
    // The echo is set aside, not what follows it: a frame after it is still a stack trace.
    const withFrame = notFound(uri).replace("Resource not found", "at x (file:///srv/mcp.ts:1:2)");
    await expect(checkResponse(json(withFrame), { sent: request })).rejects.toThrow(/stack trace/);
  });

  it("passes a HEAD answer without a body, as HTTP sends it, and checks one that has a body", async () => {
    await expect(checkResponse(new Response(null, { status: 405 }), { method: "HEAD" })).resolves.toMatchObject({
      status: 405,
      bytes: 0,
    });
    await expect(checkResponse(new Response("oops", { status: 405 }), { method: "HEAD" })).rejects.toThrow(/not JSON/);
  });
});
