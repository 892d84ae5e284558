import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { buildCatalogFiles, THESAURUS, writeCatalogFiles } from "./build-catalog.ts";
import { generateCatalog } from "./gen-catalog.ts";
import { loadCatalog } from "./lib/fixtures.ts";
import { createCatalog } from "../src/catalog/catalog.ts";
import { queryMix } from "./lib/query-mix.ts";
const dir = "/tmp/cat10k";
if (process.argv[2] === "build") {
  await writeCatalogFiles(dir, await buildCatalogFiles(JSON.stringify(generateCatalog(await loadCatalog(), 10_000)), { thesaurus: readFileSync(THESAURUS, "utf8") }));
  process.exit(0);
}
const files = await import(pathToFileURL(join(dir, "load.ts")).href);
let t = performance.now();
const st = await files.search();
console.log("import search.json", (performance.now() - t).toFixed(1));
const c = createCatalog(files, "https://x");
t = performance.now(); await c.search("modal window", { limit: 10 }); console.log("first search", (performance.now() - t).toFixed(1));
t = performance.now(); await c.search("accordian", { limit: 10 }); console.log("second (typo)", (performance.now() - t).toFixed(1));
const entries = Array.from({ length: 35 }, (_, k) => JSON.parse(readFileSync(join(dir, `entries-${String(k).padStart(3, "0")}.json`), "utf8"))).flat();
const dev = JSON.parse(readFileSync("tests/relevance/dev-queries.json", "utf8")).map((q: any) => q[0]);
const mix = [...queryMix(entries, 500).map((q) => q.query!), ...dev];
for (const q of mix) await c.search(q, { limit: 10 });
const times: [number, string][] = [];
for (const q of mix) { const s = performance.now(); for (let i = 0; i < 3; i++) await c.search(q, { limit: 10 }); times.push([(performance.now() - s) / 3, q]); }
times.sort((a, b) => b[0] - a[0]);
const sorted = times.map((x) => x[0]).sort((a, b) => a - b);
console.log("p50", sorted[Math.floor(sorted.length * 0.5)].toFixed(3), "p99", sorted[Math.floor(sorted.length * 0.99)].toFixed(3));
console.log(times.slice(0, 12).map(([ms, q]) => `${ms.toFixed(2)} ${q}`).join("\n"));
