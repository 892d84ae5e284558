/**
 * The preview generator of `npm run build`: builds the component preview (preview/, an MCP App view)
 * into one HTML document with every script and style inline, and writes it to
 * generated/preview-html.json, which the edge function imports on the first read of its ui://
 * resource (src/apps/preview.ts). Deterministic: the same sources and locked packages give the same
 * bytes. The slowest generator, so it lists its inputs and `npm run build` skips it while they and
 * the file are unchanged.
 */
import { readFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Plugin, transform } from "esbuild";
import { ROOT } from "../lib/repo-root.ts";
import type { Generator } from "./generated.ts";
import { packLucide } from "./lucide-pack.ts";
import { themeCss } from "../../src/theme/css.ts";

/** Where the build writes the preview, relative to the repo. */
export const PREVIEW_PATH = "generated/preview-html.json";
export const PREVIEW_FILE = join(ROOT, PREVIEW_PATH);
const SOURCE = join(ROOT, "preview");
/**
 * What decides the output besides the repo's modules esbuild bundles: this generator and the icon
 * packer, the shell and stylesheet, the catalog's theme the stylesheet starts with, what esbuild
 * resolves with, and the packages, by the versions installed (npm's node_modules/.package-lock.json:
 * the icons and esbuild among them) rather than by hashing each of their ~650 bundled files on every
 * build.
 */
const READ = [
  "scripts/build/preview.ts",
  "scripts/build/lucide-pack.ts",
  "preview/index.html",
  "preview/src/preview.css",
  "src/theme/tokens.ts",
  "src/theme/css.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  "node_modules/.package-lock.json",
];

/**
 * The `_meta.ui` the view declares on its resource content (MCP Apps). Every script and style is
 * inside the document (checked below) and it connects nowhere, so it names no CSP domains: hosts apply
 * their restrictive default (no network, no `unsafe-eval`). "Copy code" asks for clipboard-write and
 * falls back to a copy command where a host does not grant it. The host draws its border around it.
 */
export const PREVIEW_UI = {
  csp: { connectDomains: [], resourceDomains: [] },
  permissions: { clipboardWrite: {} },
  prefersBorder: true,
};

/** The icon data preview/src/lucide.ts renders, as the module `virtual:lucide-pack`. */
function lucidePackPlugin(pack: unknown): Plugin {
  return {
    name: "lucide-pack",
    setup(b) {
      b.onResolve({ filter: /^virtual:lucide-pack$/ }, (a) => ({ path: a.path, namespace: "lucide-pack" }));
      // JSON.parse of a string literal parses faster than the same data as an object literal.
      b.onLoad({ filter: /.*/, namespace: "lucide-pack" }, () => ({
        contents: `export default JSON.parse(${JSON.stringify(JSON.stringify(pack))});`,
        loader: "js",
      }));
    },
  };
}

/**
 * zod (under the ext-apps `App`) exports every locale through its `z` namespace, which the App uses
 * as a value, so all ~50 locales would be bundled (~260 KB minified). The view only ever formats
 * English messages: its locale index is replaced by English alone.
 */
const zodEnglishOnly: Plugin = {
  name: "zod-english-only",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (a) =>
      /[\\/]zod[\\/]v4[\\/](core|classic)[\\/]/.test(a.importer)
        ? { path: join(dirname(a.importer), "../locales/en.js"), namespace: "zod-english" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "zod-english" }, (a) => ({
      contents: `export { default as en } from ${JSON.stringify(a.path)};`,
      resolveDir: dirname(a.path),
      loader: "js",
    }));
  },
};

/** Inline script text may not contain `</script` (it would end the element); `<\/script` reads the same in JS. */
function inlineScript(js: string): string {
  const safe = js.replace(/<\/(script)/gi, "<\\/$1");
  // "<!--" in a script switches the HTML tokenizer into escaped states where "</script>" rules change.
  if (safe.includes("<!--")) throw new Error("the preview bundle contains <!--: escape it in the source");
  return safe;
}

export interface PreviewBuild {
  html: string;
  /** Bytes of the minified script and style, and of the whole document gzipped (level 9). */
  sizes: { js: number; css: number; html: number; gzip: number };
  /** Repo-relative paths of the files that decide `html`: READ and the repo's modules it bundles, sorted. */
  inputs: string[];
}

export async function buildPreview(): Promise<PreviewBuild> {
  const { pack } = await packLucide();
  const result = await build({
    entryPoints: [join(SOURCE, "src/main.tsx")],
    bundle: true,
    minify: true,
    format: "iife",
    platform: "browser",
    // What the hosts' webviews run: current Chromium (Claude, VS Code, Cursor, Goose), Safari and Firefox.
    target: ["es2022", "chrome111", "safari16.4", "firefox115"],
    jsx: "automatic",
    charset: "ascii",
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [lucidePackPlugin(pack), zodEnglishOnly],
    write: false,
    metafile: true,
    logLevel: "error",
  });
  const js = inlineScript(result.outputFiles[0].text);
  // The catalog's theme, every token light and dark, then the view's own styles. Dark follows the
  // view's theme switch (html[data-theme], which its toolbar's buttons also carry), never the OS.
  const theme = themeCss(undefined, { darkSelectors: [':root[data-theme="dark"]'], osDark: false });
  const stylesheet = `${theme}\n${await readFile(join(SOURCE, "src/preview.css"), "utf8")}`;
  const css = (
    await transform(stylesheet, {
      loader: "css",
      minify: true,
      charset: "ascii",
    })
  ).code;
  if (/<\/style/i.test(css)) throw new Error("preview.css contains </style");
  const template = await readFile(join(SOURCE, "index.html"), "utf8");
  const html = template
    .replace("<style>/* preview.css */</style>", () => `<style>${css.trim()}</style>`)
    .replace("<script>/* main.tsx */</script>", () => `<script>${js.trim()}</script>`);
  if (html === template || html.includes("/* main.tsx */") || html.includes("/* preview.css */"))
    throw new Error("preview/index.html lost a placeholder");
  // With no resourceDomains declared, nothing may load from outside the document.
  if (/<(?:link|img|iframe)\b|<script[^>]*\bsrc=|@import\s+url/i.test(template + css))
    throw new Error("the preview must load nothing from outside its document");
  // The metafile names bundled files relative to the working directory, virtual modules by namespace.
  const bundled = Object.keys(result.metafile.inputs)
    .filter((f) => !/^[\w-]+:/.test(f))
    .map((f) => relative(ROOT, resolve(f)));
  const inputs = [...new Set([...READ, ...bundled.filter((f) => !f.startsWith("node_modules/"))])].sort();
  return {
    html,
    sizes: { js: js.length, css: css.length, html: html.length, gzip: gzipSync(html, { level: 9 }).length },
    inputs,
  };
}

/**
 * The generated module's text: JSON, so Deno and Node import it as data (`with { type: "json" }`), in
 * the shape src/apps/preview.ts reads (`PreviewDocument`).
 */
export const previewFileText = (html: string, ui: unknown = PREVIEW_UI) =>
  `${JSON.stringify({ generatedBy: "npm run build (scripts/build/preview.ts) from preview/: do not edit", ui, html })}\n`;

/** Decimal kilobytes, as the benchmark reports sizes. */
const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;

export const previewGenerator: Generator = {
  name: "preview",
  from: "preview/",
  async build() {
    const { html, sizes, inputs } = await buildPreview();
    const note = `script ${kb(sizes.js)}, style ${kb(sizes.css)}, document ${kb(sizes.html)} (${kb(sizes.gzip)} gzipped)`;
    return { files: new Map([[PREVIEW_PATH, previewFileText(html)]]), inputs, note };
  },
};
