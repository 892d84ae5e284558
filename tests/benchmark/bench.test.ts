/**
 * The benchmark is never a timed test: these only prove that the lab (bench/, a package of its own)
 * installs, that `npm run bench` runs end to end through it (every part, every variant, both
 * runtimes), and that its building blocks are right. Figures are not asserted. That the lab
 * type-checks against the product's code is `npm run typecheck`'s, with the product's own types.
 */
import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { once } from "node:events";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { installLab } from "../../bench/install.ts";
import { requestBytes, runLoad } from "../../bench/load-generator.ts";
import { generateCatalog } from "../../scripts/lib/gen-catalog.ts";
import { catalogSchema } from "../../src/catalog/schema.ts";
import { duplicates } from "../../scripts/build/catalog/parse.ts";
import { loadCatalog } from "../../scripts/lib/fixtures.ts";
import { ROOT } from "../../scripts/lib/repo-root.ts";

describe("benchmark building blocks", () => {
  it("generates a valid, deterministic 10,000-pattern catalog that starts with the shipped one", async () => {
    const shipped = await loadCatalog();
    const a = generateCatalog(shipped, 10_000, 3);
    expect(a).toHaveLength(10_000);
    expect(a.slice(0, shipped.length)).toEqual(shipped);
    expect(catalogSchema.safeParse(a).success).toBe(true);
    expect(duplicates(a)).toBeUndefined();
    expect(JSON.stringify(generateCatalog(shipped, 2_000, 3))).toBe(JSON.stringify(a.slice(0, 2_000)));
    expect(JSON.stringify(generateCatalog(shipped, 2_000, 4))).not.toBe(JSON.stringify(a.slice(0, 2_000)));
  });

  it("load generator reads content-length and chunked responses and counts non-200s", async () => {
    let n = 0;
    const server = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        n++;
        if (n % 3 === 0) res.writeHead(500, { "content-length": "5" }).end("nope!");
        else if (n % 2) res.writeHead(200, { "content-length": "11" }).end("hello world");
        else {
          res.writeHead(200, { "content-type": "text/plain" }); // no length: Node sends it chunked
          res.write("hello ");
          res.end("world");
        }
      });
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const port = (server.address() as { port: number }).port;
    try {
      const r = await runLoad(port, requestBytes(port, "{}", { "Content-Type": "application/json" }), {
        connections: 1,
        seconds: 60,
        maxRequests: 12,
      });
      expect(r.requests).toBe(12);
      expect(n).toBe(12);
      expect(r.errors).toBe(4);
      expect(r.firstError).toBe("HTTP 500: nope!");
      expect(r.latencies).toHaveLength(r.requests);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe("npm run bench (smoke), through the lab", () => {
  // What `npm run bench` runs first: `npm ci --prefix bench` when the lab is missing or stale.
  beforeAll(() => void installLab(), 120_000);

  it("runs every part for all four variants on Deno and Node, writes the result file and checks every guard", () => {
    const out = join(mkdtempSync(join(tmpdir(), "bench-smoke-")), "results.json");
    const run = spawnSync("npm", ["run", "bench", "--", "--smoke", "--out", out], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 280_000,
    });
    expect(run.status, run.stderr.slice(-3000)).toBe(0);
    const r = JSON.parse(readFileSync(out, "utf8"));
    for (const key of ["vs_sdk_throughput", "vs_raw_throughput", "bundle_vs_sdk"])
      expect(Number.isFinite(r.ratios[key]), key).toBe(true);
    for (const key of [
      "catalog_10k",
      "catalog_shipped",
      "catalog_10k_first_tools_list",
      "sdk_catalog_10k_first_tools_list",
      "shipped_first_search_components",
      "shipped_first_search_components_cpu",
    ]) {
      expect(r.cold_start_ms[key], key).toBeGreaterThan(0);
    }
    for (const key of ["node_layer_ms", "first_fetch_ms", "total_ms", "cpu_ms"])
      expect(r.cold_start_ms.floor[key], key).toBeGreaterThan(0);
    expect(r.search_p99_ms).toBeGreaterThan(0);
    expect(r.search.patterns).toBe(10_000);
    expect(r.blobs.get_component_p50_ms).toBeGreaterThan(0);
    expect(r.validate_cpu_p99_ms).toBeGreaterThan(0);
    for (const size of ["mid", "largest"])
      expect(r.cold_start_ms.first_validate_component[size].cpu_ms, size).toBeGreaterThan(0);
    expect(r.validate.findings).toEqual({ unchanged: 0, adapted: 2, reindented: 1 });
    for (const key of ["initialize_on_over_off", "call_with_id_over_ids_off", "call_without_id_over_ids_off"])
      expect(r.session.ratios[key], key).toBeGreaterThan(0);
    expect(r.session.cold_first_initialize_ms.stored_key).toBeGreaterThan(0);
    for (const runtime of ["deno", "node"]) {
      for (const scenario of ["tools_list", "search_components", "get_component_memory", "get_component_blobs"]) {
        const cells = r.throughput[runtime][scenario];
        for (const v of ["ours", "sdk", "sdk_shared_validator", "raw"])
          expect(cells[v].rps, `${runtime} ${scenario} ${v}`).toBeGreaterThan(0);
        // Same work for every variant: the raw floor returns our body, the SDK the same tool result.
        expect(cells.raw.body_bytes).toBe(cells.ours.body_bytes);
        if (scenario !== "tools_list") expect(cells.sdk.body_bytes).toBe(cells.ours.body_bytes);
      }
    }
    // The seven guards, each once, each met or missed.
    expect(r.targets).toHaveLength(7);
    for (const t of r.targets) expect(typeof t.met, t.target).toBe("boolean");
    expect(Number.isFinite(r.ratios.vs_sdk_cpu_per_request_search)).toBe(true);
    for (const kind of ["item", "get_component"])
      for (const key of ["cold_cpu_ms", "warm_cpu_ms"])
        expect(r.registry[kind][key], `${kind} ${key}`).toBeGreaterThan(0);
    expect(run.stdout).toContain("A registry item");
    expect(run.stdout).toContain("Targets");
  }, 300_000);
});
