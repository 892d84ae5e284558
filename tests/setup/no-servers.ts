/**
 * The unit project's rule, kept by the runtime rather than by review: a unit test starts no process
 * (no Deno, no `npm start`, no browser) and opens no listening socket (no Blobs server, no HTTP
 * server). Anything that needs one belongs in tests/integration/, or tests/served/ if it needs the
 * served endpoint (vitest.config.ts). In-process `fetch` to an msw handler is fine: it opens nothing.
 */
import childProcess from "node:child_process";
import { syncBuiltinESMExports } from "node:module";
import net from "node:net";

export const UNIT_RULE = "unit tests start no process and open no server: move this test out of tests/unit/";

const refuse = (what: string) => () => {
  throw new Error(`${UNIT_RULE} (it called ${what})`);
};

for (const name of ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"] as const) {
  Object.assign(childProcess, { [name]: refuse(`child_process.${name}`) });
}
net.Server.prototype.listen = refuse("net.Server.listen") as typeof net.Server.prototype.listen;
// ESM named imports of a builtin (`import { spawn } from "node:child_process"`) see the change too.
syncBuiltinESMExports();
