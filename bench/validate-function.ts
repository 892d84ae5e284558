/**
 * The validate function's cold first call (function-child.ts), in fresh Node processes: where the
 * edge's first validate_component sends its parsing. Both the function and the child are bundled by
 * esbuild for Node, so the child's own TypeScript costs nothing and the function loads as one file,
 * as a deployed function does.
 */
import { join } from "node:path";
import { build } from "esbuild";
import { ROOT } from "../scripts/lib/repo-root.ts";
import { median } from "../scripts/lib/stats.ts";
import { runJson } from "./child.ts";

type Run = { ok: boolean; error?: string; import_ms: number; first_call_ms: number; total_ms: number; cpu_ms: number };

const forNode = (entry: string, outfile: string) =>
  build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "error",
  });

/** The validate function as one file for Node, as a deploy bundles it: the bench serves it and times it. */
export async function bundleFunction(work: string): Promise<string> {
  const fn = join(work, "validate-function.mjs");
  await forNode(join(ROOT, "netlify/functions/validate.mts"), fn);
  return fn;
}

export async function functionFirstCalls(
  work: string,
  fn: string,
  fixtures: Record<string, { path: string; versionId: string }>,
  runs: number,
) {
  const child = join(work, "function-child.mjs");
  await forNode(join(ROOT, "bench/function-child.ts"), child);
  const got: Record<string, Run[]> = {};
  for (let i = 0; i < runs; i++)
    for (const [size, { path, versionId }] of Object.entries(fixtures)) {
      const r = await runJson<Run>(process.execPath, [child, fn, path, versionId]);
      if (!r.ok) throw new Error(`validate function, ${size}: ${r.error}`);
      (got[size] ??= []).push(r);
    }
  return Object.fromEntries(
    Object.entries(got).map(([size, rs]) => [
      size,
      {
        import_ms: median(rs.map((r) => r.import_ms)),
        first_call_ms: median(rs.map((r) => r.first_call_ms)),
        cpu_ms: median(rs.map((r) => r.cpu_ms)),
        runs: rs.length,
      },
    ]),
  );
}
