/** Debian's headless Chromium through playwright-core, for the browser tests and screenshots. Node only. */
import { type Browser, chromium } from "playwright-core";

/** The launch flags that work on these machines: no sandbox (root), no GPU, nothing reaching out. */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Playwright gives every launch a fresh, empty profile directory of its own. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
