/**
 * What Chromium renders: the live preview's tokens, light and dark, read from the view itself (the
 * reference host, as tests/served/preview mounts it), and each fixture version's get_component theme_css
 * pasted into a blank page, under every dark convention it promises. Values are compared as the
 * browser resolves them through real properties (a colour as rgb(), a radius in px), so `0.5rem` and
 * `.5rem` are the same and a typo in a selector is not.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../../../scripts/dev/chromium.ts";
import { loadFixtures } from "../../../scripts/lib/fixtures.ts";
import {
  hostCsp,
  type HostServer,
  mountPreview,
  readPreview,
  rpc,
  serveHost,
  viewFrame,
} from "../../../scripts/dev/preview-harness.ts";
import { TOKENS } from "../../../src/theme/tokens.ts";

const endpoint = `${inject("servedUrl")}/mcp`;
const fixtures = await loadFixtures();

type Resolved = Record<string, string>;

/** The document root's class and data-theme ("" for none). */
type Root = { cls: string; attr: string };

/**
 * In the page: each token resolved through a property that uses it, on a probe under `root`; under
 * each of `roots` in turn when given (the document's root set to that class and data-theme, as a page
 * that sets them in its markup has them), else as the page is.
 */
function probe(root: Element, { tokens, roots }: { tokens: string[]; roots?: Root[] }): Resolved[] {
  const through = (t: string): [string, string] =>
    t.includes("font")
      ? ["font-family", "fontFamily"]
      : t === "--ui-text-scale"
        ? ["flex-grow", "flexGrow"]
        : t === "--ui-spacing"
          ? ["padding-left", "paddingLeft"]
          : t === "--ui-corners"
            ? ["border-top-left-radius", "borderTopLeftRadius"]
            : ["color", "color"];
  const resolve = () => {
    const out: Resolved = {};
    for (const t of tokens) {
      const el = document.createElement("div");
      const [css, js] = through(t);
      el.setAttribute("style", `${css}: var(${t})`);
      root.appendChild(el);
      out[t] = (getComputedStyle(el) as unknown as Record<string, string>)[js];
      el.remove();
    }
    return out;
  };
  if (!roots) return [resolve()];
  const html = document.documentElement;
  return roots.map(({ cls, attr }) => {
    if (cls) html.setAttribute("class", cls);
    else html.removeAttribute("class");
    if (attr) html.setAttribute("data-theme", attr);
    else html.removeAttribute("data-theme");
    return resolve();
  });
}

/** Each state: under the OS's scheme, the root's class and data-theme, and the theme it must show. */
const STATES: Record<"light" | "dark", (Root & { expect: "light" | "dark" })[]> = {
  light: [
    { cls: "", attr: "", expect: "light" },
    { cls: "dark", attr: "", expect: "dark" },
    { cls: "", attr: "dark", expect: "dark" },
  ],
  dark: [
    { cls: "", attr: "", expect: "dark" },
    { cls: "light", attr: "", expect: "light" },
    { cls: "", attr: "light", expect: "light" },
  ],
};

let browser: Browser;
let host: HostServer;
const rendered: Record<"light" | "dark", Resolved> = { light: {}, dark: {} };

beforeAll(async () => {
  browser = await launchChromium();
  const view = await readPreview(endpoint, "modern");
  host = await serveHost(view.html, hostCsp(view.ui.csp));
  for (const theme of ["light", "dark"] as const) {
    const page = await browser.newPage();
    await mountPreview(page, host, { endpoint, theme });
    await viewFrame(page).locator(`html[data-theme="${theme}"]`).waitFor({ state: "attached" });
    [rendered[theme]] = await viewFrame(page).locator("body").evaluate(probe, { tokens: TOKENS });
    await page.close();
  }
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
});

describe("the theme as Chromium renders it", { timeout: 300_000 }, () => {
  it("the preview renders all 22 tokens, and dark changes exactly the colours", () => {
    expect(rendered.light["--ui-accent"]).toBe("rgb(79, 70, 229)");
    expect(rendered.dark["--ui-accent"]).toBe("rgb(139, 147, 248)");
    expect(rendered.light["--ui-corners"]).toBe("8px");
    const changed = TOKENS.filter((t) => rendered.light[t] !== rendered.dark[t]);
    expect(changed).toEqual(TOKENS.filter((t) => !/font|scale|spacing|corners/.test(t)));
  });

  it("every fixture version's theme_css, pasted into a blank page, renders what the preview renders, under each dark convention", async () => {
    const versions = fixtures.flatMap((f) =>
      f.index.versions
        .filter((v) => !v.hiddenAt)
        .map((v) => ({ id: f.entry.id, label: `${f.name}/${v.versionId}`, v })),
    );
    expect(versions.length).toBeGreaterThanOrEqual(50);
    const page: Page = await browser.newPage();
    try {
      for (const { id, label, v } of versions) {
        const reply = await rpc(endpoint, "legacy", "tools/call", {
          name: "get_component",
          arguments: { pattern_id: id, version_id: v.versionId },
        });
        const { usage_rules: rules } = JSON.parse(reply.result.content[0].text);
        const tokens: string[] = rules.required_css_variables;
        // The page is written once per version. Under each OS scheme, the root's class and data-theme
        // are set in turn in one call, where a page written per state cost a navigation and three round
        // trips each.
        await page.setContent(
          `<!doctype html><html><head><style>${rules.theme_css}</style></head><body></body></html>`,
        );
        for (const [os, states] of Object.entries(STATES)) {
          await page.emulateMedia({ colorScheme: os as "light" | "dark" });
          const got = await page.locator("body").evaluate(probe, { tokens, roots: states });
          for (const [i, s] of states.entries()) {
            const want = Object.fromEntries(tokens.map((t) => [t, rendered[s.expect][t]]));
            expect(got[i], `${label}: OS ${os}, class "${s.cls}", data-theme "${s.attr}"`).toEqual(want);
          }
        }
      }
    } finally {
      await page.close();
    }
  });
});
