/** The calls of `npm run load` and one concurrent round of them, with per-call checks. */
import { RECORDED_METHODS as RECORDED } from "../src/usage/event.ts";
import type { FixturePattern } from "../scripts/lib/fixtures.ts";
import { percentile } from "../scripts/lib/stats.ts";

const V26 = "2026-07-28";

export interface Call {
  label: string;
  method: string;
  /** The tool called, for counting (usage counts are per tools/call). */
  tool?: string;
  headers: Record<string, string>;
  body: string;
}

export interface RoundResult {
  calls: number;
  errors: number;
  /** Responses whose HTTP status was not 200 (failed requests included). */
  non200: number;
  /** tools/call requests answered, by tool. */
  toolCalls: Record<string, number>;
  /** Requests of the methods usage records (initialize, server/discover, tools/call). */
  recorded: number;
  examples: string[];
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/**
 * The agent this run reports as: `clientInfo` on modern requests and initialize, the User-Agent on the
 * rest. The counters file the first under `by_agent` and the rest, which name no client, under
 * `unknown_by_user_agent`; both as `<name>/1`, so the run's own calls can be counted in a shared store.
 */
export const agentName = (runId: string) => `load-${runId}`;

function modern(method: string, params: Record<string, unknown>, id: number, agent: string): Call {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json",
    "mcp-protocol-version": V26,
    "mcp-method": method,
    "user-agent": `${agent}/1`,
  };
  if (method === "tools/call") headers["mcp-name"] = String(params.name);
  const meta = {
    "io.modelcontextprotocol/protocolVersion": V26,
    "io.modelcontextprotocol/clientCapabilities": {},
    "io.modelcontextprotocol/clientInfo": { name: agent, version: "1" },
  };
  return {
    label: `${method} ${params.name ?? ""}`,
    method,
    tool: method === "tools/call" ? String(params.name) : undefined,
    headers,
    body: JSON.stringify({ jsonrpc: "2.0", id, method, params: { ...params, _meta: meta } }),
  };
}

function legacy(method: string, params: Record<string, unknown>, id: number, agent: string): Call {
  const headers = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": "2025-06-18",
    "user-agent": `${agent}/1`,
  };
  return {
    label: `${method} ${params.name ?? ""} (legacy)`,
    method,
    tool: method === "tools/call" ? String(params.name) : undefined,
    headers,
    body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
  };
}

/** Every tool, both eras, every visible version of every fixture: a realistic mix, heavy on get_component. */
export function buildWorkload(fixtures: FixturePattern[], agent: string): Call[] {
  const out: Call[] = [];
  let id = 0;
  const both = (method: string, params: Record<string, unknown>) =>
    out.push(modern(method, params, ++id, agent), legacy(method, params, ++id, agent));
  for (const f of fixtures) {
    both("tools/call", { name: "get_component", arguments: { pattern_id: f.entry.id } });
    for (const v of f.index.versions.filter((x) => !x.hiddenAt))
      both("tools/call", {
        name: "get_component",
        arguments: { pattern_id: `#${f.entry.catalogNumber}`, version_id: v.versionId },
      });
    both("tools/call", { name: "get_pattern", arguments: { pattern_id: f.entry.slug } });
  }
  for (const q of [
    "drag and drop",
    "sidebar",
    "date picker",
    "toast",
    "onboarding checklist",
    "empty state",
    "tabs",
    "modal",
  ]) {
    both("tools/call", { name: "search_patterns", arguments: { query: q } });
    both("tools/call", { name: "search_components", arguments: { query: q } });
  }
  both("tools/call", { name: "list_categories", arguments: {} });
  both("tools/list", {});
  out.push(modern("server/discover", {}, ++id, agent));
  out.push(
    legacy(
      "initialize",
      { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: agent, version: "1" } },
      ++id,
      agent,
    ),
  );
  return out;
}

/** What counts as an error: any non-200, any JSON-RPC error, any tool result with isError. */
async function check(res: Response): Promise<string | null> {
  const text = await res.text();
  if (res.status !== 200) return `HTTP ${res.status}: ${text.slice(0, 160)}`;
  let body: { error?: unknown; result?: { isError?: boolean; content?: { text: string }[] } };
  try {
    body = JSON.parse(text);
  } catch {
    return `not JSON: ${text.slice(0, 160)}`;
  }
  if (body.error) return `JSON-RPC error ${JSON.stringify(body.error).slice(0, 160)}`;
  if (body.result?.isError) return `tool error ${body.result.content?.[0]?.text.slice(0, 160)}`;
  return null;
}

export async function runRound(
  url: string,
  workload: Call[],
  o: { calls: number; concurrency: number; offset: number; deadline: number },
): Promise<RoundResult> {
  const times: number[] = [];
  const examples: string[] = [];
  const toolCalls: Record<string, number> = {};
  let errors = 0;
  let non200 = 0;
  let recorded = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < o.calls && Date.now() < o.deadline) {
      const call = workload[(o.offset + next++) % workload.length];
      const t0 = performance.now();
      let problem: string | null;
      try {
        const res = await fetch(url, {
          method: "POST",
          headers: call.headers,
          body: call.body,
          signal: AbortSignal.timeout(30_000),
        });
        if (res.status !== 200) non200++;
        problem = await check(res);
      } catch (e) {
        non200++;
        problem = `request failed: ${e instanceof Error ? e.message : e}`;
      }
      times.push(performance.now() - t0);
      if (call.tool) toolCalls[call.tool] = (toolCalls[call.tool] ?? 0) + 1;
      if (RECORDED.has(call.method)) recorded++;
      if (problem) {
        errors++;
        if (examples.length < 5) examples.push(`${call.label}: ${problem}`);
      }
    }
  };
  await Promise.all(Array.from({ length: o.concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  // Nearest-rank percentiles, as every other report here (scripts/lib/stats.ts); 0 when nothing ran.
  const at = (p: number) => (times.length ? percentile(times, p) : 0);
  return {
    calls: times.length,
    errors,
    non200,
    toolCalls,
    recorded,
    examples,
    rps: times.length / elapsed,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: at(100),
  };
}
