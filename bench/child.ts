/** Spawning the measured processes: Deno straight from its npm package (no npx in the timing), Node via tsx. */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { ROOT } from "../scripts/lib/repo-root.ts";

export { DENO as deno } from "../scripts/local/deno-serve.ts";
export const tsx = join(ROOT, "node_modules/.bin/tsx");

/** Runs a script to completion and returns the JSON its last stdout line holds. */
export function runJson<T>(cmd: string, args: string[], env: Record<string, string> = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (code) => {
      const last = out.trim().split("\n").pop() ?? "";
      try {
        if (code !== 0) throw new Error(`exit ${code}`);
        resolve(JSON.parse(last));
      } catch (e) {
        reject(
          new Error(
            `${args.join(" ")} failed (${e instanceof Error ? e.message : e}): ${err.slice(-2000)}${out.slice(-500)}`,
          ),
        );
      }
    });
  });
}
