/**
 * esbuild bundles of our edge function and of the SDK variant (scripts/bench/sdk-edge.ts): ESM,
 * minified, for the edge. `catalog` decides what happens to the prebuilt catalog import:
 * "inline" bundles it, a path keeps it an external JSON module (as Deno loads it in production).
 */
import { gzipSync } from "node:zlib";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";
import { ROOT } from "../lib/fixtures.ts";

export const ENTRIES = {
  ours: join(ROOT, "netlify/edge-functions/mcp.ts"),
  sdk: join(ROOT, "scripts/bench/sdk-edge.ts"),
} as const;

const catalogPlugin = (catalog: string): Plugin => ({
  name: "catalog",
  setup(b) {
    b.onResolve({ filter: /search_index\.prebuilt\.json$/ }, () =>
      catalog === "inline" ? undefined : { path: pathToFileURL(catalog).href, external: true });
  },
});

export interface BundleSize {
  minified: number;
  gzip: number;
}

export async function bundle(entry: string, outfile: string, catalog: "inline" | string): Promise<BundleSize> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    conditions: ["deno", "worker", "import"],
    // Type-only in our code; Netlify provides it.
    external: ["@netlify/edge-functions"],
    plugins: [catalogPlugin(catalog)],
    logLevel: "error",
  });
  const bytes = await readFile(outfile);
  return { minified: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength };
}
