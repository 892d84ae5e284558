/**
 * Served A/B of two revisions: each one's bench server (bench/serve.ts) in its own process, under
 * Node or Deno, asked the throughput cells' requests in interleaved rounds by the same load generator.
 * What a change costs or saves per request with the HTTP server in, as the throughput cells count it
 * (server process CPU over its requests), without the other variants' noise between the two sides.
 *
 *   npx tsx bench/ab-served.ts --a REV [--b worktree] [--runtime node|deno]
 *     [--scenarios get_component_blobs,get_component_memory] [--variants ours,raw] [--rounds 10]
 *
 * Revisions are unpacked as ab.ts does (revisions.ts). Both sides run this checkout's serve.ts,
 * scenarios.ts and sdk-app.ts over their own src/, built catalog and in-memory fixtures; the Blobs
 * store both read is one, seeded from this checkout's fixtures, and node_modules is shared. `raw` is
 * the control: it moves only with the machine.
 */
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { parseArgsOr } from "../scripts/lib/args.ts";
import { loadFixtures } from "../scripts/lib/fixtures.ts";
import { ROOT } from "../scripts/lib/repo-root.ts";
import { median, rotate } from "../scripts/lib/stats.ts";
import { startSeededBlobs } from "./blobs.ts";
import { requestBytes, runLoad } from "./load-generator.ts";
import { unpack } from "./revisions.ts";
import { HEADERS, portOf, SCENARIOS, scenarioBody, sourceOf, VARIANTS } from "./scenarios.ts";
import { nodeServerBuild, type Runtime, RUNTIMES, type Server, startServer } from "./throughput.ts";

const USAGE =
  "Usage: npx tsx bench/ab-served.ts --a REV [--b REV|worktree] [--runtime node|deno] " +
  "[--scenarios a,b] [--variants ours,raw] [--rounds 10]";
const { values } = parseArgsOr(
  {
    options: {
      a: { type: "string" },
      b: { type: "string", default: "worktree" },
      runtime: { type: "string", default: "node" },
      scenarios: { type: "string", default: "get_component_blobs,get_component_memory" },
      variants: { type: "string", default: "ours,raw" },
      rounds: { type: "string", default: "10" },
    },
  },
  (why) => {
    console.error(`${why}\n${USAGE}`);
    process.exit(2);
  },
);
const list = <T extends string>(raw: string, known: readonly T[], what: string): T[] => {
  const asked = raw.split(",") as T[];
  const unknown = asked.filter((x) => !known.includes(x));
  if (unknown.length) {
    console.error(`unknown ${what}: ${unknown.join(", ")} (known: ${known.join(", ")})\n${USAGE}`);
    process.exit(2);
  }
  return asked;
};
const [runtime, ...more] = list(values.runtime, RUNTIMES, "runtime") as Runtime[];
if (more.length) {
  console.error(`one runtime per run\n${USAGE}`);
  process.exit(2);
}
const scenarios = list(values.scenarios, SCENARIOS, "scenario");
const variants = list(values.variants, VARIANTS, "variant");
const rounds = Number(values.rounds);
if (!values.a || !Number.isInteger(rounds) || rounds < 1) {
  console.error(USAGE);
  process.exit(2);
}

/** A revision's tree with this checkout's harness in its bench/, and its server's entry. */
async function side(rev: string, name: string) {
  const dir = unpack(rev, name);
  const bench = join(dir, "bench");
  mkdirSync(bench, { recursive: true });
  for (const f of ["serve.ts", "scenarios.ts", "sdk-app.ts"]) copyFileSync(join(ROOT, "bench", f), join(bench, f));
  const serve = join(bench, "serve.ts");
  return { dir, serve, nodeBuild: runtime === "node" ? await nodeServerBuild(bench, serve) : "" };
}

const blobs = await startSeededBlobs(await loadFixtures());
const servers: Record<"a" | "b", Server> = {} as never;
try {
  // A random block of ports below Linux's ephemeral range, as the bench's throughput part picks one.
  const base = 20_000 + Math.floor(Math.random() * 120) * 100;
  for (const [k, rev, at] of [
    ["a", values.a, base],
    ["b", values.b, base + 50],
  ] as const) {
    const s = await side(rev, `served-${k}`);
    servers[k] = await startServer(runtime, at, join(s.dir, "generated/catalog"), blobs.config, s.nodeBuild, s.serve);
  }
  // Each round visits every cell, from a rotated start, and every other round b before a.
  const cells = (round: number) =>
    scenarios.flatMap((s) =>
      variants.flatMap((v) => ((round % 2 ? ["b", "a"] : ["a", "b"]) as ("a" | "b")[]).map((k) => ({ s, v, k }))),
    );
  const request = ({ s, v, k }: ReturnType<typeof cells>[number]) => {
    const port = portOf(servers[k].portBase, v, sourceOf(s));
    return { port, bytes: requestBytes(port, scenarioBody(s, servers[k].patternId), HEADERS) };
  };
  const cpu = new Map<string, number[]>();
  for (let round = -1; round < rounds; round++) {
    for (const cell of rotate(cells(Math.max(round, 0)), Math.max(round, 0))) {
      const { port, bytes } = request(cell);
      const before = servers[cell.k].cpuTicks();
      const r = await runLoad(port, bytes, { connections: 8, seconds: round < 0 ? 1 : 0.5 });
      if (r.errors) throw new Error(`${cell.k} ${cell.s} ${cell.v}: ${r.errors} errors, first: ${r.firstError}`);
      if (round < 0) continue; // warm-up: JIT, caches, the first Blobs reads
      const key = `${cell.s} ${cell.v}`;
      const us = ((servers[cell.k].cpuTicks() - before) * 10_000) / r.requests;
      cpu.set(`${key} ${cell.k}`, [...(cpu.get(`${key} ${cell.k}`) ?? []), us]);
    }
  }
  console.log(`${runtime}: server CPU µs per request, median of ${rounds} rounds; a ${values.a}, b ${values.b}`);
  for (const s of scenarios) {
    for (const v of variants) {
      const [a, b] = (["a", "b"] as const).map((k) => median(cpu.get(`${s} ${v} ${k}`)!));
      const cells = [
        `a ${a.toFixed(1)}`,
        `b ${b.toFixed(1)}`,
        `b-a ${(b - a).toFixed(1)}`,
        `b/a ${(b / a).toFixed(3)}`,
      ];
      console.log(`${`${s} ${v}`.padEnd(30)} ${cells.map((c) => c.padStart(12)).join("")}`);
    }
  }
} finally {
  for (const s of Object.values(servers)) s.stop();
  await blobs.stop();
}
