/**
 * Calls a tool on an in-process app the way a 2025-11-25 client does (at `url`, the endpoint, if
 * given), and reads its one text block.
 */
import type { App } from "../../src/app.ts";
import { post } from "./app.ts";

export interface ToolReply {
  status: number;
  isError: boolean;
  /** The parsed JSON of the single text block. */
  data: any;
  /** The raw JSON-RPC result, to check its shape. */
  result: any;
  /** A JSON-RPC error, when the call failed at protocol level. */
  error?: { code: number; message: string; data?: unknown };
}

export async function callTool(app: App, name: string, args: unknown, url?: string): Promise<ToolReply> {
  const res = await app.handle(
    post(
      { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name, arguments: args } },
      { "mcp-protocol-version": "2025-11-25" },
      url,
    ),
  );
  const body = await res.json();
  const result = body.result;
  const text = result?.content?.length === 1 && result.content[0].type === "text" ? result.content[0].text : undefined;
  return {
    status: res.status,
    isError: result?.isError === true,
    data: text === undefined ? undefined : JSON.parse(text),
    result,
    error: body.error,
  };
}
