/** `npm run build` as a command: scripts/build/build.ts in a child process, as npm runs it. */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { ROOT } from "../../scripts/lib/repo-root.ts";

const run = promisify(execFile);

/** Runs scripts/build/build.ts with `args`; resolves to its exit code and its output, stdout then stderr. */
export function buildCli(...args: string[]): Promise<{ code: number; out: string }> {
  return run(process.execPath, ["--import", "tsx", join(ROOT, "scripts/build/build.ts"), ...args], {
    cwd: ROOT,
  })
    .then(({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }))
    .catch((e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }));
}
