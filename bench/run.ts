/**
 * `npm run bench` (full) and `npm run bench -- --quick` (< 5 min): our endpoint against the official
 * SDK's stateless pattern, the SDK with a shared validator, and a raw fetch handler, in one run on
 * one machine, interleaved rounds, medians and ratios. Writes bench-results.json (gitignored) and
 * prints a table. `npm run bench -- --help` lists the options.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildCatalogFiles, CATALOG_DIR, THESAURUS, writeCatalogFiles } from "../scripts/build/catalog.ts";
import { generateCatalog } from "../scripts/lib/gen-catalog.ts";
import { parseArgsOr } from "../scripts/lib/args.ts";
import { loadCatalog, loadFixtures } from "../scripts/lib/fixtures.ts";
import { ROOT } from "../scripts/lib/repo-root.ts";
import { startSeededBlobs } from "./blobs.ts";
import { listenLoopback } from "../scripts/local/loopback-server.ts";
import { bundle } from "../scripts/lib/edge-bundle.ts";
import { ENTRIES } from "./entries.ts";
import { deno, runJson } from "./child.ts";
import { printReport, targets } from "./report.ts";
import { GET_PATTERN, LARGEST_FIXTURE } from "./scenarios.ts";
import { median, rotate } from "../scripts/lib/stats.ts";
import { measureThroughput } from "./throughput.ts";
import { bundleFunction, functionFirstCalls } from "./validate-function.ts";

/** The parts --only may pick. */
const PARTS = ["bundle", "cold", "registry", "search", "blobs", "validate", "session", "throughput"] as const;
const USAGE = `Usage: npm run bench -- [--quick] [--smoke] [--out FILE] [--only PARTS]

  --quick  fewer rounds, under 5 minutes
  --smoke  every part once, as briefly as possible (the test suite's; its figures mean nothing)
  --out    where to write the results (default bench-results.json)
  --only   a comma-separated subset of ${PARTS.join(",")}`;
const usage = (why: string): never => {
  console.error(`${why}\n\n${USAGE}`);
  process.exit(2);
};
const { values } = parseArgsOr(
  {
    options: {
      quick: { type: "boolean", default: false },
      smoke: { type: "boolean", default: false },
      out: { type: "string" },
      only: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  },
  usage,
);
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const unknownPart = values.only?.split(",").find((p) => !(PARTS as readonly string[]).includes(p));
if (unknownPart !== undefined) usage(`--only: no part "${unknownPart}"`);
const quick = values.quick || values.smoke;
const only = values.only ? new Set(values.only.split(",")) : undefined;
const want = (part: string) => !only || only.has(part);
// Deno's CLI loads every statically analyzable dynamic import before it runs a module (by design,
// denoland/deno#23149), here every catalog file; the edge runtime runs a bundle (eszip) whose modules
// load when imported. --unstable-lazy-dynamic-imports (denoland/deno#28593) gives that behaviour, for
// every Deno child that loads a catalog (the CLI's eager figure is kept as `ours/catalog_10k_eager_cli`).
const LAZY = "--unstable-lazy-dynamic-imports";
/** One of the bench's Deno children (`bench/<script>`), loading lazily as the edge does: its JSON line. */
const denoChild = <T>(script: string, args: string[], env?: Record<string, string>) =>
  runJson<T>(deno, ["run", "-A", LAZY, join(ROOT, "bench", script), ...args], env);
// --smoke (the test suite's): every part once, as briefly as possible; its figures mean nothing.
const settings = values.smoke
  ? {
      throughput_rounds: 1,
      throughput_seconds: 0.1,
      // No warm-up either: the one round still checks every cell's answers.
      throughput_warmup_seconds: 0,
      // No cap on responses: a cell's CPU is read in 10 ms ticks, and a few responses can read as
      // none, which leaves its sdk/ours ratio undefined.
      connections: 2,
      cold_runs: 1,
      // No warm-up run: the smoke's figures mean nothing, cold or warm.
      cold_warmup_runs: 0,
      registry_rounds: 2,
      search_rounds: 1,
      search_queries: 50,
      blobs_iterations: 5,
      validate_rounds: 5,
      session_rounds: 1,
      session_requests_per_round: 2,
    }
  : quick
    ? // Five throughput rounds (not three): a median of three moved the worst cells by ±0.1 between runs here.
      {
        throughput_rounds: 5,
        throughput_seconds: 0.5,
        throughput_warmup_seconds: 0.5,
        connections: 8,
        cold_runs: 5,
        cold_warmup_runs: 1,
        registry_rounds: 100,
        search_rounds: 5,
        search_queries: 500,
        blobs_iterations: 400,
        validate_rounds: 400,
        session_rounds: 10,
        session_requests_per_round: 50,
      }
    : {
        throughput_rounds: 7,
        throughput_seconds: 2,
        throughput_warmup_seconds: 0.5,
        connections: 8,
        cold_runs: 15,
        cold_warmup_runs: 1,
        registry_rounds: 300,
        search_rounds: 15,
        search_queries: 500,
        blobs_iterations: 600,
        validate_rounds: 1000,
        session_rounds: 20,
        session_requests_per_round: 50,
      };
const log = (line: string) => console.error(`[bench] ${line}`);
const started = Date.now();

const work = await mkdtemp(join(tmpdir(), "patttterns-bench-"));
const fixtures = await loadFixtures();
const patternId = fixtures.find((f) => f.name === GET_PATTERN)!.entry.id;
const blobs = await startSeededBlobs(fixtures);
const results: Record<string, unknown> = {
  generated_at: new Date().toISOString(),
  mode: values.smoke ? "smoke" : quick ? "quick" : "full",
  command: quick ? "npm run bench -- --quick" : "npm run bench",
  machine: {
    cpus: cpus().length,
    cpu_model: cpus()[0]?.model,
    load_average_at_start: loadavg().map((x) => Number(x.toFixed(2))),
  },
  settings,
};

try {
  // The synthetic 10,000-pattern catalog, built exactly as the shipped one is (a directory like generated/catalog/).
  log("building the 10,000-pattern catalog");
  const catalog10k = join(work, "catalog-10k");
  await writeCatalogFiles(
    catalog10k,
    await buildCatalogFiles(JSON.stringify(generateCatalog(await loadCatalog(), 10_000)), {
      thesaurus: await readFile(THESAURUS, "utf8"),
    }),
  );
  const catalogs = { shipped: CATALOG_DIR, catalog_10k: catalog10k };

  // The entry chunk of each variant's bundle with the shipped catalog, which the cold starts import.
  const entryFiles = {} as Record<keyof typeof ENTRIES, string>;
  if (want("bundle") || want("cold")) {
    log("bundling (esbuild, minified)");
    const size = async (variant: keyof typeof ENTRIES) => {
      const { file, ...code } = await bundle(ENTRIES[variant], join(work, `${variant}-code`), CATALOG_DIR);
      const { file: _, ...with_catalog } = await bundle(ENTRIES[variant], join(work, `${variant}-inline`), "inline");
      entryFiles[variant] = file;
      return { code, with_catalog };
    };
    const ours = await size("ours");
    const sdk = await size("sdk");
    results.bundle = { ours, sdk };
  }

  if (want("cold")) {
    // Fresh Deno processes, interleaved: each run of each (variant, catalog) in turn.
    const kinds = [] as { name: string; args: string[]; flags: string[] }[];
    const cold = (file: string, first = "get_component", id = patternId, ...rest: string[]) => [
      join(ROOT, "bench/cold-child.ts"),
      file,
      id,
      first,
      ...rest,
    ];
    // validate_component's first call, on a mid-sized component and on the largest (30 KB), each
    // validating its active version's code with one line added: the edge's part (the validate function
    // parses), and the function's own first call beside it (validate-function.ts).
    const activeFile = (name: string) => {
      const f = fixtures.find((x) => x.name === name)!;
      const versionId = f.index.activeVersionId;
      return { id: f.entry.id, versionId, path: join(ROOT, "fixtures/components", name, `${versionId}.tsx`) };
    };
    const validateFirst = { mid: activeFile(GET_PATTERN), largest: activeFile(LARGEST_FIXTURE) };
    // The site's validate function, which the edge function sends the work to (src/validate/validator.ts):
    // its Node CPU is not the isolate's, so it serves from this process.
    let validations = 0;
    const validateBundle = await bundleFunction(work);
    const serveValidation: (req: Request) => Promise<Response> = (await import(pathToFileURL(validateBundle).href))
      .default;
    const validateFunction = await listenLoopback(async (req) => {
      const res = await serveValidation(req);
      if (res.status === 200) validations++;
      return res;
    });
    for (const variant of ["ours", "sdk"] as const) {
      for (const [cat, path] of Object.entries(catalogs)) {
        // The shipped catalog's bundle is the one just measured for size.
        const file =
          cat === "shipped"
            ? entryFiles[variant]
            : (await bundle(ENTRIES[variant], join(work, `${variant}-${cat}-cold`), path)).file;
        kinds.push({ name: `${variant}/${cat}`, args: cold(file), flags: [LAZY] });
        if (variant === "ours" && cat === "catalog_10k")
          kinds.push({ name: "ours/catalog_10k_eager_cli", args: cold(file), flags: [] });
        // Netlify counts 50 ms of CPU per request, module loading included: the first search's share.
        if (variant === "ours" && cat === "shipped") {
          kinds.push({
            name: "ours/shipped_first_search_components",
            args: cold(file, "search_components"),
            flags: [LAZY],
          });
          for (const [size, { id, path }] of Object.entries(validateFirst))
            kinds.push({
              name: `ours/shipped_first_validate_component_${size}`,
              args: cold(file, "validate_component", id, path, validateFunction.url),
              flags: [LAZY],
            });
        }
        // A session's first request after initialize: no store read.
        if (cat === "catalog_10k")
          kinds.push({
            name: `${variant}/catalog_10k_first_tools_list`,
            args: cold(file, "tools_list"),
            flags: [LAZY],
          });
      }
    }
    // What any handler on the official Blobs client pays in a fresh process (floor-child.ts).
    kinds.push({ name: "floor", args: [join(ROOT, "bench/floor-child.ts")], flags: [] });
    const runs = new Map<string, Record<string, number>[]>();
    const ctx = Buffer.from(JSON.stringify(blobs.config)).toString("base64");
    const warmup = settings.cold_warmup_runs;
    for (let i = 0; i < settings.cold_runs + warmup; i++) {
      for (const k of rotate(kinds, i)) {
        const r = await runJson<{ ok: boolean; error?: string } & Record<string, number>>(
          deno,
          ["run", "-A", ...k.flags, ...k.args],
          { NETLIFY_BLOBS_CONTEXT: ctx },
        );
        if (!r.ok) throw new Error(`cold start ${k.name}: ${r.error}`);
        // The warm-up run fills Deno's module cache.
        if (i >= warmup) runs.set(k.name, [...(runs.get(k.name) ?? []), r]);
      }
      log(`cold start run ${i + 1 - warmup}/${settings.cold_runs}`);
    }
    await validateFunction.close();
    // Had the edge not had the function's answer, it would have validated in the isolate and measured that.
    const sent = (settings.cold_runs + warmup) * Object.keys(validateFirst).length;
    if (validations !== sent) throw new Error(`the validate function got ${validations} of ${sent} validations`);
    const summary = (name: string) => {
      const rs = runs.get(name)!;
      return {
        import_ms: median(rs.map((r) => r.import_ms)),
        first_call_ms: median(rs.map((r) => r.first_call_ms)),
        total_ms: median(rs.map((r) => r.total_ms)),
        process_start_to_response_ms: median(rs.map((r) => r.process_ms)),
        ...(rs[0].cpu_ms !== undefined && { cpu_ms: median(rs.map((r) => r.cpu_ms)) }),
        ...(rs[0].main_thread_cpu_ms !== undefined && {
          main_thread_cpu_ms: median(rs.map((r) => r.main_thread_cpu_ms)),
        }),
        runs: rs.length,
      };
    };
    const detail = Object.fromEntries(kinds.filter((k) => k.name !== "floor").map((k) => [k.name, summary(k.name)]));
    const floor = runs.get("floor")!;
    results.cold_start_ms = {
      catalog_shipped: detail["ours/shipped"].total_ms,
      catalog_10k: detail["ours/catalog_10k"].total_ms,
      sdk_catalog_shipped: detail["sdk/shipped"].total_ms,
      sdk_catalog_10k: detail["sdk/catalog_10k"].total_ms,
      catalog_10k_first_tools_list: detail["ours/catalog_10k_first_tools_list"].total_ms,
      shipped_first_search_components: detail["ours/shipped_first_search_components"].total_ms,
      shipped_first_search_components_cpu: detail["ours/shipped_first_search_components"].cpu_ms,
      shipped_first_search_components_main_thread_cpu:
        detail["ours/shipped_first_search_components"].main_thread_cpu_ms,
      sdk_catalog_10k_first_tools_list: detail["sdk/catalog_10k_first_tools_list"].total_ms,
      first_validate_component: Object.fromEntries(
        Object.entries(validateFirst).map(([size, { path }]) => {
          const d = detail[`ours/shipped_first_validate_component_${size}`];
          return [
            size,
            {
              fixture: path.split("/").slice(-2).join("/"),
              total_ms: d.total_ms,
              cpu_ms: d.cpu_ms,
              main_thread_cpu_ms: d.main_thread_cpu_ms,
            },
          ];
        }),
      ),
      // What the edge no longer pays: the validate function's first call, on Node.
      validate_function_first_call: await functionFirstCalls(work, validateBundle, validateFirst, settings.cold_runs),
      floor: {
        node_layer_ms: median(floor.map((r) => r.node_layer_ms)),
        first_fetch_ms: median(floor.map((r) => r.first_fetch_ms)),
        total_ms: median(floor.map((r) => r.total_ms)),
        cpu_ms: median(floor.map((r) => r.cpu_ms)),
      },
      detail,
    };
  }

  if (want("registry")) {
    // One registry item beside one get_component of the same component, fresh Deno processes, interleaved;
    // each request with its usage write (waitUntil, awaited in the child), so the two compare alike.
    log("a registry item beside get_component: cold and warm CPU (Deno)");
    const dir = (name: string) => join(work, name);
    const files = {
      item: (await bundle(join(ROOT, "netlify/edge-functions/registry.ts"), dir("registry"), CATALOG_DIR)).file,
      get_component: entryFiles.ours ?? (await bundle(ENTRIES.ours, dir("ours-registry"), CATALOG_DIR)).file,
    };
    const ctx = Buffer.from(JSON.stringify(blobs.config)).toString("base64");
    const runs: Record<string, { cold_cpu_ms: number; warm_cpu_ms: number }[]> = { item: [], get_component: [] };
    for (let i = 0; i < settings.cold_runs + settings.cold_warmup_runs; i++)
      for (const kind of rotate(["item", "get_component"] as const, i)) {
        const args = [files[kind], kind, kind === "item" ? GET_PATTERN : patternId, String(settings.registry_rounds)];
        type Child = { ok: boolean; error?: string; cold_cpu_ms: number; warm_cpu_ms: number };
        const r = await runJson<Child & { rounds: number; usage_writes: number }>(
          deno,
          ["run", "-A", LAZY, join(ROOT, "bench/registry-child.ts"), ...args],
          { NETLIFY_BLOBS_CONTEXT: ctx },
        );
        if (!r.ok) throw new Error(`registry bench ${kind}: ${r.error}`);
        // A request without its usage write would make the comparison unfair: one write per request, each side.
        if (r.usage_writes !== r.rounds + 1)
          throw new Error(`registry bench ${kind}: ${r.usage_writes} usage writes for ${r.rounds + 1} requests`);
        if (i >= settings.cold_warmup_runs) runs[kind].push(r); // the warm-up run fills Deno's module cache
      }
    const of = (kind: string) => ({
      cold_cpu_ms: median(runs[kind].map((r) => r.cold_cpu_ms)),
      warm_cpu_ms: median(runs[kind].map((r) => r.warm_cpu_ms)),
    });
    results.registry = { item: of("item"), get_component: of("get_component"), runs: settings.cold_runs };
  }

  if (want("search")) {
    log("search_components over 10,000 patterns (Deno)");
    const s = await denoChild<Record<string, number>>("search-child.ts", [
      catalog10k,
      String(settings.search_rounds),
      String(settings.search_queries),
    ]);
    results.search = s;
    results.search_p50_ms = s.p50_ms;
    results.search_p99_ms = s.p99_ms;
  }

  if (want("blobs")) {
    log("get_component over local Blobs vs the blob reads (Deno)");
    results.blobs = await denoChild<Record<string, number>>(
      "blobs-child.ts",
      [CATALOG_DIR, patternId, String(settings.blobs_iterations)],
      { BENCH_BLOBS: JSON.stringify(blobs.config) },
    );
  }

  if (want("validate")) {
    log("validate_component on the largest fixture, in process (Deno)");
    const v = await denoChild<Record<string, any>>("validate-child.ts", [
      CATALOG_DIR,
      String(settings.validate_rounds),
    ]);
    results.validate = v;
    results.validate_cpu_p99_ms = v.cpu_p99_ms;
  }

  if (want("session")) {
    log("2025-era session ids: initialize and a later call, ids on and off (Deno)");
    results.session = await denoChild<Record<string, unknown>>(
      "session-child.ts",
      [CATALOG_DIR, String(settings.session_rounds), String(settings.session_requests_per_round)],
      { BENCH_BLOBS: JSON.stringify(blobs.config) },
    );
  }

  if (want("throughput")) {
    log(
      `throughput: ${settings.throughput_rounds} rounds x 2 runtimes x 4 scenarios x 4 variants x ${settings.throughput_seconds}s`,
    );
    results.throughput = await measureThroughput({
      rounds: settings.throughput_rounds,
      seconds: settings.throughput_seconds,
      warmupSeconds: settings.throughput_warmup_seconds,
      connections: settings.connections,
      catalogDir: CATALOG_DIR, // serve.ts imports its load.ts
      blobs: blobs.config,
      log,
    });
  }
} finally {
  await blobs.stop();
  await rm(work, { recursive: true, force: true });
}

Object.assign(results, targets(results));
(results.machine as Record<string, unknown>).load_average_at_end = loadavg().map((x) => Number(x.toFixed(2)));
results.duration_s = Math.round((Date.now() - started) / 1000);
const out = values.out ?? join(ROOT, "bench-results.json");
await writeFile(out, `${JSON.stringify(results, null, 2)}\n`);
printReport(results);
log(`wrote ${out} in ${results.duration_s} s`);
