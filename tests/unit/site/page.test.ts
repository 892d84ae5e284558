/** The browser page on GET /mcp, in process: content from the live tables, escaping, headers, 405s. */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../../scripts/lib/repo-root.ts";
import { z } from "zod";
import { clientConfigs } from "../../../src/page/configs.ts";
import { PAGE_ASSETS, pageHandler } from "../../../src/page/page.ts";
import { createServer } from "../../../src/mcp/server.ts";
import { ok } from "../../../src/mcp/tool.ts";
import { invalidArguments } from "../../../src/errors.ts";
import { testApp } from "../../helpers/app.ts";
import { defineListedTool } from "../../helpers/json-schema.ts";
import { decodeHtml } from "../../helpers/html.ts";

const app = testApp();
const get = (url: string, accept?: string) =>
  app.handle(new Request(url, { headers: accept === undefined ? {} : { accept } }));
const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

describe("GET /mcp from a browser", () => {
  it("serves the document under a strict CSP: only its own same-origin stylesheet and script, nothing inline", async () => {
    const res = await get("https://patttterns.com/mcp", BROWSER_ACCEPT);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const csp = res.headers.get("content-security-policy")!;
    for (const d of [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "form-action 'none'",
    ])
      expect(csp).toContain(d);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|nonce-|\*/);
    const html = await res.text();
    expect(html.match(/<script\b[^>]*>/g)).toEqual([`<script src="${PAGE_ASSETS.script}">`]);
    expect(html.match(/<link\b[^>]*rel="stylesheet"[^>]*>/g)).toEqual([
      `<link rel="stylesheet" href="${PAGE_ASSETS.style}">`,
    ]);
    // Nothing inline for the CSP to refuse, and nothing from another origin.
    expect(html).not.toMatch(/<style\b/);
    expect(html).not.toMatch(/<script\b[^>]*>[^<]/);
    expect(html).not.toMatch(/\son[a-z]+=|\sstyle="/);
    expect(html).not.toMatch(/<(script|link|img|iframe)\b[^>]*\s(src|href)="(https?:)?\/\//);
  });

  it("links assets that exist in the published directory, served by the CDN", async () => {
    const toml = await readFile(join(ROOT, "netlify.toml"), "utf8");
    const publish = /publish\s*=\s*"([^"]+)"/.exec(toml)![1];
    const css = await readFile(join(ROOT, publish, PAGE_ASSETS.style), "utf8");
    const js = await readFile(join(ROOT, publish, PAGE_ASSETS.script), "utf8");
    // The stylesheet styles the document's own classes; the script wires its copy buttons and live example.
    for (const cls of ["wrap", "endpoint", "cell", "tool", "facts", "hits"]) expect(css).toContain(`.${cls}`);
    for (const id of ["try-form", "try-query", "try-response", "live"]) expect(js).toContain(`"${id}"`);
    expect(js).toContain("data-copy");
    expect(() => new Function(js)).not.toThrow();
    // Served with nosniff, like the document.
    const at = toml.indexOf('for = "/assets/*"');
    expect(at).toBeGreaterThan(-1);
    expect(toml.slice(at).split("[[")[0]).toContain('X-Content-Type-Options = "nosniff"');
  });

  it("lists every tool of the live table with its arguments", async () => {
    const html = await (await get("https://patttterns.com/mcp", BROWSER_ACCEPT)).text();
    const tools = app.server.listTools() as {
      name: string;
      description: string;
      inputSchema: { properties?: Record<string, unknown> };
    }[];
    expect(tools.length).toBeGreaterThan(0);
    for (const t of tools) {
      expect(html).toContain(`data-tool="${t.name}"`);
      expect(decodeHtml(html)).toContain(t.description);
      for (const arg of Object.keys(t.inputSchema.properties ?? {})) expect(html).toContain(`<td>${arg}</td>`);
    }
  });

  it("gives every client's config for the request's own origin", async () => {
    const origin = "https://deploy-preview-7--patttterns.netlify.app";
    const html = decodeHtml(await (await get(`${origin}/mcp`, BROWSER_ACCEPT)).text());
    const configs = clientConfigs(`${origin}/mcp`);
    expect(configs.map((c) => c.client)).toEqual(["Cursor", "Windsurf", "VS Code", "Claude Code", "Claude Desktop"]);
    for (const c of configs) expect(html).toContain(c.text);
    expect(JSON.parse(configs[0].text)).toEqual({ mcpServers: { patttterns: { url: `${origin}/mcp` } } });
    expect(JSON.parse(configs[1].text)).toEqual({ mcpServers: { patttterns: { serverUrl: `${origin}/mcp` } } });
    expect(JSON.parse(configs[2].text)).toEqual({ servers: { patttterns: { type: "http", url: `${origin}/mcp` } } });
    expect(configs[3].text).toBe(`claude mcp add --transport http patttterns ${origin}/mcp`);
    expect(JSON.parse(configs[4].text).mcpServers.patttterns.args).toContain(`${origin}/mcp`);
    expect(html).not.toContain("https://patttterns.com/mcp");
    // The shadcn CLI's registry entry for components.json, on the same origin.
    expect(html).toContain(`"registries": { "@patttterns": "${origin}/r/{name}.json" }`);
    expect(html).toContain('href="/r/registry.json"');
  });

  it("links the skill, the skills index and both server cards", async () => {
    const html = await (await get("https://patttterns.com/mcp", BROWSER_ACCEPT)).text();
    expect(html).toContain('href="/.well-known/agent-skills/patttterns/SKILL.md"');
    expect(html).toContain('href="/.well-known/agent-skills/index.json"');
    expect(html).toContain('href="/.well-known/mcp/server-card.json"');
    expect(html).toContain('href="/mcp/server-card"');
    expect(html).toContain("patttterns://skill/SKILL.md");
  });

  it("escapes every string from the tool table", async () => {
    const hostile = '</script><img src=x onerror=alert(1)> & "quotes"';
    const server = createServer({
      info: { name: "t", version: "1" },
      instructions: "",
      argumentsError: invalidArguments,
      tools: [
        defineListedTool({
          name: "evil_tool",
          description: hostile,
          input: z.object({ q: z.string().describe(hostile) }),
          run: async () => ok({}),
        }),
      ],
    });
    const html = await pageHandler(server, { patterns: 1, withCode: 0 })(new Request("https://x.test/mcp")).text();
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;");
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html.match(/<img\b/g)).toBeNull();
  });
});

describe("every other GET stays 405", () => {
  for (const [why, accept] of [
    ["an SSE client", "text/event-stream"],
    ["an SSE client that also takes HTML", "text/html, text/event-stream"],
    ["a JSON client", "application/json"],
    ["no Accept header", undefined],
    ["any type", "*/*"],
  ] as const) {
    it(why, async () => {
      const res = await get("http://127.0.0.1:8888/mcp", accept);
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      expect(res.headers.get("content-type")).toBe("application/json");
    });
  }
  it("DELETE", async () => {
    const res = await app.handle(
      new Request("http://127.0.0.1:8888/mcp", { method: "DELETE", headers: { accept: "text/html" } }),
    );
    expect(res.status).toBe(405);
  });
});
