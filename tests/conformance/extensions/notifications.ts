/**
 * Request-scoped notifications a tool sends while it runs: progress and logs. They travel on the
 * request's own SSE response, before the result (SH §Receiving Messages), through the transport's
 * `RequestContext.notify`; never on another stream. `progress` needs nothing registered; logs need
 * the `logging()` extension, which advertises the capability.
 */
import { LOG_LEVELS, type LogLevel, type RequestContext } from "../../../src/mcp/context.ts";
import { isLogLevel } from "../../../src/mcp/era.ts";
import type { Extension } from "../../../src/mcp/extension.ts";
import { CODES, isObject, RpcError } from "../../../src/mcp/jsonrpc.ts";

/** Sends notifications/progress when the request carried a progressToken; otherwise nothing. */
export function progress(ctx: RequestContext, progress: number, total?: number, message?: string): void {
  const token = isObject(ctx.params._meta) ? ctx.params._meta.progressToken : undefined;
  if (typeof token !== "string" && typeof token !== "number") return;
  const p: Record<string, unknown> = { progressToken: token, progress };
  if (total !== undefined) p.total = total;
  if (message !== undefined) p.message = message;
  ctx.notify?.("notifications/progress", p);
}

export interface Logging<D> extends Extension<D> {
  /** Sends notifications/message when the caller asked for logs at this level. */
  log(ctx: RequestContext, level: LogLevel, data: unknown): void;
}

const rank = (level: LogLevel) => LOG_LEVELS.indexOf(level);

/**
 * The `logging` capability. Whether a log goes out: 2026-07-28, only if the request set `_meta`
 * logLevel, and at or above it. Legacy: a stateless server cannot remember `logging/setLevel`
 * (acknowledged, nothing stored; removed in 2026-07-28), so every log goes out (the level is the
 * client's to filter).
 */
export function logging<D>(): Logging<D> {
  return {
    capabilities: { logging: {} },
    methods: {
      "logging/setLevel": {
        era: "legacy",
        handle: async (params) => {
          if (!isLogLevel(params.level)) throw new RpcError(CODES.invalidParams, "params.level must be a log level");
          return { result: {} };
        },
      },
    },
    log(ctx, level, data) {
      const wanted = ctx.era !== "modern" || (ctx.logLevel !== undefined && rank(level) >= rank(ctx.logLevel));
      if (wanted) ctx.notify?.("notifications/message", { level, data });
    },
  };
}
