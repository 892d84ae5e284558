/**
 * esbuild bundles of an edge function, as the lab (bench/) measures ours and the SDK variant's, and
 * as the tests check what ours holds: ESM, minified, for the edge. `catalog` decides what happens to
 * the built catalog (generated/catalog/load.ts and the files it loads): "inline" bundles all of it; a
 * catalog directory bundles that directory's load.ts and keeps what it imports (JSON files, group
 * modules) external modules, loaded on demand as Deno loads them in production, where the edge
 * bundler keeps every module apart. The component preview's HTML (generated/preview-html.json) is
 * always such an external module: the edge function imports it on the first read of its resource
 * only, so it is neither in a cold start nor in the size.
 *
 * Code the function imports dynamically (the browser page, the skill's markdown) is split into
 * chunks of its own, as the edge bundler keeps such modules apart: `minified` and `gzip` count what a
 * cold isolate loads (the entry and what it imports statically), `lazy` the chunks loaded on demand.
 */
import { gzipSync } from "node:zlib";
import { readFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type BuildOptions, type Plugin } from "esbuild";
import { ROOT } from "./repo-root.ts";

/** Our edge function. */
export const EDGE_ENTRY = join(ROOT, "netlify/edge-functions/mcp.ts");

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
  /** Chunks loaded only on demand (dynamic imports), gzipped one by one as they are served. */
  lazy: { minified: number; gzip: number };
  /** The entry chunk, to import. */
  file: string;
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

/**
 * Bundles `entry` into the directory `outdir`, split at its dynamic imports; with the catalog
 * inlined, into one file holding everything (the total a deploy ships).
 */
export async function bundle(
  entry: string,
  outdir: string,
  catalog: "inline" | string,
  plugins: Plugin[] = [],
): Promise<BundleSize> {
  const { metafile } = await build({
    ...EDGE_BUILD,
    entryPoints: [entry],
    outdir,
    splitting: catalog !== "inline",
    entryNames: "[name]",
    metafile: true,
    plugins: [...plugins, catalogPlugin(catalog), previewPlugin],
  });
  const outputs = metafile.outputs;
  // The entry's own output: a dynamic import's chunk names its module as an entry point too.
  const file = Object.keys(outputs).find((o) => {
    const from = outputs[o].entryPoint;
    return from !== undefined && resolve(from) === resolve(entry);
  })!;
  // What the entry reaches through static imports loads with it; every other chunk waits for its import().
  const cold = new Set<string>();
  const reach = (o: string) => {
    if (cold.has(o)) return;
    cold.add(o);
    for (const i of outputs[o].imports) if (i.kind === "import-statement" && outputs[i.path]) reach(i.path);
  };
  reach(file);
  const size = { minified: 0, gzip: 0 };
  const lazy = { minified: 0, gzip: 0 };
  for (const o of Object.keys(outputs).filter((o) => o.endsWith(".js"))) {
    const bytes = await readFile(o);
    const into = cold.has(o) ? size : lazy;
    into.minified += bytes.byteLength;
    into.gzip += gzipSync(bytes, { level: 9 }).byteLength;
  }
  return { ...size, lazy, file: join(outdir, basename(file)) };
}
