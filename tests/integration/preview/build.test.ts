/**
 * The built component preview (generated/preview-html.json, `npm run build`): current with
 * its sources, one self-contained HTML document within its size budget, declaring the `_meta.ui` the
 * server serves, and a `--check` that fails on a stale file.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildPreview,
  PREVIEW_FILE,
  PREVIEW_PATH,
  PREVIEW_UI,
  type PreviewBuild,
  previewFileText,
} from "../../../scripts/build/preview.ts";
import { bundle, EDGE_ENTRY } from "../../../scripts/lib/edge-bundle.ts";
import { CATALOG_DIR } from "../../../scripts/build/catalog.ts";
import { ROOT } from "../../../scripts/lib/repo-root.ts";
import { staleOutputs } from "../../../scripts/build/generated.ts";
import { buildCli } from "../../helpers/build.ts";

const work = await mkdtemp(join(tmpdir(), "preview-build-"));
afterAll(() => rm(work, { recursive: true, force: true }));
/** The preview file as `text`, alone: whether it is stale under `root`. */
const stale = async (text: string, root = ROOT) =>
  (await staleOutputs(root, new Map([[PREVIEW_PATH, text]]))).length > 0;

let built: PreviewBuild;
beforeAll(async () => {
  built = await buildPreview();
}, 120_000);

describe("the generated preview (generated/preview-html.json)", () => {
  it("is what the sources build today, byte for byte (else run npm run build)", async () => {
    expect(await stale(previewFileText(built.html)), "stale generated/preview-html.json: run npm run build").toBe(
      false,
    );
    const committed = JSON.parse(await readFile(PREVIEW_FILE, "utf8"));
    expect(committed.html).toBe(built.html);
    expect(committed.ui).toEqual(PREVIEW_UI);
  });

  it("is one HTML document with its one script and its styles inline, loading nothing from outside", () => {
    const { html } = built;
    expect(html.startsWith("<!doctype html>\n<html")).toBe(true);
    // The markup around the one inline script (whose code may spell "<script>" in strings, as React's does).
    const start = html.indexOf("<script>") + 8;
    const end = html.lastIndexOf("</script>");
    const script = html.slice(start, end);
    const markup = html.slice(0, start) + html.slice(end);
    expect(markup.match(/<script\b/gi)).toHaveLength(1);
    expect(markup.match(/<style\b/gi)).toHaveLength(1);
    expect(markup).not.toMatch(/<script[^>]*\bsrc=|<link\b|<iframe\b|<img\b|@import/i);
    // A closing tag inside the inline script would end it early; the build escapes it.
    expect(script).not.toMatch(/<\/script/i);
    expect(script.length).toBeGreaterThan(100_000);
    // ASCII only: the JSON-RPC response that carries it needs no escaping (src/mcp/wire.ts).
    // biome-ignore lint/suspicious/noControlCharactersInRegex: every ASCII code unit, controls included
    expect(/^[\x00-\x7f]*$/.test(html)).toBe(true);
  });

  it("declares no CSP domains and asks only for clipboard-write", () => {
    expect(PREVIEW_UI.csp).toEqual({ connectDomains: [], resourceDomains: [] });
    expect(Object.keys(PREVIEW_UI.permissions)).toEqual(["clipboardWrite"]);
  });

  it("stays within its size budget, 512 KB gzipped, and the README states its size", async () => {
    expect(built.sizes.gzip).toBeLessThan(512_000);
    const readme = await readFile(join(ROOT, "README.md"), "utf8");
    expect(readme).toContain(`${Math.round(built.sizes.gzip / 1000)} KB gzipped`);
  });

  it("goes stale when the document changes, and --check says so and exits 1", async () => {
    await mkdir(join(work, "generated"));
    await writeFile(
      join(work, PREVIEW_PATH),
      previewFileText(built.html.replace("component preview", "component preview!")),
    );
    const failed = await buildCli("--check", "--out", work, "preview");
    expect(failed.out).toContain(`stale: ${PREVIEW_PATH}`);
    expect(failed.out).toContain("run npm run build");
    expect(failed.code).toBe(1);
    expect(await stale(previewFileText(built.html), join(work, "missing"))).toBe(true);
  }, 120_000);
});

describe("the edge bundle (esbuild, as the benchmark bundles it)", () => {
  const doc = async () => JSON.parse(await readFile(PREVIEW_FILE, "utf8")) as { html: string };
  it("stays out of the edge bundle the benchmark measures: an external module, imported on first read", async () => {
    const work = await mkdtemp(join(tmpdir(), "preview-bundle-"));
    try {
      const size = await bundle(EDGE_ENTRY, join(work, "ours"), CATALOG_DIR);
      const code = await readFile(size.file, "utf8");
      expect(code).toMatch(/import\("file:\/\/[^"]*\/generated\/preview-html\.json",\{with:\{type:"json"\}\}\)/);
      // Neither what a cold isolate loads nor the chunks loaded on demand hold the document.
      expect(size.minified + size.lazy.minified).toBeLessThan((await doc()).html.length / 4);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});
