/**
 * validate_component in one Deno process, as an isolate runs it: the tool's own `run` over the
 * shipped catalog's loader and the fixtures in memory, on the catalog's largest component
 * (data-table, 30 KB). First what a cold isolate pays once: the import of the validator (sucrase's
 * parser, lucide-react's names), and the first call, which also reads the delivered version. Then CPU time
 * per call, of this thread (Linux's schedstat; wall time elsewhere), over `rounds` calls of each case:
 * - unchanged: the delivered code as is;
 * - adapted: a prop and its wiring added, a palette class and a removed aria-label (two findings);
 * - reindented: every line's indentation changed and one palette class added, so the line diff that
 *   places a finding runs over the whole file (the worst case).
 * Prints one JSON line. Args: <catalog dir> <rounds> [<fixture>/<version>, default the largest's seed].
 */
import { join } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { openCatalog } from "../../src/catalog/catalog.ts";
import { DEFAULT_SITE_URL } from "../../src/config.ts";
import { allowAll } from "../../src/entitlement.ts";
import validateComponent from "../../src/tools/validate_component.ts";
import { loadFixtures } from "../lib/fixtures.ts";
import { memoryComponents } from "../lib/memory-components.ts";
import { percentile } from "../lib/stats.ts";

const [dir, roundsArg, pick = "data-table/seed"] = process.argv.slice(2);
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
    catalog: openCatalog(files, DEFAULT_SITE_URL),
    components: memoryComponents(fixtures),
    entitlement: allowAll,
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
  if (!out.ok || !("data" in out)) throw new Error(`validate_component failed: ${JSON.stringify(out)}`);
  return out.data as { findings: unknown[] };
};

// What the tool's first call loads (it imports the same module on demand), then that first call.
const t0 = performance.now();
const c0 = cpuNow();
await import("../../src/validate/validate.ts");
const importMs = performance.now() - t0;
const t1 = performance.now();
const first = await call("adapted");
const firstMs = performance.now() - t1;
const firstCpu = cpuNow() - c0;
const findings = Object.fromEntries(
  await Promise.all(Object.keys(cases).map(async (k) => [k, (await call(k as keyof typeof cases)).findings.length])),
);
for (let i = 0; i < 50; i++) for (const k of Object.keys(cases)) await call(k as keyof typeof cases); // JIT warm-up

const measured: Record<string, { p50_ms: number; p99_ms: number; max_ms: number }> = {};
for (const name of Object.keys(cases) as (keyof typeof cases)[]) {
  const xs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const before = cpuNow();
    await call(name);
    xs.push(cpuNow() - before);
  }
  measured[name] = { p50_ms: percentile(xs, 50), p99_ms: percentile(xs, 99), max_ms: Math.max(...xs) };
}

console.log(
  JSON.stringify({
    fixture: pick,
    bytes: new TextEncoder().encode(seed).byteLength,
    rounds,
    import_ms: importMs,
    first_call_ms: firstMs,
    first_cpu_ms: firstCpu,
    first_call_findings: first.findings.length,
    findings,
    cpu: measured,
    cpu_p99_ms: measured.adapted.p99_ms,
  }),
);
