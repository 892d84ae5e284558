import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../../scripts/lib/repo-root.ts";
import { type LocalBlobs, startLocalBlobs } from "../../../scripts/local/blobs.ts";
import { openStore, type KV } from "../../../src/storage/blobs.ts";
import { USAGE_STORE } from "../../../src/usage/event.ts";
import { foldMonth, readMonthly } from "../../../src/usage/fold.ts";
import { emptyMonthly, addEvent } from "../../../src/usage/monthly.ts";
import { buildReport, renderText } from "../../../scripts/ops/usage-report/report.ts";
import { renderHtml } from "../../../scripts/ops/usage-report/html.ts";
import { usageReport } from "../../../scripts/ops/usage-report/cli.ts";
import { catalogData } from "../../helpers/app.ts";
import { seedEvents } from "../../helpers/usage.ts";

const run = promisify(execFile);
const MONTH = "2026-11";
const pattern = (catalogData as { id: string; title: string }[])[0];

/** The report CLI as users run it (Node with tsx's loader), against a store directory. */
const report = (args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, ["--import", "tsx", join(ROOT, "scripts/ops/usage-report.ts"), ...args], {
    cwd: ROOT,
    env: { ...process.env, NETLIFY_SITE_ID: "", NETLIFY_BLOBS_TOKEN: "", ...env },
    timeout: 120_000,
  });

let dir: string;
let server: LocalBlobs;
let kv: KV;
let url: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "usage-report-"));
  // Site "0": what @netlify/dev uses for an unlinked project, and what the report reads from a directory.
  server = await startLocalBlobs({ directory: dir, siteID: "0" });
  url = server.url;
  kv = openStore(USAGE_STORE, { config: server.config, consistency: "strong" });
  await seedEvents(kv, MONTH, 40, (i) => ({
    ts: `2026-11-${String(1 + (i % 5)).padStart(2, "0")}T09:00:00.000Z`,
    tool: ["search_patterns", "get_component", "get_component", "search_components"][i % 4],
    pattern_id: i % 4 === 1 || i % 4 === 2 ? pattern.id : undefined,
    version_id: i % 4 === 1 ? "seed" : i % 4 === 2 ? "v2" : undefined,
    status: i === 0 ? "upstream_timeout" : i < 4 ? "pattern_not_found" : "ok",
    agent: i % 3 ? "cursor/1.7" : "claude-code/2.0.1",
    client: `client-${i % 7}`,
    bytes: 2048,
    duration_ms: 20 + i,
  }));
  await seedEvents(kv, MONTH, 5, () => ({
    method: "initialize",
    tool: undefined,
    era: "legacy",
    protocol_version: "2025-06-18",
    client: "client-0",
  }));
});
afterAll(async () => {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

describe("npm run usage-report", () => {
  it("--json prints exactly one JSON object with the review's fields, after folding", async () => {
    const { stdout } = await report(["--month", MONTH, "--json", "--dir", dir]);
    const lines = stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    const r = JSON.parse(lines[0]);
    expect(r).toMatchObject({
      month: MONTH,
      calls: 45,
      tool_calls: 40,
      unique_clients: 7,
      bytes: 45 * 2048 - 5 * 2048 + 5 * 100,
      by_tool: { get_component: 20, search_patterns: 10, search_components: 10 },
      by_status: { ok: 41, pattern_not_found: 3, upstream_timeout: 1 },
      by_pattern: { [pattern.id]: 20 },
    });
    expect(r.by_agent["cursor/1.7"] + r.by_agent["claude-code/2.0.1"]).toBe(40);
    expect(r.errors).toMatchObject({ infra: 1, client: 3, infra_target: 0.02 });
    expect(r.errors.infra_rate).toBeCloseTo(1 / 45, 4);
    expect(r.errors.infra_within_target).toBe(false);
    expect(r.duration_ms.p95).toBeGreaterThan(r.duration_ms.p50);
    // It folded: the monthly blob now exists in the store.
    expect((await readMonthly(kv, MONTH)).calls).toBe(45);
  });

  it("prints a readable report and --html writes one self-contained page with inline SVG charts", async () => {
    const file = join(dir, "report.html");
    const { stdout } = await report(["--month", MONTH, "--html", file, "--dir", dir]);
    for (const s of [
      "Calls per tool",
      "Calls per day",
      "2026-11-05",
      "Status",
      "Infra errors",
      "target < 2.00%: MISSED",
      "Client errors",
      "p50",
      "p95",
      "Top patterns",
      pattern.title,
      "Agents",
      "cursor/1.7",
      "Unique clients   7",
      "Bytes served",
      `Wrote ${file}`,
    ]) {
      expect(stdout).toContain(s);
    }
    const html = await readFile(file, "utf8");
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect((html.match(/<svg /g) ?? []).length).toBeGreaterThanOrEqual(5);
    expect(html).toContain("get_component");
    expect(html).toContain(pattern.title);
    // Nothing fetched from elsewhere: no scripts, no external stylesheets, images or fonts.
    expect(html).not.toMatch(/<script|<link|<img|@import|url\(|src=|href=/i);
  });

  it("reads production with NETLIFY_SITE_ID + NETLIFY_BLOBS_TOKEN (Blobs API)", async () => {
    const prod = openStore(USAGE_STORE, { config: { ...server.config, siteID: "prod-site" } });
    await seedEvents(prod, "2026-10", 3);
    await foldMonth(prod, "2026-10");
    // --no-fold: the local BlobsServer's emulation of the Blobs API drops a list's prefix (it appends
    // "?signature=" to a URL that already has a query), so only reads are exercised through the API here.
    const { stdout } = await report(["--month", "2026-10", "--json", "--no-fold"], {
      NETLIFY_SITE_ID: "prod-site",
      NETLIFY_BLOBS_TOKEN: server.config.token,
      NETLIFY_API_URL: url,
    });
    expect(JSON.parse(stdout)).toMatchObject({ month: "2026-10", calls: 3 });
  });

  it("refuses a malformed month with a usage line and exit code 2", async () => {
    const err = await report(["--month", "Nov-2026", "--dir", dir]).then(
      () => null,
      (e) => e,
    );
    expect(err?.code).toBe(2);
    expect(err?.stderr).toContain("use YYYY-MM");
  });

  it("answers --help with its usage (0) and an unknown flag or a stray argument with the reason and it (2), in process", async () => {
    const said = async (argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await usageReport(argv, { out: (t) => out.push(t), err: (t) => err.push(t), env: {} });
      return { code, out: out.join("\n"), err: err.join("\n") };
    };
    expect(await said(["--help"])).toEqual({
      code: 0,
      out: expect.stringMatching(/^usage: npm run usage-report/),
      err: "",
    });
    const unknown = await said(["--dir", dir, "--bogus"]);
    expect(unknown).toMatchObject({ code: 2, out: "" });
    expect(unknown.err).toMatch(/'--bogus'[\s\S]*\nusage: npm run usage-report/);
    expect((await said(["--dir", dir, "2026-11"])).code).toBe(2);
  });
});

describe("buildReport", () => {
  it("splits infra from client errors and compares get_component's p95 with 500 ms", () => {
    const m = emptyMonthly("2026-12");
    const ev = (status: string, http_status: number, tool: string, duration_ms: number) => ({
      v: 1 as const,
      ts: "2026-12-03T00:00:00.000Z",
      method: "tools/call",
      tool,
      status,
      http_status,
      duration_ms,
      bytes: 10,
      agent: "a",
      client: null,
    });
    for (let i = 0; i < 98; i++) addEvent(m, ev("ok", 200, "get_component", 100 + i));
    addEvent(m, ev("rpc_-32603", 500, "get_component", 5));
    addEvent(m, ev("invalid_args", 200, "search_patterns", 5));
    const r = buildReport(m);
    expect(r.errors).toMatchObject({
      infra: 1,
      client: 1,
      infra_rate: 0.01,
      infra_within_target: true,
      client_rate: 0.01,
    });
    expect(r.duration_ms.get_component_ok_p95).toBeGreaterThanOrEqual(190);
    expect(r.duration_ms.get_component_ok_p95).toBeLessThanOrEqual(195 * 1.1);
    expect(r.unique_clients).toBe(0);
    expect(renderText(r)).toContain("target < 2.00%: met");
  });

  it("says where edits were validated, and flags edits parsed in the isolate", () => {
    const ev = (validated_by?: string) => ({
      v: 1 as const,
      ts: "2026-12-03T00:00:00.000Z",
      method: "tools/call",
      tool: "validate_component",
      validated_by,
      status: "ok",
      http_status: 200,
      duration_ms: 3,
      bytes: 10,
      agent: "a",
      client: null,
    });
    const m = emptyMonthly("2026-12");
    for (const by of ["function", "function", "function", undefined]) addEvent(m, ev(by));
    const quiet = buildReport(m);
    expect(quiet.validations).toEqual({ calls: 4, function: 3, isolate: 0, unchanged: 1, isolate_rate: 0 });
    expect(renderText(quiet)).toContain(
      "Where edits were validated (validate_component, 4 successful calls): the validate function 3, " +
        "the isolate 0 (0.00% of parsed edits), unchanged bytes 1\n",
    );
    expect(renderText(quiet)).not.toContain("ISOLATE");
    expect(renderHtml(quiet)).not.toContain("did not answer");

    addEvent(m, ev("isolate"));
    const fellBack = buildReport(m);
    expect(fellBack.validations).toMatchObject({ calls: 5, isolate: 1, isolate_rate: 0.25 });
    expect(renderText(fellBack)).toContain("the isolate 1 (25.00% of parsed edits)");
    expect(renderText(fellBack)).toMatch(/\n {2}ISOLATE: on Netlify these edits were parsed at the edge/);
    expect(renderHtml(fellBack)).toMatch(/<p class="flag">On Netlify, edits parsed in the isolate/);

    const none = buildReport(emptyMonthly("2026-12")).validations;
    expect(none).toEqual({ calls: 0, function: 0, isolate: 0, unchanged: 0, isolate_rate: null });
  });

  it("says plainly which calls named no client, and keeps their User-Agents apart as a hint", () => {
    const m = emptyMonthly("2026-12");
    const ev = (agent: string, user_agent?: string) => ({
      v: 1 as const,
      ts: "2026-12-03T00:00:00.000Z",
      method: "tools/call",
      tool: "get_component",
      status: "ok",
      http_status: 200,
      duration_ms: 3,
      bytes: 10,
      agent,
      user_agent,
      client: null,
    });
    for (const [agent, ua, n] of [
      ["cursor/1.7", undefined, 2],
      ["unknown", "node", 3],
      ["unknown", "undici", 1],
      ["unknown", undefined, 1],
    ] as const) {
      for (let i = 0; i < n; i++) addEvent(m, ev(agent, ua));
    }
    const r = buildReport(m);
    expect(r.by_agent).toEqual({ unknown: 5, "cursor/1.7": 2 });
    expect(r.unknown_by_user_agent).toEqual({ node: 3, undici: 1, "(none)": 1 });
    const text = renderText(r);
    const agents = text.slice(text.indexOf("\nAgents"), text.indexOf("\nCalls that named no client"));
    expect(agents).toContain("unknown: the call named no client");
    // The HTTP library is never shown as the agent.
    expect(agents).not.toMatch(/node|undici/);
    expect(text).toMatch(/Calls that named no client, by User-Agent[^\n]*\n\s+3\s+60\.00%\s+node\n/);
    // A month without such calls shows no such table.
    const named = emptyMonthly("2026-12");
    addEvent(named, ev("cursor/1.7"));
    expect(renderText(buildReport(named))).not.toContain("Calls that named no client");
  });
});
