/** The local server's terminal line for one `[mcp-usage]` log line (src/usage/event.ts `logLine`). */

export const USAGE_PREFIX = "[mcp-usage] ";

/**
 * `12:03:04 tools/call get_component ok 1.2 ms cursor/1.7`: time (UTC, as the log), method and tool,
 * status, duration, agent. A line that does not parse is returned as it came.
 */
export function shortUsageLine(line: string): string {
  try {
    const e = JSON.parse(line.slice(USAGE_PREFIX.length)) as Record<string, unknown>;
    const time = typeof e.ts === "string" ? e.ts.slice(11, 19) : "--:--:--";
    const what = e.tool ? `${e.method} ${e.tool}` : String(e.method);
    return `${time} ${what} ${e.status} ${e.duration_ms} ms ${e.agent}`;
  } catch {
    return line;
  }
}
