/**
 * Request-scoped notifications a tool may send while it runs (progress, logs). They travel on the
 * request's own SSE response, before the result (SH §Receiving Messages); never on another stream.
 */
import { LOG_LEVELS, type LogLevel, type RequestContext } from "./context.ts";
import { isObject } from "./jsonrpc.ts";
import type { ToolContext } from "./tool.ts";

const rank = (level: LogLevel) => LOG_LEVELS.indexOf(level);

/**
 * Whether a log at `level` goes out. 2026-07-28: only if the request set `_meta` logLevel, and
 * at or above it. Legacy: a stateless server cannot remember `logging/setLevel`, so every log
 * goes out when the server advertises logging (the level is the client's to filter).
 */
export function wantsLog(ctx: RequestContext, level: LogLevel, logging: boolean): boolean {
  if (ctx.era === "modern") return ctx.logLevel !== undefined && rank(level) >= rank(ctx.logLevel);
  return logging;
}

/** The `progress` and `log` functions of a tool call; without `ctx.notify` (a batch, a JSON-only client) they send nothing. */
export function notifier(ctx: RequestContext, logging: boolean): Pick<ToolContext<unknown>, "progress" | "log"> {
  const token = isObject(ctx.params._meta) ? ctx.params._meta.progressToken : undefined;
  const send = ctx.notify ?? (() => {});
  return {
    progress(progress, total, message) {
      if (typeof token !== "string" && typeof token !== "number") return;
      const p: Record<string, unknown> = { progressToken: token, progress };
      if (total !== undefined) p.total = total;
      if (message !== undefined) p.message = message;
      send("notifications/progress", p);
    },
    log(level, data) {
      if (wantsLog(ctx, level, logging)) send("notifications/message", { level, data });
    },
  };
}
