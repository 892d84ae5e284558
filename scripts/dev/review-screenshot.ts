/**
 * A screenshot of the HTML usage review (`npm run usage-report -- --html FILE`), for a look by eye:
 * Debian's headless Chromium with a fresh profile, nothing reaching out, the whole page.
 *
 *   tsx scripts/dev/review-screenshot.ts --html review.html --out review.png [--width 1100]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { parseArgsOr } from "../lib/args.ts";

const usage = (why: string): never => {
  console.error(`${why}\nusage: tsx scripts/dev/review-screenshot.ts --html FILE --out PNG [--width PX]`);
  process.exit(2);
};
const { values } = parseArgsOr(
  { options: { html: { type: "string" }, out: { type: "string" }, width: { type: "string", default: "1100" } } },
  usage,
);
if (!values.html || !values.out) usage("--html and --out are required");

// A fresh profile per run: nothing from an earlier run (cache, state) can show in the picture.
const profile = await mkdtemp(join(tmpdir(), "review-chromium-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
  viewport: { width: Number(values.width), height: 900 },
});
try {
  const page = await context.newPage();
  await page.goto(pathToFileURL(resolve(values.html!)).href);
  await page.screenshot({ path: values.out!, fullPage: true });
  console.log(`Wrote ${values.out}`);
} finally {
  await context.close();
  await rm(profile, { recursive: true, force: true });
}
