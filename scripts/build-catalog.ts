/**
 * `npm run build:catalog`: validates search_index.json (zod + duplicate ids, numbers and slugs,
 * exactly as the endpoint does at load) and writes search_index.prebuilt.json, the form the edge
 * function ships: validated entries plus the search index, so a cold isolate does neither.
 *
 *   tsx scripts/build-catalog.ts [--in search_index.json] [--out search_index.prebuilt.json] [--check]
 *
 * `--check` writes nothing and exits 1 when the output is missing or stale.
 */
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createCatalog } from "../src/catalog/catalog.ts";
import { prebuild, serializePrebuilt } from "../src/catalog/prebuilt.ts";
import { DEFAULT_SITE_URL } from "../src/config.ts";
import { ROOT } from "./lib/fixtures.ts";

export const SOURCE = join(ROOT, "search_index.json");
export const PREBUILT = join(ROOT, "search_index.prebuilt.json");

/** The prebuilt file's exact text for a search_index.json text; throws when the index is invalid. */
export function buildPrebuiltText(sourceText: string): string {
  const catalog = createCatalog(JSON.parse(sourceText), DEFAULT_SITE_URL);
  const sha256 = createHash("sha256").update(sourceText).digest("hex");
  return serializePrebuilt(prebuild(catalog.entries, sha256));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { in: { type: "string", default: SOURCE }, out: { type: "string", default: PREBUILT }, check: { type: "boolean", default: false } } });
  const text = buildPrebuiltText(await readFile(values.in!, "utf8"));
  const current = await readFile(values.out!, "utf8").catch(() => null);
  if (values.check) {
    if (current !== text) {
      console.error(`${values.out} is stale: run npm run build:catalog`);
      process.exit(1);
    }
    console.log(`${values.out} is current`);
  } else if (current === text) {
    console.log(`${values.out} is current`);
  } else {
    await writeFile(values.out!, text);
    console.log(`wrote ${values.out} (${text.length} bytes)`);
  }
}
