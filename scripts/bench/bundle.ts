/**
 * esbuild bundles of our edge function and of the SDK variant (scripts/bench/sdk-edge.ts): ESM,
 * minified, for the edge. `catalog` decides what happens to the built catalog (generated/catalog/load.ts and
 * the files it loads): "inline" bundles all of it; a catalog directory bundles that directory's
 * load.ts and keeps what it imports (JSON files, group modules) external modules, loaded on demand
 * as Deno loads them in production, where the edge bundler keeps every module apart. The component
 * preview's HTML (generated/preview-html.json) is always such an external module: the edge function
 * imports it on the first read of its resource only, so it is neither in a cold start nor in the size.
 */
import { gzipSync } from "node:zlib";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type BuildOptions, type Plugin } from "esbuild";
import { ROOT } from "../lib/fixtures.ts";

export const ENTRIES = {
  ours: join(ROOT, "netlify/edge-functions/mcp.ts"),
  sdk: join(ROOT, "scripts/bench/sdk-edge.ts"),
} as const;

const catalogPlugin = (catalog: string): Plugin => ({
  name: "catalog",
  setup(b) {
    if (catalog === "inline") return;
    b.onResolve({ filter: /catalog\/load\.ts$/ }, () => ({ path: join(catalog, "load.ts") }));
    b.onResolve({ filter: /^\.\/.*\.(?:json|ts)$/ }, (args) =>
      dirname(args.importer) === catalog
        ? { path: pathToFileURL(join(catalog, args.path)).href, external: true }
        : undefined,
    );
  },
});

/** generated/preview-html.json stays external, where it is (the path from the edge function's import). */
const previewPlugin: Plugin = {
  name: "preview",
  setup(b) {
    b.onResolve({ filter: /generated\/preview-html\.json$/ }, (args) => ({
      path: pathToFileURL(join(args.resolveDir, args.path)).href,
      external: true,
    }));
  },
};

export interface BundleSize {
  minified: number;
  gzip: number;
}

/** How an edge function is bundled here: ESM, minified, resolved as Deno resolves it. */
export const EDGE_BUILD = {
  bundle: true,
  minify: true,
  format: "esm",
  platform: "neutral",
  mainFields: ["module", "main"],
  conditions: ["deno", "worker", "import"],
  // Type-only in our code; Netlify provides it.
  external: ["@netlify/edge-functions"],
  logLevel: "error",
} as const satisfies BuildOptions;

export async function bundle(entry: string, outfile: string, catalog: "inline" | string): Promise<BundleSize> {
  await build({ ...EDGE_BUILD, entryPoints: [entry], outfile, plugins: [catalogPlugin(catalog), previewPlugin] });
  const bytes = await readFile(outfile);
  return { minified: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength };
}
