/**
 * One parser of the comparison (bench/parsers.ts) in a fresh Deno process: the import of its
 * bundle, its first parse of the 30 KB fixture, then the CPU time (process, getrusage) of `rounds`
 * more. Prints one JSON line. Args: <bundle path> <fixture path> <rounds>.
 */
import { readFileSync } from "node:fs";
import process from "node:process";

const [bundlePath, fixture, roundsArg] = process.argv.slice(2);
const code = readFileSync(fixture, "utf8");
const rounds = Number(roundsArg ?? 200);
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const t0 = performance.now();
const { check } = await import(new URL(bundlePath, "file:///").href);
const importMs = performance.now() - t0;
const t1 = performance.now();
const error = check(code);
const firstMs = performance.now() - t1;
if (error) throw new Error(`the fixture does not parse: ${error.message}`);
// Warm-up, as bench/validate-child.ts: the JIT is still optimizing a parser for the first hundred parses.
for (let i = 0; i < 200; i++) check(code);
const xs: number[] = [];
for (let i = 0; i < rounds; i++) {
  const before = cpu();
  check(code);
  xs.push(cpu() - before);
}
xs.sort((a, b) => a - b);
const at = (p: number) => xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
console.log(JSON.stringify({ import_ms: importMs, first_parse_ms: firstMs, p50_ms: at(50), p99_ms: at(99) }));
