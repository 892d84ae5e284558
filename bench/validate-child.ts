/**
 * validate_component in one Deno process, as a warm isolate runs it: the tool's own `run` over the
 * shipped catalog's loader and the fixtures in memory, on the catalog's largest component
 * (data-table, 30 KB), validating in process as the validate function does. A first call in a fresh
 * process (the validator's import, the first parses) is measured by bench/run.ts's cold part, the
 * validate function's first call. CPU time per call, of the whole process
 * (getrusage: the garbage collector's helper threads count too; time spent descheduled does not),
 * over `rounds` rounds that call each case in turn, after as many (at most 200) to warm up:
 * - unchanged: the delivered code as is;
 * - adapted: a prop and its wiring added, a palette class and a removed aria-label (two findings);
 * - reindented: every line's indentation changed and one palette class added, so the line diff that
 *   places a finding runs over the whole file (the worst case).
 * Prints one JSON line. Args: <catalog dir> <rounds> [<fixture>/<version>, default the largest's seed].
 */
import { join } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { openCatalog } from "../src/catalog/catalog.ts";
import { DEFAULTS } from "../src/config.ts";
import validateComponent from "../src/tools/validate_component.ts";
import { loadFixtures } from "../scripts/lib/fixtures.ts";
import { memoryComponents } from "../tests/helpers/memory-components.ts";
import { percentile } from "../scripts/lib/stats.ts";
import { LARGEST_FIXTURE } from "./scenarios.ts";
import { inProcess } from "../src/validate/validator.ts";

const [dir, roundsArg, pick = `${LARGEST_FIXTURE}/seed`] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 200);
const [name, versionId] = pick.split("/");

/** CPU time of the process so far, in ms (microsecond resolution). */
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const fixtures = await loadFixtures();
const fixture = fixtures.find((f) => f.name === name)!;
const seed = new TextDecoder("utf-8", { ignoreBOM: true }).decode(
  fixture.code.find((c) => c.versionId === versionId)!.bytes,
);
const files = await import(pathToFileURL(join(dir, "load.ts")).href);
const ctx = {
  deps: {
    catalog: openCatalog(files, DEFAULTS.SITE_URL),
    components: memoryComponents(fixtures),
    // The validator's own work, as the validate function runs it.
    validator: inProcess,
  },
  caller: {},
  progress() {},
  log() {},
};

const firstLine = (s: string, from: string, to: string) => {
  if (!s.includes(from)) throw new Error(`the ${pick} fixture no longer has ${JSON.stringify(from)}`);
  return s.replace(from, to);
};
const adapted = firstLine(
  firstLine(seed, 'className="', 'className="bg-slate-50 '),
  "aria-label=",
  "data-label=",
).replace("export default function", "// Adapted: a locale prop.\nexport default function");
const reindented = firstLine(
  seed.replace(/^( +)/gm, (s) => "\t".repeat(s.length / 2)),
  'className="',
  'className="text-gray-700 ',
);
const cases = { unchanged: seed, adapted, reindented };
const args = Object.fromEntries(
  Object.entries(cases).map(([k, code]) => [
    k,
    validateComponent.input.parse({ pattern_id: fixture.entry.id, version_id: versionId, code }),
  ]),
);
const call = async (name: keyof typeof cases) => {
  const out = await validateComponent.run(args[name] as never, ctx as never);
  if (!out.ok || !("value" in out)) throw new Error(`validate_component failed: ${JSON.stringify(out)}`);
  return out.value as { findings: unknown[] };
};

const findings = Object.fromEntries(
  await Promise.all(Object.keys(cases).map(async (k) => [k, (await call(k as keyof typeof cases)).findings.length])),
);
// Warm-up: the tail of the first hundred rounds is the JIT still optimizing the parser (calls of 9 ms
// clustered there); a warm isolate is past it, and its first call is measured by the cold starts.
for (let i = 0; i < Math.min(rounds, 200); i++) for (const k of Object.keys(cases)) await call(k as keyof typeof cases);

// Rounds call each case in turn, so a garbage collection lands on any case alike.
const samples: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (let i = 0; i < rounds; i++) {
  for (const name of Object.keys(cases) as (keyof typeof cases)[]) {
    const before = cpuNow();
    await call(name);
    samples[name].push(cpuNow() - before);
  }
}
const measured = Object.fromEntries(
  Object.entries(samples).map(([k, xs]) => [
    k,
    { p50_ms: percentile(xs, 50), p99_ms: percentile(xs, 99), max_ms: Math.max(...xs) },
  ]),
);

console.log(
  JSON.stringify({
    fixture: pick,
    bytes: new TextEncoder().encode(seed).byteLength,
    rounds,
    findings,
    cpu: measured,
    cpu_p99_ms: measured.adapted.p99_ms,
  }),
);
