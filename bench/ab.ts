/**
 * In-process A/B of two revisions: CPU per request of each one's app, the same requests in one
 * process, interleaved rounds, under Deno and Node. What a change costs or saves per call, beside the
 * bench's same-run ratios (which include the HTTP server and the SDK's variant).
 *
 *   npx tsx bench/ab.ts --a HEAD~1 --b HEAD [--rounds 30] [--n 100]
 *
 * A revision is anything `git archive` takes, or `worktree` for the files as they are (revisions.ts).
 * Node runs the child through tsx (both sides alike). `ab-served.ts` does the same with the HTTP
 * server in.
 */
import { join } from "node:path";
import { parseArgsOr } from "../scripts/lib/args.ts";
import { ROOT } from "../scripts/lib/repo-root.ts";
import { deno, runJson } from "./child.ts";
import { unpack } from "./revisions.ts";

const USAGE = "Usage: npx tsx bench/ab.ts --a REV --b REV|worktree [--rounds 30] [--n 100]";
const { values } = parseArgsOr(
  {
    options: {
      a: { type: "string" },
      b: { type: "string", default: "worktree" },
      rounds: { type: "string", default: "30" },
      n: { type: "string", default: "100" },
    },
  },
  (why) => {
    console.error(`${why}\n${USAGE}`);
    process.exit(2);
  },
);
if (!values.a) {
  console.error(USAGE);
  process.exit(2);
}

const [dirA, dirB] = [unpack(values.a, "ab-a"), unpack(values.b, "ab-b")];
const child = join(ROOT, "bench/ab-child.ts");
const args = [dirA, dirB, values.rounds, values.n];
type Result = { runtime: string; rounds: number; per_round: number; out: Record<string, Record<string, number>> };
const runs = [
  await runJson<Result>(deno, ["run", "-A", "--unstable-lazy-dynamic-imports", child, ...args]),
  await runJson<Result>(process.execPath, ["--import", "tsx", child, ...args]),
];
console.log(
  `CPU µs per request, median of ${values.rounds} interleaved rounds of ${values.n}: a ${values.a}, b ${values.b}`,
);
for (const { runtime, out } of runs) {
  for (const [name, r] of Object.entries(out)) {
    const cells = [`a ${r.a_us.toFixed(1)}`, `b ${r.b_us.toFixed(1)}`, `b-a ${(r.b_us - r.a_us).toFixed(1)}`];
    const flag = r.same_body ? "" : "  (bodies differ)";
    console.log(`${runtime.padEnd(5)} ${name.padEnd(32)} ${cells.map((c) => c.padStart(12)).join("")}${flag}`);
  }
}
