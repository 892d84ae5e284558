/**
 * `npx tsx bench/schemas.ts [--runs 15]`: what converting the tools' zod inputs to JSON
 * Schema at run time would cost a cold isolate, against the schemas converted at build time that
 * the edge function ships (generated/input-schemas.json). Two bundles of the edge function, as the
 * benchmark bundles it: as shipped, and with src/tools/index.ts converting each tool's input with
 * `z.toJSONSchema` when it loads (what "at first use" costs the first request, whichever tool it
 * calls: tools/list reads every schema, tools/call reads its tool's to read arguments leniently).
 * Prints gzipped cold bundle sizes and, in fresh Deno processes run alternately, the medians of
 * the first tools/list's import, first-call and CPU times.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Plugin } from "esbuild";
import { CATALOG_DIR } from "../scripts/build/catalog.ts";
import { ROOT } from "../scripts/lib/repo-root.ts";
import { median } from "../scripts/lib/stats.ts";
import { bundle } from "../scripts/lib/edge-bundle.ts";
import { ENTRIES } from "./entries.ts";
import { deno, runJson } from "./child.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "15" } } });
const runs = Number(values.runs);
const INDEX = join(ROOT, "src/tools/index.ts");

/** src/tools/index.ts with the generated schemas replaced by zod's converter, run as the module loads. */
const atRunTime: Plugin = {
  name: "schemas-at-run-time",
  setup(b) {
    b.onLoad({ filter: /src\/tools\/index\.ts$/ }, async () => {
      const text = (await readFile(INDEX, "utf8"))
        .replace(/import inputSchemas from [^;]+;/, 'import * as z from "zod/mini";')
        .replace(/const schemas[^;]+;/, "")
        .replace(
          /const inputSchema = schemas\[tool\.name\];/,
          'const { $schema: _, ...inputSchema } = z.toJSONSchema(tool.input as any, { target: "draft-2020-12", io: "input", unrepresentable: "any" });',
        );
      if (text.includes("inputSchemas")) throw new Error("src/tools/index.ts changed shape: update this benchmark");
      return { contents: text, loader: "ts", resolveDir: join(ROOT, "src/tools") };
    });
  },
};

const work = await mkdtemp(join(tmpdir(), "bench-schemas-"));
try {
  const shipped = await bundle(ENTRIES.ours, join(work, "build-time"), CATALOG_DIR);
  const runtime = await bundle(ENTRIES.ours, join(work, "run-time"), CATALOG_DIR, [atRunTime]);
  const variants = { "build time (shipped)": shipped, "run time": runtime };
  const measured = new Map<string, Record<string, number>[]>();
  for (let i = 0; i <= runs; i++) {
    for (const [name, b] of i % 2 ? Object.entries(variants).reverse() : Object.entries(variants)) {
      const r = await runJson<Record<string, number> & { ok: boolean }>(deno, [
        "run",
        "-A",
        "--unstable-lazy-dynamic-imports",
        join(ROOT, "bench/cold-child.ts"),
        b.file,
        "-",
        "tools_list",
        "cpu",
      ]);
      if (!r.ok) throw new Error(`${name}: the first tools/list failed`);
      if (i > 0) measured.set(name, [...(measured.get(name) ?? []), r]); // run 0 fills Deno's module cache
    }
  }
  console.log(`| Schemas converted at | cold bundle (gzip) | import | first tools/list | CPU, import + call |`);
  console.log(`|---|---|---|---|---|`);
  for (const [name, b] of Object.entries(variants)) {
    const rs = measured.get(name)!;
    const m = (k: string) => median(rs.map((r) => r[k])).toFixed(1);
    console.log(
      `| ${name} | ${(b.gzip / 1024).toFixed(1)} KB | ${m("import_ms")} ms | ${m("first_call_ms")} ms | ${m("cpu_ms")} ms |`,
    );
  }
  console.log(`(${runs} fresh Deno processes each, alternated; medians)`);
} finally {
  await rm(work, { recursive: true, force: true });
}
