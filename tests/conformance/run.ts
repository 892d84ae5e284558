/**
 * Runs the official conformance CLI (Node 20: with the globSync shim) and judges its checks
 * against tests/conformance/expected.ts. `npm run conformance` runs every set against a locally
 * started fixture server and the real edge function served on Deno by `npm start`'s local server,
 * and prints the results table.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { type ConformanceRun, type Expectation, RUNS } from "./expected.ts";

import { ROOT } from "../../scripts/lib/repo-root.ts";
const CLI = join(ROOT, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const SHIM = join(ROOT, "tests/conformance/node20-glob.mjs");

export interface Check {
  id: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "SKIPPED" | "INFO";
  errorMessage?: string;
}

/** Runs each invocation of `run` against `url`; returns the checks per scenario. */
export async function runSuite(run: ConformanceRun, url: string): Promise<Map<string, Check[]>> {
  const out = mkdtempSync(join(tmpdir(), "conformance-"));
  try {
    for (const args of run.invocations) {
      // The exit code only says whether something failed; the checks are judged below.
      await promisify(execFile)(
        process.execPath,
        ["--import", SHIM, CLI, "server", "--url", url, "--timeout", "180000", ...args, "-o", out],
        {
          cwd: out,
          maxBuffer: 64 * 1024 * 1024,
        },
      ).catch((e: { code?: unknown; stderr?: string }) => {
        if (typeof e.code !== "number") throw e;
      });
    }
    const results = new Map<string, Check[]>();
    for (const dir of readdirSync(out)) {
      const scenario = /^server-(.+)-\d{4}-\d{2}-\d{2}T/.exec(dir)?.[1];
      if (scenario) results.set(scenario, JSON.parse(readFileSync(join(out, dir, "checks.json"), "utf8")));
    }
    return results;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

export interface Verdict {
  scenario: string;
  outcome: "pass" | "na" | "unsupported" | "missing";
  passed: number;
  failed: number;
  /** Non-empty when the outcome differs from the expectation. */
  problems: string[];
}

const bad = (c: Check) => c.status === "FAILURE" || c.status === "WARNING";

export function judge(scenario: string, checks: Check[] | undefined, expected: Expectation | undefined): Verdict {
  if (!checks)
    return {
      scenario,
      outcome: "missing",
      passed: 0,
      failed: 0,
      problems: expected ? ["expected to run, but produced no results"] : [],
    };
  const passed = checks.filter((c) => c.status === "SUCCESS").length;
  const failed = checks.filter((c) => c.status === "FAILURE").length;
  const outcome = failed > 0 ? "unsupported" : passed > 0 ? "pass" : "na";
  const problems: string[] = [];
  if (!expected) problems.push(`not listed in expected.ts (outcome ${outcome})`);
  else if (expected.expect === "pass") {
    for (const c of checks.filter(bad)) {
      if (!expected.mayFail?.[c.id]) problems.push(`${c.id}: ${c.status} ${c.errorMessage ?? ""}`.trim());
    }
    if (passed === 0) problems.push("no SUCCESS check");
  } else if (expected.expect === "unsupported" && failed === 0) {
    problems.push(`expected unsupported (${expected.reason}) but nothing failed: promote it to pass`);
  } else if (expected.expect === "na" && (passed > 0 || failed > 0)) {
    problems.push(`expected n/a but ${passed} passed and ${failed} failed`);
  }
  const shown = expected?.expect === "pass" && problems.length === 0 ? "pass" : outcome;
  return { scenario, outcome: shown, passed, failed, problems };
}

/** Judges every scenario the run produced or expects. */
export function judgeRun(run: ConformanceRun, results: Map<string, Check[]>): Verdict[] {
  const names = new Set([...Object.keys(run.expected), ...(run.listedOnly ? [] : results.keys())]);
  return [...names].map((s) => judge(s, results.get(s), run.expected[s]));
}

const label = (run: ConformanceRun) => `${run.server === "fixture" ? "Fixture" : "Served"} ${run.era}`;

/** A markdown table: one row per scenario, one column per run. */
export function table(runs: { run: ConformanceRun; verdicts: Verdict[] }[]): string {
  const scenarios = [...new Set(runs.flatMap((r) => r.verdicts.map((v) => v.scenario)))].sort();
  const cell = (v?: Verdict) =>
    !v
      ? "—"
      : v.outcome === "pass"
        ? `pass (${v.passed}${v.failed ? `; ${v.failed} allowed` : ""})`
        : v.outcome === "na"
          ? "n/a"
          : v.outcome === "missing"
            ? "not run"
            : `unsupported (${v.passed}/${v.passed + v.failed})`;
  const lines = [
    `| Scenario | ${runs.map((r) => label(r.run)).join(" | ")} |`,
    `|---|${runs.map(() => "---").join("|")}|`,
  ];
  for (const s of scenarios)
    lines.push(`| \`${s}\` | ${runs.map((r) => cell(r.verdicts.find((v) => v.scenario === s))).join(" | ")} |`);
  // Why each scenario is not a plain pass, from expected.ts (one line per distinct reason).
  const notes = new Map<string, string[]>();
  const note = (reason: string, where: string) => notes.set(reason, [...(notes.get(reason) ?? []), where]);
  for (const { run } of runs) {
    for (const [scenario, e] of Object.entries(run.expected)) {
      if (e.expect !== "pass") note(e.reason, `${label(run)} \`${scenario}\` (${e.expect})`);
      else
        for (const [check, reason] of Object.entries(e.mayFail ?? {}))
          note(reason, `${label(run)} \`${scenario}\` check \`${check}\``);
    }
  }
  lines.push("", ...[...notes].map(([reason, where]) => `- ${where.join(", ")}: ${reason}`));
  return lines.join("\n");
}

async function main() {
  const { startFixtureServer } = await import("./fixture-server.ts");
  const { spawnNpmStart } = await import("../../scripts/local/spawn.ts");
  const fixture = await startFixtureServer();
  const served = await spawnNpmStart(process.env.PORT);
  const done: { run: ConformanceRun; verdicts: Verdict[] }[] = [];
  try {
    for (const run of RUNS) {
      const url = run.server === "fixture" ? fixture.url : `${served.value.url}/mcp`;
      console.error(`[conformance] ${label(run)} against ${url} …`);
      done.push({ run, verdicts: judgeRun(run, await runSuite(run, url)) });
    }
  } finally {
    await fixture.stop();
    await served.stop(20_000);
  }
  console.log(`\n## Conformance results (@modelcontextprotocol/conformance 0.2.0-alpha.12)\n\n${table(done)}`);
  const problems = done.flatMap((d) =>
    d.verdicts.flatMap((v) => v.problems.map((p) => `${label(d.run)} ${v.scenario}: ${p}`)),
  );
  if (problems.length) {
    console.error(`\n${problems.length} unexpected result(s):\n${problems.join("\n")}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
