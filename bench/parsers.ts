/**
 * `npm run bench:parsers`: the parsers weighed for validate_component, on the same inputs. For each
 * (bench/parsers/candidates.ts): its edge bundle (esbuild, minified, gzip), its import and
 * first parse of the catalog's largest component (30 KB) in fresh Deno processes (medians of
 * interleaved runs: each run times every parser in turn), the CPU
 * of a warm parse (p50, p99), and how honest it is about TSX: of the syntax errors in
 * tests/helpers/broken.ts, how many it finds and how many on TypeScript's line, and how many
 * of the fixture versions it wrongly refuses. Prints a table; `--json` prints the figures instead.
 *
 *   npm run bench:parsers -- [--runs N] [--rounds N] [--json]
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { parseArgsOr } from "../scripts/lib/args.ts";
import { loadFixtures } from "../scripts/lib/fixtures.ts";
import { ROOT } from "../scripts/lib/repo-root.ts";
import { median } from "../scripts/lib/stats.ts";
import { EDGE_BUILD } from "../scripts/lib/edge-bundle.ts";
import { deno, runJson } from "./child.ts";
import { BROKEN } from "../tests/helpers/broken.ts";
import { CANDIDATES, type Check } from "./parsers/candidates.ts";

const USAGE = "usage: npm run bench:parsers -- [--runs N] [--rounds N] [--json]";
const { values } = parseArgsOr(
  {
    options: {
      runs: { type: "string", default: "5" },
      rounds: { type: "string", default: "300" },
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  },
  (why) => {
    console.error(`${why}\n${USAGE}`);
    process.exit(2);
  },
);
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const runs = Number(values.runs);
const NODE_BUILTINS = ["fs", "path", "os", "inspector", "perf_hooks", "crypto", "module", "url", "util", "buffer"];
const log = (line: string) => console.error(`[parsers] ${line}`);

const fixtures = await loadFixtures();
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
const versions = fixtures.flatMap((f) =>
  f.code.map((c) => ({ label: `${f.name}/${c.versionId}`, text: decoder.decode(c.bytes) })),
);
const text = (label: string) => versions.find((v) => v.label === label)!.text;
const largest = join(ROOT, "fixtures/components/data-table/seed.tsx");
const lineAt = (code: string, at: number) => code.slice(0, at).split("\n").length;

const reference = (await import(CANDIDATES["typescript (reference)"])).check as Check;
const cases = BROKEN.map(([name, base, from, to]) => {
  const code = text(base).replace(from, () => to);
  const error = reference(code);
  if (!error) throw new Error(`TypeScript finds no error in "${name}"`);
  return { name, code, line: lineAt(code, error.at) };
});

const work = await mkdtemp(join(tmpdir(), "parsers-"));
const results: Record<string, Record<string, number>> = {};
try {
  const bundles = new Map<string, { file: string; bytes: Buffer }>();
  for (const [i, [name, entry]] of Object.entries(CANDIDATES).entries()) {
    const file = join(work, `${i}.js`);
    // TypeScript reaches for Node's modules (its `sys`): left external, as an edge bundle could not have them.
    await build({
      ...EDGE_BUILD,
      entryPoints: [entry],
      outfile: file,
      external: [...EDGE_BUILD.external, ...NODE_BUILTINS],
    });
    bundles.set(name, { file, bytes: await readFile(file) });
  }
  // Interleaved: every run times each parser in turn, so the machine's load falls on all alike.
  const timings = new Map<string, Record<string, number>[]>([...bundles.keys()].map((k) => [k, []]));
  const untimed = new Set<string>();
  for (let run = 0; run <= runs; run++) {
    for (const [name, { file }] of bundles) {
      if (untimed.has(name)) continue;
      const r = await runJson<Record<string, number>>(deno, [
        "run",
        "-A",
        join(ROOT, "bench/parser-child.ts"),
        file,
        largest,
        values.rounds,
      ]).catch((e) => {
        log(`${name}: no timing on Deno (${String(e).slice(0, 120)})`);
        untimed.add(name);
        return undefined;
      });
      if (r && run > 0) timings.get(name)!.push(r); // run 0 fills Deno's module cache
    }
    log(`run ${run}/${runs}`);
  }
  for (const [name, entry] of Object.entries(CANDIDATES)) {
    const rs = timings.get(name)!;
    const timed = (key: string) => (rs.length ? median(rs.map((t) => t[key])) : Number.NaN);
    const check = (await import(entry)).check as Check;
    const found = cases.map((c) => check(c.code));
    const { bytes } = bundles.get(name)!;
    results[name] = {
      minified: bytes.byteLength,
      gzip: gzipSync(bytes, { level: 9 }).byteLength,
      import_ms: timed("import_ms"),
      first_parse_ms: timed("first_parse_ms"),
      p50_ms: timed("p50_ms"),
      p99_ms: timed("p99_ms"),
      errors_found: found.filter(Boolean).length,
      on_typescripts_line: found.filter((e, i) => e && lineAt(cases[i].code, e.at) === cases[i].line).length,
      false_errors: versions.filter((v) => check(v.text)).length,
    };
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

if (values.json) console.log(JSON.stringify({ cases: cases.length, fixtures: versions.length, results }, null, 2));
else {
  const pad = (s: unknown, n: number) => String(s).padStart(n);
  const r2 = (x: number) => (Number.isNaN(x) ? "—" : (Math.round(x * 100) / 100).toFixed(2));
  console.log(
    `\nParsers on the catalog's largest component (30 KB), Deno ${runs} fresh processes (medians); ` +
      `${cases.length} syntax errors, ${versions.length} fixture versions`,
  );
  console.log(
    `${"parser".padEnd(30)}${pad("min B", 9)}${pad("gzip B", 9)}${pad("import", 9)}${pad("1st", 8)}${pad("p50", 7)}${pad("p99", 7)}  errors found / on TS's line / false`,
  );
  for (const [name, r] of Object.entries(results))
    console.log(
      `${name.padEnd(30)}${pad(r.minified, 9)}${pad(r.gzip, 9)}${pad(r2(r.import_ms), 9)}${pad(r2(r.first_parse_ms), 8)}${pad(r2(r.p50_ms), 7)}${pad(r2(r.p99_ms), 7)}  ${r.errors_found} / ${r.on_typescripts_line} / ${r.false_errors}`,
    );
  console.log("(ms; p50 / p99: CPU of one warm parse)");
}
