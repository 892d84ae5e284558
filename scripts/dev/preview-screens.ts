/**
 * `npm run preview:screens`: screenshots of the component preview as a host shows it, for a look by
 * eye. Serves the real edge function (as `npm start` does, on a free port), mounts the view with the
 * reference host in headless Chromium (scripts/dev/preview-harness.ts), and writes one PNG per
 * component and theme to test-output/preview/.
 *
 *   tsx scripts/dev/preview-screens.ts [--out test-output/preview] [--width 760]
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { startLocalServer } from "../local/server.ts";
import { ROOT } from "../lib/repo-root.ts";
import { launchChromium } from "./chromium.ts";
import { hostCsp, mountPreview, readPreview, serveHost, viewFrame } from "./preview-harness.ts";
import { parseArgsOr } from "../lib/args.ts";

/** Three components that show the range: a dialog-like palette, form controls, and a data table. */
const COMPONENTS = ["command-palette", "toggle-switch", "data-table"];

const usage = (why: string): never => {
  console.error(`${why}\nusage: npm run preview:screens -- [--out DIR] [--width PX]`);
  process.exit(2);
};
const { values } = parseArgsOr(
  {
    options: {
      out: { type: "string", default: join(ROOT, "test-output/preview") },
      width: { type: "string", default: "760" },
    },
  },
  usage,
);
const out = values.out!;
const width = Number(values.width);
await mkdir(out, { recursive: true });

const dev = await startLocalServer({ port: 0, quiet: true });
const endpoint = `${dev.url}/mcp`;
const view = await readPreview(endpoint, "modern");
const host = await serveHost(view.html, hostCsp(view.ui.csp));
const browser = await launchChromium();
try {
  for (const theme of ["light", "dark"] as const) {
    const page = await browser.newPage({ viewport: { width: width + 40, height: 900 } });
    await mountPreview(page, host, { endpoint, permissions: view.ui.permissions, theme, width });
    for (const ref of COMPONENTS) {
      const frame = viewFrame(page);
      const before = Number((await frame.locator("#pv-stage").getAttribute("data-run")) ?? 0);
      await page.evaluate((r) => window.previewHost!.call("get_component", { pattern_id: r }), ref);
      await frame.locator(`#pv-stage[data-run="${before + 1}"][data-state="ready"]`).waitFor();
      await frame.locator("#pv-sha").waitFor();
      // Let the host apply the view's reported height, and entrance animations settle.
      await page.waitForTimeout(800);
      const file = join(out, `${ref}-${theme}.png`);
      await page.locator("iframe").screenshot({ path: file });
      console.log(`wrote ${file}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await host.close();
  await dev.stop();
}
