/**
 * The component preview in a real MCP Apps host: the reference host (preview/host/host.ts, the
 * ext-apps AppBridge and the official MCP client) in Debian's headless Chromium, against the served
 * edge function. The view is found through tools/list, read with resources/read, served under the CSP
 * a host builds from its `_meta.ui.csp` (no `unsafe-eval`, no network) and mounted in an iframe
 * sandboxed to `allow-scripts` (no same origin), then handed real get_component results.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { loadFixtures } from "../../../scripts/lib/fixtures.ts";
import {
  hostCsp,
  type HostServer,
  mountPreview,
  type PreviewResource,
  readPreview,
  rpc,
  serveHost,
  viewFrame,
} from "../../../scripts/dev/preview-harness.ts";
import { launchChromium } from "../../../scripts/dev/chromium.ts";

const endpoint = `${inject("servedUrl")}/mcp`;
const fixtures = await loadFixtures();

let browser: Browser;
let host: HostServer;
let view: PreviewResource;
let page: Page;
/** Console errors and uncaught errors of the view (CSP violations are console errors). */
const problems: string[] = [];

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const frame = () => viewFrame(page);
const stage = () => frame().locator("#pv-stage");

async function openPage(
  theme: "light" | "dark" = "light",
  modern = false,
  permissions = view.ui.permissions,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 900, height: 1000 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: host.url });
  const p = await context.newPage();
  p.on(
    "console",
    (m) => m.type() === "error" && m.location().url.startsWith(`${host.url}/view`) && problems.push(m.text()),
  );
  p.on("pageerror", (e) => problems.push(String(e)));
  await mountPreview(p, host, { endpoint, permissions, theme, modern });
  return p;
}

/** The run number on the stage now; `shown` waits for a later one. */
const runOf = async () => Number((await stage().getAttribute("data-run")) ?? 0);
async function shown(after: number) {
  await expect.poll(runOf, { timeout: 30_000 }).toBeGreaterThan(after);
}

/** Calls a tool through the host as an agent would; resolves once the view shows the result. */
async function callAndShow(name: string, args: Record<string, unknown>): Promise<any> {
  const before = await runOf();
  const result = await page.evaluate(([n, a]) => window.previewHost!.call(n, a), [name, args] as const);
  await shown(before);
  return result;
}

const payloadOf = (result: any) => JSON.parse(result.content[0].text);

beforeAll(async () => {
  view = await readPreview(endpoint, "modern");
  host = await serveHost(view.html, hostCsp(view.ui.csp));
  browser = await launchChromium();
  page = await openPage();
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
});

describe("the component preview as an MCP App, in headless Chromium", { timeout: 300_000 }, () => {
  it("is found through tools/list and read as text/html;profile=mcp-app, in both eras", async () => {
    expect(view.uri).toBe("ui://patttterns/component-preview");
    expect(view.mimeType).toBe("text/html;profile=mcp-app");
    expect(view.ui.csp).toEqual({ connectDomains: [], resourceDomains: [] });
    const legacy = await readPreview(endpoint, "legacy");
    expect(legacy).toEqual(view);
    expect((await readPreview(endpoint, "modern", "get_pattern")).uri).toBe(view.uri);
  });

  it("runs under the host's default CSP: no unsafe-eval, no network", async () => {
    // What the view the render tests mount is served under, built from what the view declares.
    const csp = (await fetch(`${host.url}/view`)).headers.get("content-security-policy") ?? "";
    expect(csp).toBe(hostCsp(view.ui.csp));
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("script-src 'self' 'unsafe-inline';");
  });

  it("renders every fixture component version: a non-empty root, no error boundary, sha256 verified, no console errors", async () => {
    const shows = fixtures.flatMap((f) =>
      f.index.versions
        .filter((v) => !v.hiddenAt)
        .map((v) => ({
          label: `${f.name}/${v.versionId}`,
          versionId: v.versionId,
          args: { pattern_id: f.entry.id, version_id: v.versionId },
        })),
    );
    expect(shows.length).toBeGreaterThanOrEqual(50);
    // Real get_component results of the served endpoint, as a host receives them.
    const results = await Promise.all(
      shows.map(({ args }) =>
        rpc(endpoint, "legacy", "tools/call", { name: "get_component", arguments: args }).then((r) => r.result),
      ),
    );
    for (const [i, { label, versionId, args }] of shows.entries()) {
      const before = await runOf();
      await page.evaluate(([a, r]) => window.previewHost!.show(a, r), [args, results[i]] as const);
      // One run per result; its sha256 check is asynchronous (WebCrypto).
      await frame()
        .locator(`#pv-stage[data-run="${before + 1}"]`)
        .waitFor();
      await frame().locator("#pv-sha").waitFor();
      const seen = await stage().evaluate((el) => {
        const root = el.querySelector("#pv-root")!;
        return {
          version: el.getAttribute("data-version"),
          state: el.getAttribute("data-state"),
          children: root.children.length,
          height: root.getBoundingClientRect().height,
          boundaries: document.querySelectorAll("[data-preview-error]").length,
          verified: document.querySelector("#pv-sha")?.getAttribute("data-verified"),
        };
      });
      expect(payloadOf(results[i]).metadata.version_id, label).toBe(versionId);
      expect(seen, label).toMatchObject({ version: versionId, state: "ready", boundaries: 0, verified: "true" });
      expect(seen.children, label).toBeGreaterThan(0);
      expect(seen.height, label).toBeGreaterThan(0);
      expect(problems, label).toEqual([]);
    }
  });

  it("shows a component that throws in its error boundary with the message, and the host keeps working", async () => {
    const real = await callAndShow("get_component", { pattern_id: "#27" });
    const payload = payloadOf(real);
    const broken = (code: string) => ({
      content: [{ type: "text", text: JSON.stringify({ ...payload, component_code: code }) }],
    });

    let before = await runOf();
    await page.evaluate(
      (r) => window.previewHost!.show({ pattern_id: "#27" }, r),
      broken('export default function Boom() {\n  throw new Error("kaboom: rendering failed");\n}\n'),
    );
    await shown(before);
    await expect.poll(() => frame().locator("[data-preview-error]").innerText()).toContain("kaboom: rendering failed");
    expect(await frame().locator("[data-preview-error]").innerText()).toContain("The component threw while rendering");

    before = await runOf();
    await page.evaluate(
      (r) => window.previewHost!.show({ pattern_id: "#27" }, r),
      broken("export default function Half( {\n  return <div/>;\n}\n"),
    );
    await shown(before);
    expect(await stage().getAttribute("data-state")).toBe("error");
    expect(await frame().locator("[data-preview-error]").innerText()).toMatch(
      /could not be compiled[\s\S]*\(\d+:\d+\)/,
    );

    before = await runOf();
    await page.evaluate(
      (r) => window.previewHost!.show({ pattern_id: "#27" }, r),
      broken('import { x } from "left-pad";\nexport default () => <p>{x}</p>;\n'),
    );
    await shown(before);
    expect(await frame().locator("[data-preview-error]").innerText()).toContain(
      'Cannot preview an import of "left-pad"',
    );

    // The host and the view go on: the next real result renders.
    await callAndShow("get_component", { pattern_id: "#27" });
    expect(await stage().getAttribute("data-state")).toBe("ready");
    expect(await frame().locator("[data-preview-error]").count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("switches versions through the host (get_component with version_id) and re-renders the exact bytes", async () => {
    const active = payloadOf(await callAndShow("get_component", { pattern_id: "command-palette" }));
    expect(active.metadata.available_versions.length).toBeGreaterThan(2);
    const other = active.metadata.available_versions.find((v: string) => v !== active.metadata.version_id);
    const before = await runOf();
    await frame().locator("#pv-version").selectOption(other);
    await shown(before);
    expect(await stage().getAttribute("data-version")).toBe(other);
    const viewCalls = await page.evaluate(() => window.previewHost!.viewCalls);
    expect(viewCalls.at(-1)).toEqual({
      name: "get_component",
      arguments: { pattern_id: active.metadata.pattern_id, version_id: other },
    });

    const served = payloadOf(
      (
        await rpc(endpoint, "legacy", "tools/call", {
          name: "get_component",
          arguments: { pattern_id: active.metadata.pattern_id, version_id: other },
        })
      ).result,
    );
    await frame().locator("button[data-copy]").click();
    await expect.poll(() => frame().locator("button[data-copy]").getAttribute("data-state")).toBe("copied");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(sha256(copied)).toBe(served.metadata.sha256);
    expect(served.metadata.sha256).not.toBe(active.metadata.sha256);
    await expect.poll(() => frame().locator("#pv-sha").getAttribute("data-verified")).toBe("true");
  });

  it("copies component_code byte for byte: a BOM, CRLF line ends, U+2028 and </script>", async () => {
    const cases = [
      { args: { pattern_id: "breadcrumbs" }, has: (c: string) => c.startsWith("\uFEFF") },
      { args: { pattern_id: "tabs", version_id: "seed" }, has: (c: string) => c.includes("\r\n") },
      { args: { pattern_id: "tooltip", version_id: "v1" }, has: (c: string) => c.includes("\u2028") },
      { args: { pattern_id: "command-palette", version_id: "seed" }, has: (c: string) => c.includes("</script>") },
    ];
    for (const { args, has } of cases) {
      const { component_code: code, metadata } = payloadOf(await callAndShow("get_component", args));
      expect(has(code), JSON.stringify(args)).toBe(true);
      await page.evaluate(() => navigator.clipboard.writeText("-"));
      await frame().locator("button[data-copy]").click();
      await expect.poll(() => frame().locator("button[data-copy]").getAttribute("data-state")).toBe("copied");
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied === code, JSON.stringify(args)).toBe(true);
      expect(sha256(copied)).toBe(metadata.sha256);
    }
  });

  it("copies exactly where the host grants no clipboard-write too (the copy-command fallback)", async () => {
    const main = page;
    page = await openPage("light", false, {});
    try {
      expect(await page.locator("iframe").getAttribute("allow")).toBe("");
      const { component_code: code } = payloadOf(
        await callAndShow("get_component", { pattern_id: "tabs", version_id: "seed" }),
      );
      await frame().locator("button[data-copy]").click();
      await expect.poll(() => frame().locator("button[data-copy]").getAttribute("data-state")).toBe("copied");
      expect((await page.evaluate(() => navigator.clipboard.readText())) === code).toBe(true);
    } finally {
      await page.context().close();
      page = main;
    }
  });

  it("switches theme and width: dark tokens, and 320 / 768 / 1280 px stages (scaled to fit the view)", async () => {
    await callAndShow("get_component", { pattern_id: "#27" });
    const bg = () => stage().evaluate((el) => getComputedStyle(el).backgroundColor);
    const light = await bg();
    await frame().locator('button[data-theme="dark"]').click();
    await expect.poll(() => frame().locator("html").getAttribute("data-theme")).toBe("dark");
    expect(await bg()).not.toBe(light);
    await frame().locator('button[data-theme="light"]').click();
    await expect.poll(bg).toBe(light);

    for (const width of [320, 768, 1280]) {
      await frame().locator(`button[data-width="${width}"]`).click();
      await expect.poll(() => stage().evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(width);
    }
    // 1280 px is wider than the 760 px iframe: shown whole, scaled down.
    expect(Number(await frame().locator(".pv-viewport").getAttribute("data-scale"))).toBeLessThan(1);
    await frame().locator('button[data-width="fit"]').click();
  });

  it("opens the pattern's page through the host's open-link request", async () => {
    const { resource } = payloadOf(await callAndShow("get_component", { pattern_id: "#27" }));
    await frame().locator("button[data-open]").click();
    await expect.poll(() => page.evaluate(() => window.previewHost!.opened.at(-1))).toBe(resource.url);
    expect(resource.url).toMatch(/^https:\/\/patttterns\.com\//);
  });

  it("shows get_pattern's pattern through its active component, fetched through the host", async () => {
    const before = await runOf();
    const pattern = await page.evaluate(() =>
      window.previewHost!.call("get_pattern", { pattern_id: "command-palette" }),
    );
    await shown(before);
    const { active_version_id } = payloadOf(pattern);
    expect(await stage().getAttribute("data-version")).toBe(active_version_id);
    expect(await stage().getAttribute("data-state")).toBe("ready");
  });

  it("works the same for a host on MCP 2026-07-28", async () => {
    const main = page;
    page = await openPage("dark", true);
    try {
      await callAndShow("get_component", { pattern_id: "toggle-switch" });
      expect(await stage().getAttribute("data-state")).toBe("ready");
      expect(await frame().locator("html").getAttribute("data-theme")).toBe("dark");
    } finally {
      await page.context().close();
      page = main;
    }
  });

  it("leaves a host without MCP Apps get_component's exact text, with and without the extension, in both eras", async () => {
    for (const args of [{ pattern_id: "tabs", version_id: "seed" }, { pattern_id: "breadcrumbs" }]) {
      const texts = new Set<string>();
      for (const era of ["legacy", "modern"] as const) {
        for (const ui of [true, false]) {
          const r = await rpc(endpoint, era, "tools/call", { name: "get_component", arguments: args }, ui);
          expect(r.result.content).toHaveLength(1);
          expect(r.result.structuredContent).toBeUndefined();
          texts.add(r.result.content[0].text);
        }
      }
      expect(texts.size, JSON.stringify(args)).toBe(1);
    }
    expect(problems).toEqual([]);
  });
});
