/**
 * The MCP page in a real headless Chromium (Debian's `chromium`, driven by playwright-core), loaded
 * from the served edge function: every tool and config shown, a copy button copies, the live
 * example runs a real tools/call, its static stylesheet and script load and apply, the CSP blocks
 * nothing the page needs. Screenshots go to test-output/.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../../../scripts/dev/chromium.ts";
import { ROOT } from "../../../scripts/lib/repo-root.ts";

const base = inject("servedUrl");
const OUT = join(ROOT, "test-output");
const CLIENTS = ["cursor", "windsurf", "vscode", "claude-code", "claude-desktop"];

let browser: Browser;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  await mkdir(OUT, { recursive: true });
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
  page = await context.newPage();
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(String(e)));
  const res = await page.goto(`${base}/mcp`);
  expect(res?.status()).toBe(200);
  expect(res?.headers()["content-type"]).toBe("text/html; charset=utf-8");
});

afterAll(async () => {
  await browser?.close();
});

const rpc = async (url: string, body: unknown) => {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
};

describe("the MCP page in Chromium", { timeout: 120_000 }, () => {
  it("shows every tool of the served tools/list", async () => {
    const { json } = await rpc(`${base}/mcp`, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    const names: string[] = json.result.tools.map((t: { name: string }) => t.name);
    expect(names.length).toBeGreaterThanOrEqual(5);
    for (const name of names) {
      const tool = page.locator(`[data-tool="${name}"]`);
      await expect.poll(() => tool.isVisible()).toBe(true);
      expect(await tool.locator("h3").innerText()).toContain(name);
    }
    expect(await page.locator("[data-tool]").count()).toBe(names.length);
  });

  it("shows every client's config with the URL the browser reached, which serves MCP", async () => {
    const url = await page.locator("#endpoint-url").innerText();
    expect(url).toBe(`${base}/mcp`);
    for (const id of CLIENTS) {
      const cell = page.locator(`[data-client="${id}"]`);
      expect(await cell.isVisible()).toBe(true);
      expect(await cell.locator("pre").innerText()).toContain(url);
      expect(await cell.locator("button[data-copy]").isVisible()).toBe(true);
    }
    expect(await page.locator('[data-client="vscode"] pre').innerText()).toContain('"type": "http"');
    expect(await page.locator('[data-client="windsurf"] pre').innerText()).toContain('"serverUrl"');
    expect(await page.locator('[data-client="claude-code"] pre').innerText()).toBe(
      `claude mcp add --transport http patttterns ${url}`,
    );
    // The URL a user pastes must answer an MCP client.
    const init = await rpc(url, {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "page-test", version: "1" } },
    });
    expect(init.json.result.serverInfo.name).toBe("patttterns-mcp");
  });

  it("copies a config to the clipboard and says so", async () => {
    const button = page.locator('[data-client="cursor"] button[data-copy]');
    await button.click();
    await expect.poll(() => button.innerText()).toMatch(/copied/i);
    expect(await button.getAttribute("data-state")).toBe("copied");
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    expect(clipboard).toBe(await page.locator("#cfg-cursor").innerText());
    expect(JSON.parse(clipboard).mcpServers.patttterns.url).toBe(await page.locator("#endpoint-url").innerText());
  });

  it("runs the live example: a real search_components call to the same endpoint", async () => {
    await page.fill("#try-query", "toast");
    expect(await page.locator("#try-request").innerText()).toContain('"query": "toast"');
    await page.click("#try-run");
    await expect.poll(() => page.locator("#try-status").textContent(), { timeout: 20_000 }).toMatch(/^200 · \d+ ms/);
    const shown = JSON.parse(await page.locator("#try-response").innerText());
    const direct = await rpc(`${base}/mcp`, {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "search_components", arguments: { query: "toast", limit: 5 } },
    });
    expect(shown).toEqual(JSON.parse(direct.json.result.content[0].text));
    expect(shown.results.length).toBeGreaterThan(0);
    expect(await page.locator("#try-hits li").count()).toBe(shown.results.length);
    expect(await page.locator("#try-hits li").first().innerText()).toContain(shown.results[0].catalog_number);
  });

  it("links the agent skill, which is served", async () => {
    const href = await page.locator('a[href$="SKILL.md"]').first().getAttribute("href");
    const res = await fetch(new URL(href!, base));
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^---\nname: patttterns\n/);
  });

  it("loads its stylesheet and script from the site's static files", async () => {
    const assets = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname),
    );
    expect(assets).toEqual(expect.arrayContaining(["/assets/mcp-page.css", "/assets/mcp-page.js"]));
    // The stylesheet applies: the paper background and the monospace body its rules set.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
      "rgb(242, 239, 230)",
    );
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/monospace/);
    for (const path of ["/assets/mcp-page.css", "/assets/mcp-page.js"]) {
      const res = await fetch(new URL(path, base));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(path.endsWith(".css") ? /^text\/css/ : /javascript/);
    }
  });

  it("has no console errors or CSP violations, fits a phone, and is screenshotted", async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(OUT, "mcp-page.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(OUT, "mcp-page-mobile.png"), fullPage: true });
    expect(problems).toEqual([]);
  });
});
