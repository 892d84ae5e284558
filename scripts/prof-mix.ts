import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as files from "/tmp/cat10k/load.ts";
import { createCatalog } from "../src/catalog/catalog.ts";
import { queryMix } from "./lib/query-mix.ts";
const entries = readdirSync("/tmp/cat10k").filter((f) => /^entries-\d+\.json$/.test(f)).sort().flatMap((f) => JSON.parse(readFileSync(join("/tmp/cat10k", f), "utf8")));
const mix = queryMix(entries, 500);
const times: [number, string][] = [];
for (let round = 0; round < 5; round++) {
  const c = createCatalog(files, "https://x");
  await c.search("zzqqzzqq", { limit: 10 });
  for (const q of mix) {
    const s = performance.now();
    await c.search(q.query ?? "", { category: q.category, withCode: true, limit: 10 });
    if (round >= 2) times.push([performance.now() - s, JSON.stringify(q)]);
  }
}
times.sort((a, b) => b[0] - a[0]);
console.log(times.slice(0, 15).map(([t, q]) => `${t.toFixed(2)} ${q}`).join("\n"));
