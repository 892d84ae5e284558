/**
 * Child processes that say when they are ready: `spawnReady` starts one and waits for its first JSON
 * line, and `spawnNpmStart` is `npm start` itself (scripts/local/start.ts) started that way, as the
 * served tests, the conformance run and the benchmarks use it.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { ROOT } from "../lib/repo-root.ts";

/**
 * How long a child may take to say it is ready: `npm start` took 6-7 s here with other test suites
 * running (load average 12), and its imports alone took 7 s at load average 8 in another hour.
 */
const READY_LIMIT_MS = 90_000;

/** What `npm start -- --json` prints once it listens. */
export interface StartedJson {
  url: string;
  pids: { node: number; edge: number };
}

/**
 * `npm start` as users run it, in its own processes, on a free port unless `port` says one; settled
 * once it prints its JSON line (which also keeps its per-call lines off the terminal). `env` is its
 * environment, as a user's shell would set it (default this process's).
 */
export const spawnNpmStart = (port = "0", env?: NodeJS.ProcessEnv) =>
  spawnReady<StartedJson>(
    process.execPath,
    ["--import", "tsx", join(ROOT, "scripts/local/start.ts"), "--port", port, "--json"],
    "url",
    { env },
  );

/**
 * Spawns a process and resolves with the first stdout line that starts as JSON with `key`; other
 * lines are echoed unless `onLine` swallows them.
 */
export async function spawnReady<T>(
  cmd: string,
  args: string[],
  key: string,
  opts: { env?: NodeJS.ProcessEnv; onLine?: (line: string) => boolean } = {},
) {
  const child = spawn(cmd, args, { cwd: ROOT, env: opts.env ?? process.env, stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<number | null>((r) => child.on("exit", r));
  const lines = createInterface({ input: child.stdout! });
  const name = args.find((a) => a.endsWith(".ts")) ?? cmd;
  let ready = false;
  let timer: NodeJS.Timeout | undefined;
  const value = await new Promise<T>((resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${name} did not start within ${READY_LIMIT_MS / 1000} s`)),
      READY_LIMIT_MS,
    );
    exited.then((code) => reject(new Error(`${name} exited with ${code} before it was ready`)));
    lines.on("line", (line) => {
      if (opts.onLine?.(line)) return;
      if (ready || !line.startsWith(`{"${key}"`)) return void console.log(line);
      ready = true;
      resolve(JSON.parse(line));
    });
  }).finally(() => clearTimeout(timer));
  /** SIGTERM, then up to `graceMs` for the child to finish what it holds (the edge drains waitUntil work). */
  const stop = async (graceMs = 5000) => {
    child.kill("SIGTERM");
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, graceMs)))]);
    clearTimeout(timer);
  };
  return { value, stop, pid: child.pid!, exited };
}
