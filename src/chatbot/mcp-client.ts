/**
 * The chatbot's MCP client: one stateless 2026-07-28 `tools/call` per request, over any
 * `(Request) => Promise<Response>` transport (the app's handler in process, or `fetch` over HTTP).
 * The failure discipline (docs/around.md): retry once, after ~500 ms, on failures a retry can help
 * (timeout, refused, 5xx, a retryable tool error); never on a refused request. Failures are domain
 * errors: `upstream_timeout` and `upstream_error` (retryable), the tool's own error, or
 * `invalid_args` for a request the endpoint refused.
 */
import { CHATBOT } from "../config.ts";
import { type DomainError, domainError, ERROR_CODES, type ErrorCode, failure, type Result } from "../errors.ts";
import { modernRequest } from "../mcp/client.ts";
import { timer, withinDeadline } from "../timer.ts";

export type Transport = (req: Request) => Promise<Response>;

export interface McpClientOptions {
  transport: Transport;
  /** The endpoint URL the requests name; in process only its path matters. */
  url?: string;
  timeoutMs?: number;
  retryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Told about each failed attempt, for logs. */
  onAttemptFailed?: (tool: string, attempt: number, error: DomainError) => void;
}

const defaultSleep = (ms: number) => timer(ms).done;
const CLIENT_INFO = { name: "patttterns-chatbot-proxy", version: "1" };
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** A failure the endpoint's side caused: worth the one retry. */
const broke = (why: string) => failure(domainError.upstream_error(why));
/** A request the endpoint refused: a retry would be refused too. */
const refused = (why: string) =>
  failure(domainError.invalid_args(why, "Fix the request; retrying it unchanged fails again."));

type RpcBody = {
  result?: { content?: { type: string; text?: string }[]; isError?: boolean };
  error?: { code: number; message: string };
};

/** A tool's own error as the endpoint sent it: its code when it is one of ours, else an upstream fault. */
function toolError(err: { code?: string; message?: string; suggestion?: string }): DomainError {
  const code: ErrorCode =
    err.code !== undefined && Object.hasOwn(ERROR_CODES, err.code) ? (err.code as ErrorCode) : "upstream_error";
  return domainError[code](`${err.code ?? "tool_error"}: ${err.message ?? ""}`, err.suggestion ?? "");
}

export function createMcpClient(opts: McpClientOptions) {
  const url = opts.url ?? "http://localhost/mcp";
  const timeoutMs = opts.timeoutMs ?? CHATBOT.callTimeoutMs;
  const retryDelayMs = opts.retryDelayMs ?? CHATBOT.retryDelayMs;
  const sleep = opts.sleep ?? defaultSleep;
  const late = new Error("late");

  async function attempt(name: string, args: Record<string, unknown>): Promise<Result<{ data: unknown }>> {
    try {
      return await withinDeadline(
        timeoutMs,
        () => late,
        (signal) => once(name, args, signal),
      );
    } catch (e) {
      if (e === late) return failure(domainError.upstream_timeout(`MCP call timed out after ${timeoutMs} ms`));
      throw e;
    }
  }

  async function once(name: string, args: Record<string, unknown>, signal: AbortSignal) {
    let res: Response;
    try {
      res = await opts.transport(
        modernRequest(url, "tools/call", { name, arguments: args }, { clientInfo: CLIENT_INFO, signal }),
      );
    } catch (e) {
      // The deadline aborted it: withinDeadline answers with the timeout.
      if (signal.aborted) throw e;
      // fetch rejects with a TypeError when the connection is refused or reset.
      return broke(`MCP transport failed: ${message(e)}`);
    }
    const text = await res.text().catch(() => "");
    if (res.status >= 500 || res.status === 408 || res.status === 429) {
      return broke(`MCP endpoint answered HTTP ${res.status}`);
    }
    let rpc: RpcBody;
    try {
      rpc = JSON.parse(text);
    } catch {
      const why = `MCP endpoint answered HTTP ${res.status} without JSON`;
      return res.ok ? broke(why) : refused(why);
    }
    if (rpc.error) {
      const why = `MCP error ${rpc.error.code}: ${rpc.error.message}`;
      // -32603 is the server failing, not the request being wrong.
      return rpc.error.code === -32603 ? broke(why) : refused(why);
    }
    if (!res.ok) return refused(`MCP endpoint answered HTTP ${res.status}`);
    const block = rpc.result?.content?.find((c) => c.type === "text");
    let data: unknown;
    try {
      data = JSON.parse(block?.text ?? "");
    } catch {
      return broke("MCP tool result is not JSON text");
    }
    if (rpc.result?.isError) return failure(toolError((data as { error?: Record<string, string> }).error ?? {}));
    return { ok: true as const, data };
  }

  return {
    /** Calls a tool; one retry after `retryDelayMs` when the failure is retryable, none otherwise. */
    async callTool<T = unknown>(name: string, args: Record<string, unknown>): Promise<Result<{ data: T }>> {
      for (let n = 1; ; n++) {
        const out = await attempt(name, args);
        if (out.ok) return out as Result<{ data: T }>;
        opts.onAttemptFailed?.(name, n, out.error);
        if (!out.error.retryable || n === 2) return out;
        await sleep(retryDelayMs);
      }
    },
  };
}

export type McpClient = ReturnType<typeof createMcpClient>;
