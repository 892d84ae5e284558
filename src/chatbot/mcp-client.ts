/**
 * The chatbot's MCP client: one stateless 2026-07-28 `tools/call` per request, over any
 * `(Request) => Promise<Response>` transport (the app's handler in process, or `fetch` over HTTP).
 * The failure discipline (docs/around.md): retry once, after ~500 ms, on execution errors only (timeout, refused,
 * 5xx, a retryable tool error); never on validation errors.
 */
import { modernRequest } from "../mcp/client.ts";
import { timer, withinDeadline } from "../timer.ts";

export type Transport = (req: Request) => Promise<Response>;

/** Why a call failed; `execution` failures are worth one retry, `validation` ones never. */
export class McpCallError extends Error {
  constructor(
    readonly kind: "execution" | "validation",
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface McpClientOptions {
  transport: Transport;
  /** The endpoint URL the requests name; in process only its path matters. */
  url?: string;
  /** One call's deadline. Search answers in milliseconds; 4 s leaves room for a cold edge isolate. */
  timeoutMs?: number;
  /** The pause before the one retry: about 500 ms, long enough for a transient fault to clear. */
  retryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Told about each failed attempt, for logs. */
  onAttemptFailed?: (tool: string, attempt: number, error: McpCallError) => void;
}

const defaultSleep = (ms: number) => timer(ms).done;
const CLIENT_INFO = { name: "patttterns-chatbot-proxy", version: "1" };

export function createMcpClient(opts: McpClientOptions) {
  const url = opts.url ?? "http://localhost/mcp";
  const timeoutMs = opts.timeoutMs ?? 4000;
  const retryDelayMs = opts.retryDelayMs ?? 500;
  const sleep = opts.sleep ?? defaultSleep;

  async function attempt(name: string, args: Record<string, unknown>): Promise<unknown> {
    const late = () => new McpCallError("execution", `MCP call timed out after ${timeoutMs} ms`, "timeout");
    return withinDeadline(timeoutMs, late, async (signal) => {
      let res: Response;
      try {
        res = await opts.transport(
          modernRequest(url, "tools/call", { name, arguments: args }, { clientInfo: CLIENT_INFO, signal }),
        );
      } catch (e) {
        // fetch rejects with a TypeError when the connection is refused or reset.
        throw new McpCallError(
          "execution",
          `MCP transport failed: ${e instanceof Error ? e.message : String(e)}`,
          "unreachable",
        );
      }
      const text = await res.text().catch(() => "");
      if (res.status >= 500 || res.status === 408 || res.status === 429)
        throw new McpCallError("execution", `MCP endpoint answered HTTP ${res.status}`, `http_${res.status}`);
      let rpc: {
        result?: { content?: { type: string; text?: string }[]; isError?: boolean };
        error?: { code: number; message: string };
      };
      try {
        rpc = JSON.parse(text);
      } catch {
        throw new McpCallError(
          res.ok ? "execution" : "validation",
          `MCP endpoint answered HTTP ${res.status} without JSON`,
          `http_${res.status}`,
        );
      }
      if (rpc.error) {
        // -32603 is the server failing, not the request being wrong.
        const kind = rpc.error.code === -32603 ? "execution" : "validation";
        throw new McpCallError(kind, `MCP error ${rpc.error.code}: ${rpc.error.message}`, `rpc_${rpc.error.code}`);
      }
      if (!res.ok)
        throw new McpCallError("validation", `MCP endpoint answered HTTP ${res.status}`, `http_${res.status}`);
      const block = rpc.result?.content?.find((c) => c.type === "text");
      let data: unknown;
      try {
        data = JSON.parse(block?.text ?? "");
      } catch {
        throw new McpCallError("execution", "MCP tool result is not JSON text", "bad_result");
      }
      if (rpc.result?.isError) {
        const err = (data as { error?: { code?: string; message?: string; retryable?: boolean } }).error ?? {};
        throw new McpCallError(
          err.retryable ? "execution" : "validation",
          `${err.code ?? "tool_error"}: ${err.message ?? ""}`,
          err.code,
        );
      }
      return data;
    });
  }

  return {
    /** Calls a tool; one retry after `retryDelayMs` on an execution error, none on a validation error. */
    async callTool<T = unknown>(name: string, args: Record<string, unknown>): Promise<T> {
      for (let n = 1; ; n++) {
        try {
          return (await attempt(name, args)) as T;
        } catch (e) {
          const err = e instanceof McpCallError ? e : new McpCallError("execution", String(e));
          opts.onAttemptFailed?.(name, n, err);
          if (err.kind === "validation" || n === 2) throw err;
          await sleep(retryDelayMs);
        }
      }
    },
  };
}

export type McpClient = ReturnType<typeof createMcpClient>;
