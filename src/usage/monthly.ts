/**
 * The monthly counters (`monthly/YYYY-MM.json`): sums over the month's events, plus the ledger of
 * event ids already folded in, which is what makes folding idempotent (fold.ts).
 */
import * as z from "zod/mini";
import "../zod-english.ts";
import type { ChatRecord } from "./chat.ts";
import { dayOf, errorKind, isRegistryMethod, UNKNOWN_AGENT, type UsageEvent } from "./event.ts";

const count = z.number().check(z.int(), z.nonnegative());
const Counts = z.record(z.string(), count);
export type Counts = z.infer<typeof Counts>;

export const Monthly = z.object({
  v: z.literal(1),
  month: z.string(),
  updated_at: z.nullable(z.string()),
  calls: z.number().check(z.int(), z.nonnegative()),
  tool_calls: z.number().check(z.int(), z.nonnegative()),
  bytes: z.number().check(z.int(), z.nonnegative()),
  infra_errors: z.number().check(z.int(), z.nonnegative()),
  client_errors: z.number().check(z.int(), z.nonnegative()),
  /** Events that could not be parsed (a write cut off mid-way); not in any other count. */
  unreadable: z._default(z.number().check(z.int(), z.nonnegative()), 0),
  by_method: Counts,
  /** Tool calls by tool, and the registry's requests by method (`registry/item`, `registry/index`). */
  by_tool: Counts,
  by_status: Counts,
  by_agent: Counts,
  /** The calls counted as agent "unknown" (they named no client), by their User-Agent: a hint only. */
  unknown_by_user_agent: z._default(Counts, {}),
  by_pattern: Counts,
  /** `<pattern_id>@<version_id>` of the components served. */
  by_version: Counts,
  by_day: Counts,
  by_day_tool: z.record(z.string(), Counts),
  by_protocol: Counts,
  /** HMAC of the caller (hash.ts); the number of keys is the month's unique clients. */
  by_client: Counts,
  /** Duration histograms (see `bucketOf`): all recorded calls, and successful calls per tool or method. */
  durations: z.object({ all: Counts, ok_by_tool: z.record(z.string(), Counts) }),
  /** Successful searches by how their best hit matched (`none`: no hit): search_patterns and search_components. */
  searches: z._default(Counts, () => ({})),
  /**
   * Successful validate_component calls by where the edit was parsed (`validated_by`: `function`, the
   * site's validate function; `isolate`, the process that served the call), or `unchanged` when the
   * delivered bytes came back and nothing was parsed. On Netlify, `isolate` is the edge's fallback.
   */
  validations: z._default(Counts, () => ({})),
  /** The chatbot's answers (chat.ts): their patterns, those carrying hasGeneratedComponent, those with a component. */
  chatbot: z._default(
    z.object({ answers: count, unavailable: count, patterns: count, with_flag: count, with_component: count }),
    () => ({ answers: 0, unavailable: 0, patterns: 0, with_flag: 0, with_component: 0 }),
  ),
  /** Ids of the events (and `chat/<id>` of chatbot records) counted above: an id is never folded twice. */
  folded: z.array(z.string()),
});
export type Monthly = z.infer<typeof Monthly>;

export function emptyMonthly(month: string): Monthly {
  return {
    v: 1,
    month,
    updated_at: null,
    calls: 0,
    tool_calls: 0,
    bytes: 0,
    infra_errors: 0,
    client_errors: 0,
    unreadable: 0,
    by_method: {},
    by_tool: {},
    by_status: {},
    by_agent: {},
    unknown_by_user_agent: {},
    by_pattern: {},
    by_version: {},
    by_day: {},
    by_day_tool: {},
    by_protocol: {},
    by_client: {},
    durations: { all: {}, ok_by_tool: {} },
    searches: {},
    validations: {},
    chatbot: { answers: 0, unavailable: 0, patterns: 0, with_flag: 0, with_component: 0 },
    folded: [],
  };
}

const bump = (c: Counts, key: string | undefined | null, n = 1) => {
  if (key) c[key] = (c[key] ?? 0) + n;
};

/**
 * Log-scale buckets 10% wide: bucket b holds durations in (GROWTH^(b-1), GROWTH^b] ms, so a quantile read
 * back from the histogram (scripts/ops/usage-report/quantile.ts) is within 10% of the true value, in
 * ~100 buckets up to a minute.
 */
export const GROWTH = 1.1;
export const bucketOf = (ms: number) => (ms < 1 ? 0 : Math.ceil(Math.log(ms) / Math.log(GROWTH)));

/** Adds one event to the counters (in place). The caller records its id in `folded`. */
export function addEvent(m: Monthly, e: UsageEvent): void {
  m.calls++;
  m.bytes += e.bytes;
  bump(m.by_method, e.method);
  bump(m.by_status, e.status);
  bump(m.by_agent, e.agent);
  if (e.agent === UNKNOWN_AGENT) bump(m.unknown_by_user_agent, e.user_agent ?? "(none)");
  const registry = isRegistryMethod(e.method);
  bump(m.by_protocol, e.protocol_version ? `${e.era ?? "?"} ${e.protocol_version}` : registry ? "registry" : "unknown");
  bump(m.by_client, e.client);
  const day = dayOf(e.ts);
  bump(m.by_day, day);
  const label = e.tool ?? e.method;
  bump((m.by_day_tool[day] ??= {}), label);
  if (e.method === "tools/call") {
    m.tool_calls++;
    bump(m.by_tool, e.tool ?? "(unknown tool)");
  }
  // Counted like a tool call, beside get_component, under its own name; not in tool_calls (MCP's).
  if (registry) bump(m.by_tool, e.method);
  bump(m.by_pattern, e.pattern_id);
  if (e.pattern_id && e.version_id) bump(m.by_version, `${e.pattern_id}@${e.version_id}`);
  const kind = errorKind(e.status, e.http_status);
  if (kind === "infra") m.infra_errors++;
  if (kind === "client") m.client_errors++;
  const bucket = String(bucketOf(e.duration_ms));
  bump(m.durations.all, bucket);
  if (kind === "ok") bump((m.durations.ok_by_tool[label] ??= {}), bucket);
  if (kind === "ok" && e.search) bump(m.searches, e.search);
  if (kind === "ok" && e.tool === "validate_component") bump(m.validations, e.validated_by ?? "unchanged");
}

/** Adds one chatbot answer's counts (in place). */
export function addChat(m: Monthly, r: ChatRecord): void {
  const c = m.chatbot;
  c.answers++;
  if (r.catalog === "unavailable") c.unavailable++;
  c.patterns += r.patterns;
  c.with_flag += r.with_flag;
  c.with_component += r.with_component;
}
