/**
 * The built component preview (generated/preview-html.json, `npm run build:preview`): current with
 * its sources, one self-contained HTML document within its size budget, declaring the `_meta.ui` the
 * server serves, and a `--check` that fails on a stale file.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPreview, PREVIEW_FILE, PREVIEW_UI, type PreviewBuild, previewFileText, previewStale } from "../../scripts/build-preview.ts";
import { ROOT } from "../../scripts/lib/fixtures.ts";

const run = promisify(execFile);
const work = await mkdtemp(join(tmpdir(), "preview-build-"));
afterAll(() => rm(work, { recursive: true, force: true }));

/** Runs the build's CLI; resolves to its exit code and output. */
async function cli(...args: string[]) {
  return run(process.execPath, [join(ROOT, "node_modules/tsx/dist/cli.mjs"), join(ROOT, "scripts/build-preview.ts"), ...args], { cwd: ROOT })
    .then(({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }))
    .catch((e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }));
}

let built: PreviewBuild;
beforeAll(async () => {
  built = await buildPreview();
}, 120_000);

describe("the generated preview (generated/preview-html.json)", () => {
  it("is what the sources build today, byte for byte (else run npm run build:preview)", async () => {
    expect(await previewStale(previewFileText(built.html)), "stale generated/preview-html.json: run npm run build:preview").toBe(false);
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
    // ASCII only: the JSON-RPC response that carries it needs no escaping (src/mcp/frozen-json.ts).
    expect(/^[\x00-\x7f]*$/.test(html)).toBe(true);
  });

  it("declares no CSP domains and asks only for clipboard-write", () => {
    expect(PREVIEW_UI.csp).toEqual({ connectDomains: [], resourceDomains: [] });
    expect(Object.keys(PREVIEW_UI.permissions)).toEqual(["clipboardWrite"]);
  });

  it("stays within its size budget: 512 KB gzipped (README states the figure)", () => {
    expect(built.sizes.gzip).toBeLessThan(512_000);
  });

  it("goes stale when the document changes, and --check says so and exits 1", async () => {
    const stale = join(work, "stale.json");
    await writeFile(stale, previewFileText(built.html.replace("component preview", "component preview!")));
    const failed = await cli("--check", "--out", stale);
    expect(failed.out).toContain("stale: run npm run build:preview");
    expect(failed.code).toBe(1);
    expect(await previewStale(previewFileText(built.html), join(work, "missing.json"))).toBe(true);
  }, 120_000);
});
