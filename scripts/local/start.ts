/**
 * `npm start`: the endpoint on http://127.0.0.1:8888/mcp, offline, store seeded (scripts/local/server.ts).
 * `npm run start:netlify`: the same function through Netlify's own emulation (scripts/local/dev-server.ts).
 *
 *   npm start -- [--port 8888] [--verbose | --quiet] [--json]
 *
 * PORT also sets the port. --verbose prints each call's full `[mcp-usage]` line, --quiet none (the log
 * file gets them either way). --json prints one line `{"url":…,"pids":…}` when ready instead of the
 * banner, for scripts and tests that start it.
 */
import { createServer } from "node:net";
import { relative } from "node:path";
import { banner } from "./banner.ts";
import { readConfig } from "../../src/config.ts";
import { parseArgsOr } from "../lib/args.ts";
import { startDevServer } from "./dev-server.ts";
import { ROOT } from "../lib/repo-root.ts";
import { LISTEN_HOST } from "./guard.ts";
import { startLocalServer, USAGE_LOG } from "./server.ts";

const usage = (why: string): never => {
  console.error(
    `${why}\nusage: npm start -- [--port N] [--verbose | --quiet] [--json] (npm run start:netlify: --netlify)`,
  );
  process.exit(2);
};
const { values: opt } = parseArgsOr(
  {
    options: {
      port: { type: "string", default: String(readConfig(process.env).port) },
      verbose: { type: "boolean", default: false },
      quiet: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      netlify: { type: "boolean", default: false },
    },
  },
  usage,
);
const port = Number(opt.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number (0 picks a free one); got ${opt.port}`);
  process.exit(2);
}

/** Whether nothing listens on 127.0.0.1:port yet: checked first, so a taken port gets one clear line. */
function portFree(p: number): Promise<boolean> {
  if (p === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const probe = createServer().once("error", () => resolve(false));
    probe.listen(p, LISTEN_HOST, () => probe.close(() => resolve(true)));
  });
}

if (!(await portFree(port))) {
  console.error(
    `${LISTEN_HOST}:${port} is already in use (another npm start?). Stop it, or pick another port: PORT=9000 npm start`,
  );
  process.exit(1);
}
const server = opt.netlify ? await startNetlify() : await startLocal();

async function startLocal() {
  const local = await startLocalServer({ port, verbose: opt.verbose, quiet: opt.quiet || (opt.json && !opt.verbose) });
  const calls = opt.quiet
    ? "not printed"
    : opt.verbose
      ? "printed in full"
      : "one short line each below; --verbose for all of it";
  if (opt.json) console.log(JSON.stringify({ url: local.url, pids: local.pids }));
  else
    console.log(
      banner("one long-lived isolate, as on Netlify", local.url, local.seed, [
        `  Usage log     ${relative(ROOT, USAGE_LOG)} (calls: ${calls})`,
      ]),
    );
  return local;
}

async function startNetlify() {
  const dev = await startDevServer({ port });
  // The emulation names its origin `localhost:<port>` to the function, whatever the Host was.
  const origin = dev.url.replace("127.0.0.1", "localhost");
  if (opt.json) console.log(JSON.stringify({ url: dev.url, pids: { node: process.pid } }));
  else
    console.log(
      banner("Netlify's local emulation, a fresh worker per request", origin, dev.seed, [
        "  Slower than `npm start`: see docs/local.md.",
      ]),
    );
  return dev;
}

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    if (!opt.json) console.log("\nStopping…");
    await server.stop();
    process.exit(0);
  });
}
