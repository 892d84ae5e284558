/**
 * Request-scoped notifications a tool may send while it runs (progress, logs). They travel on the
 * request's own SSE response, before the result (SH §Receiving Messages); never on another stream.
 */
import { type Envelope, LOG_LEVELS, type LogLevel } from "./era.ts";
import { isObject, type Params } from "./jsonrpc.ts";
import type { ToolContext } from "./tool.ts";

/** Set by the transport; a request served without it (e.g. inside a batch) drops notifications. */
export type Notify = (method: string, params: Record<string, unknown>) => void;

const rank = (level: LogLevel) => LOG_LEVELS.indexOf(level);

/**
 * Whether a log at `level` goes out. 2026-07-28: only if the request set `_meta` logLevel, and
 * at or above it. Legacy: a stateless server cannot remember `logging/setLevel`, so every log
 * goes out when the server advertises logging (the level is the client's to filter).
 */
export function wantsLog(envelope: Envelope, level: LogLevel, logging: boolean): boolean {
  if (envelope.era === "modern") return envelope.logLevel !== undefined && rank(level) >= rank(envelope.logLevel);
  return logging;
}

/** The `progress` and `log` functions of a tool call. */
export function notifier(params: Params, envelope: Envelope, logging: boolean, notify?: Notify): Pick<ToolContext<unknown>, "progress" | "log"> {
  const token = isObject(params._meta) ? params._meta.progressToken : undefined;
  const send: Notify = notify ?? (() => {});
  return {
    progress(progress, total, message) {
      if (typeof token !== "string" && typeof token !== "number") return;
      const p: Record<string, unknown> = { progressToken: token, progress };
      if (total !== undefined) p.total = total;
      if (message !== undefined) p.message = message;
      send("notifications/progress", p);
    },
    log(level, data) {
      if (wantsLog(envelope, level, logging)) send("notifications/message", { level, data });
    },
  };
}
