/** The monthly usage review, computed from the monthly counters: one object, rendered as text, JSON or HTML. */
import { REGISTRY_METHODS, UNKNOWN_AGENT } from "../../../src/usage/event.ts";
import type { Counts, Monthly } from "../../../src/usage/monthly.ts";
import { buildKpis, type KpiSources, type Kpis } from "./kpis.ts";
import { renderKpisText } from "./kpis-text.ts";
import { quantile } from "./quantile.ts";

/** The service's targets (docs/usage.md): infra errors under 2%; p95 of successful get_component under 500 ms. */
export const TARGETS = { infraErrorRate: 0.02, getComponentP95Ms: 500 } as const;

export interface Report extends Kpis {
  month: string;
  calls: number;
  tool_calls: number;
  by_method: Counts;
  by_tool: Counts;
  by_status: Counts;
  by_agent: Counts;
  /** Calls whose agent is unknown (they named no client), by User-Agent: a hint, often only the HTTP library. */
  unknown_by_user_agent: Counts;
  by_pattern: Counts;
  by_version: Counts;
  by_day: Counts;
  by_day_tool: Record<string, Counts>;
  by_protocol: Counts;
  unique_clients: number;
  bytes: number;
  /** Stored events that could not be read (writes cut off); not in `calls`. */
  unreadable_events: number;
  errors: {
    infra: number;
    infra_rate: number;
    infra_target: number;
    infra_within_target: boolean;
    client: number;
    client_rate: number;
  };
  duration_ms: {
    p50: number | null;
    p95: number | null;
    get_component_ok_p95: number | null;
    get_component_target: number;
  };
  updated_at: string | null;
}

const rate = (n: number, total: number) => (total ? Math.round((n / total) * 10000) / 10000 : 0);
/** Largest first, ties by name, so two runs print the same order. */
export const ranked = (c: Counts) => Object.entries(c).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
const sortedKeys = (c: Counts) => Object.fromEntries(Object.entries(c).sort((a, b) => (a[0] < b[0] ? -1 : 1)));

/** `src`: what the product figures read besides the month's counters (kpis.ts). */
export function buildReport(m: Monthly, src: KpiSources = {}): Report {
  const infraRate = rate(m.infra_errors, m.calls);
  return {
    month: m.month,
    calls: m.calls,
    tool_calls: m.tool_calls,
    by_method: Object.fromEntries(ranked(m.by_method)),
    by_tool: Object.fromEntries(ranked(m.by_tool)),
    by_status: Object.fromEntries(ranked(m.by_status)),
    by_agent: Object.fromEntries(ranked(m.by_agent)),
    unknown_by_user_agent: Object.fromEntries(ranked(m.unknown_by_user_agent)),
    by_pattern: Object.fromEntries(ranked(m.by_pattern)),
    by_version: Object.fromEntries(ranked(m.by_version)),
    by_day: sortedKeys(m.by_day),
    by_day_tool: Object.fromEntries(
      Object.keys(m.by_day_tool)
        .sort()
        .map((d) => [d, m.by_day_tool[d]]),
    ),
    by_protocol: Object.fromEntries(ranked(m.by_protocol)),
    unique_clients: Object.keys(m.by_client).length,
    bytes: m.bytes,
    unreadable_events: m.unreadable,
    errors: {
      infra: m.infra_errors,
      infra_rate: infraRate,
      infra_target: TARGETS.infraErrorRate,
      infra_within_target: infraRate < TARGETS.infraErrorRate,
      client: m.client_errors,
      client_rate: rate(m.client_errors, m.calls),
    },
    duration_ms: {
      p50: quantile(m.durations.all, 0.5),
      p95: quantile(m.durations.all, 0.95),
      get_component_ok_p95: quantile(m.durations.ok_by_tool.get_component ?? {}, 0.95),
      get_component_target: TARGETS.getComponentP95Ms,
    },
    updated_at: m.updated_at,
    ...buildKpis(m, src),
  };
}

export const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
export function humanBytes(n: number): string {
  const units = ["B", "KiB", "MiB", "GiB"];
  let i = 0;
  for (; n >= 1024 && i < units.length - 1; i++) n /= 1024;
  return `${i ? n.toFixed(1) : n} ${units[i]}`;
}

/** Names patterns by catalog title when known: ids alone mean nothing in a review. */
export type Titles = Record<string, string>;
const named = (id: string, titles: Titles) => (titles[id] ? `${titles[id]} (${id})` : id);
const versionNamed = (key: string, titles: Titles) => {
  const [id, v] = key.split("@");
  return titles[id] ? `${titles[id]} @ ${v}` : key;
};

function table(title: string, c: Counts, total: number, top = 10, label: (k: string) => string = (k) => k): string[] {
  const rows = ranked(c);
  const out = [`${title}${rows.length > top ? ` (top ${top} of ${rows.length})` : ""}`];
  if (!rows.length) return [...out, "  (none)"];
  const shown = rows.slice(0, top);
  const width = Math.max(...shown.map(([, n]) => String(n).length));
  for (const [k, n] of shown)
    out.push(`  ${String(n).padStart(width)}  ${total ? pct(n / total).padStart(7) : ""}  ${label(k)}`);
  return out;
}

function dayBars(byDay: Counts): string[] {
  const days = Object.entries(byDay).sort((a, b) => (a[0] < b[0] ? -1 : 1));
  if (!days.length) return ["Calls per day", "  (none)"];
  const max = Math.max(...days.map(([, n]) => n));
  return [
    "Calls per day",
    ...days.map(([d, n]) => `  ${d}  ${"█".repeat(Math.max(1, Math.round((n / max) * 40)))} ${n}`),
  ];
}

/** The row of calls that named no client says so: it is not a client called "unknown". */
export const agentLabel = (k: string) =>
  k === UNKNOWN_AGENT
    ? "unknown: the call named no client (2025-era calls after initialize, registry requests without User-Agent)"
    : k;
export const UNKNOWN_BY_UA_TITLE = "Calls that named no client, by User-Agent (a hint: often only the HTTP library)";

/** Tool calls and registry requests: what `by_tool` counts, and what serves patterns (`by_pattern`). */
export const servedCount = (r: Report) => Object.values(r.by_tool).reduce((s, n) => s + n, 0);
export const TOOLS_TITLE = "Calls per tool, and registry requests (registry/item, registry/index)";

export function renderText(r: Report, titles: Titles = {}): string {
  const ms = (v: number | null) => (v === null ? "n/a" : `≤ ${v} ms`);
  const served = servedCount(r);
  const lines = [
    `PATTTTERNS MCP usage, ${r.month}${r.updated_at ? ` (folded ${r.updated_at})` : ""}`,
    "",
    `Calls            ${r.calls} (tools/call ${r.tool_calls}, initialize ${r.by_method.initialize ?? 0}, server/discover ${r.by_method["server/discover"] ?? 0}, registry/item ${r.by_method[REGISTRY_METHODS.item] ?? 0}, registry/index ${r.by_method[REGISTRY_METHODS.index] ?? 0})`,
    `Unique clients   ${r.unique_clients} (hashed IPs)`,
    `Bytes served     ${humanBytes(r.bytes)} (${r.bytes} B)`,
    ...(r.unreadable_events
      ? [`Unreadable       ${r.unreadable_events} stored event(s) could not be read (write cut off); not counted`]
      : []),
    `Infra errors     ${r.errors.infra} = ${pct(r.errors.infra_rate)} of calls; target < ${pct(r.errors.infra_target)}: ${r.errors.infra_within_target ? "met" : "MISSED"}`,
    `Client errors    ${r.errors.client} = ${pct(r.errors.client_rate)} of calls (bad arguments, unknown patterns or versions; tracked, no target)`,
    `Duration         p50 ${ms(r.duration_ms.p50)}, p95 ${ms(r.duration_ms.p95)} (histogram buckets 10% wide)`,
    `get_component    p95 of successful calls ${ms(r.duration_ms.get_component_ok_p95)}; target < ${r.duration_ms.get_component_target} ms`,
    "",
    ...table(TOOLS_TITLE, r.by_tool, served, 20),
    "",
    ...dayBars(r.by_day),
    "",
    ...table("Status", r.by_status, r.calls, 20),
    "",
    ...table("Top patterns", r.by_pattern, served, 10, (k) => named(k, titles)),
    "",
    ...table("Top versions served", r.by_version, served, 10, (k) => versionNamed(k, titles)),
    "",
    ...table("Agents", r.by_agent, r.calls, 10, agentLabel),
    ...(r.by_agent[UNKNOWN_AGENT]
      ? ["", ...table(UNKNOWN_BY_UA_TITLE, r.unknown_by_user_agent, r.by_agent[UNKNOWN_AGENT], 10)]
      : []),
    "",
    ...table("Protocol", r.by_protocol, r.calls, 10),
    "",
    ...renderKpisText(r),
  ];
  return lines.join("\n");
}

export { named as patternLabel, versionNamed as versionLabel };
