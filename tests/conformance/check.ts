/** Runs one conformance set against `url` and holds it to expected.ts; what both conformance test files assert. */
import { expect } from "vitest";
import type { ConformanceRun } from "./expected.ts";
import { judgeRun, runSuite } from "./run.ts";

export async function check(run: ConformanceRun, url: string) {
  const verdicts = judgeRun(run, await runSuite(run, url));
  // Every listed scenario ran and was judged; the problems list names each mismatch.
  expect(verdicts.map((v) => v.scenario).sort()).toEqual(Object.keys(run.expected).sort());
  expect(verdicts.flatMap((v) => v.problems.map((p) => `${v.scenario}: ${p}`))).toEqual([]);
  return verdicts;
}
