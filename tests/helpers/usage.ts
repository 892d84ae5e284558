/** Shared pieces of the usage tests: a recorder over a real local Blobs server, event seeding, blob dumps. */
import { usageReport } from "../../scripts/ops/usage-report/cli.ts";
import type { AppOptions } from "../../src/app.ts";
import { openStore, type KV, type BlobsConfig } from "../../src/storage/blobs.ts";
import { keys, USAGE_STORE, type UsageEvent } from "../../src/usage/event.ts";
import { createUsageRecorder } from "../../src/usage/recorder.ts";
import { fixtures, modern, post, testApp } from "./app.ts";

export const usageStore = (config: BlobsConfig) => openStore(USAGE_STORE, { config, consistency: "strong" });

/** The real app with usage on, logging into `lines`. */
export function usageApp(
  config: BlobsConfig,
  opts: { secret?: string; lines?: string[]; app?: Partial<AppOptions> } = {},
) {
  const lines = opts.lines ?? [];
  const usage = createUsageRecorder({ secret: opts.secret, open: () => usageStore(config), log: (l) => lines.push(l) });
  return { app: testApp({ ...opts.app, usage }), lines };
}

/** A 2026-07-28 tools/call whose clientInfo names `agent`. */
export async function toolCall(
  name: string,
  args: Record<string, unknown>,
  agent = "test",
  headers: Record<string, string> = {},
) {
  const req = modern("tools/call", { name, arguments: args }, headers);
  const body = await req.json();
  body.params._meta["io.modelcontextprotocol/clientInfo"] = { name: agent, version: "1.0" };
  return new Request(req.url, { method: "POST", headers: req.headers, body: JSON.stringify(body) });
}

export const legacyInit = (name = "legacy-client") =>
  post({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name, version: "2.0" } },
  });

/** A fixture with code, and the lines of its TSX that are long enough to be unmistakable. */
export function fixtureWithCode() {
  const f = fixtures.find((x) => x.code.length > 0)!;
  const active = f.code.find((c) => c.versionId === f.index.activeVersionId) ?? f.code[0];
  const tsx = new TextDecoder().decode(active.bytes);
  const lines = tsx
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length >= 16);
  return { fixture: f, tsx, lines };
}

/** Every blob of the usage store as text, by key. */
export async function dump(kv: KV): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const k of await kv.list()) {
    const bytes = await kv.get(k);
    if (bytes) out.set(k, new TextDecoder().decode(bytes));
  }
  return out;
}

let seq = 0;
/** Writes events straight into the store, the way the recorder lays them out. */
export async function seedEvents(
  kv: KV,
  month: string,
  n: number,
  make: (i: number) => Partial<UsageEvent> = () => ({}),
) {
  const ids: string[] = [];
  await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const id = `${month.replace("-", "")}01T000000000Z-seed${String(seq++).padStart(8, "0")}`;
      ids.push(id);
      const event: UsageEvent = {
        v: 1,
        ts: `${month}-01T12:00:00.000Z`,
        method: "tools/call",
        era: "modern",
        protocol_version: "2026-07-28",
        tool: "search_patterns",
        status: "ok",
        http_status: 200,
        duration_ms: 12,
        bytes: 100,
        agent: "seed/1",
        client: "c0",
        ...make(i),
      };
      await kv.set(keys.event(month, id), JSON.stringify(event));
    }),
  );
  return ids;
}

/**
 * The review `npm run usage-report -- …args` prints, in process (the CLI's own function, never against
 * production): rejects, as a failed command would, on any exit code but 0. The launched command's own
 * behaviour (exit codes, stdout holding only JSON, the production store) is tested in report.test.ts.
 */
export async function reportCli(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const env = { ...process.env, NETLIFY_SITE_ID: "", NETLIFY_BLOBS_TOKEN: "" };
  const code = await usageReport(args, { out: (t) => out.push(t), err: (t) => err.push(t), env });
  if (code !== 0) throw new Error(`usage-report exited ${code}: ${err.join("\n")}`);
  return { stdout: `${out.join("\n")}\n`, stderr: err.join("\n") };
}

/**
 * The stored events' texts of `months` that name `mark`, written since `since` (a minute's margin for
 * clocks): an event's id begins with its time (`keys.eventTime`), so only the newer keys are read. The
 * local store keeps every earlier run's events, and reading them all made these tests slower each run.
 */
export async function storedEventsSince(kv: KV, months: Iterable<string>, since: Date, mark: string, slackMs = 60_000) {
  const from = keys.eventTime(new Date(since.getTime() - slackMs));
  const texts: string[] = [];
  for (const m of months) {
    const prefix = keys.eventPrefix(m);
    const recent = (await kv.list(prefix)).filter((k) => k.slice(prefix.length) >= from);
    for (let i = 0; i < recent.length; i += 32) {
      const batch = await Promise.all(recent.slice(i, i + 32).map((k) => kv.get(k)));
      for (const b of batch) {
        const text = b ? new TextDecoder().decode(b) : "";
        if (text.includes(mark)) texts.push(text);
      }
    }
  }
  return texts;
}
