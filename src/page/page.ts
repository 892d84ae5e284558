/**
 * The page a browser gets on GET /mcp: what the server does, the live tool table, client configs for
 * this very origin, a live example and the agent skill. The document is built here; its stylesheet
 * and script are static files (public/assets/, PAGE_ASSETS) that the CDN serves and caches, so the
 * edge function carries none of their 11 KB. A strict CSP allows only same-origin styles, scripts
 * and requests, nothing inline; every dynamic string is HTML-escaped.
 */
import { MODERN_VERSION, SUPPORTED_VERSIONS } from "../mcp/constants.ts";
import type { McpServer } from "../mcp/server.ts";
import { SKILL } from "../../generated/skill.ts";
import { SKILL_URI } from "../skill/resource.ts";
import { CARD_PATH, SERVER_CARD_PATH } from "./card-path.ts";
import { clientConfigs } from "./configs.ts";

/** Where the page's stylesheet and script are served from (public/assets/, by the CDN). */
export const PAGE_ASSETS = { style: "/assets/mcp-page.css", script: "/assets/mcp-page.js" } as const;

export interface PageFacts {
  patterns: number;
  withCode: number;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

type Schema = {
  type?: string | string[];
  description?: string;
  default?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  items?: Schema;
};

function typeOf(s: Schema): string {
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (s.anyOf) return s.anyOf.map(typeOf).join(" | ");
  if (s.type === "array") return `${s.items ? typeOf(s.items) : "any"}[]`;
  if (Array.isArray(s.type)) return s.type.join(" | ");
  return s.type ?? "any";
}

function argumentRows(inputSchema: unknown): string {
  const schema = (inputSchema ?? {}) as { properties?: Record<string, Schema>; required?: string[] };
  const props = Object.entries(schema.properties ?? {});
  if (!props.length) return `<p class="note">No arguments.</p>`;
  const required = new Set(schema.required ?? []);
  const rows = props.map(([name, s]) => {
    const byDefault = s.default !== undefined ? escapeHtml(` = ${JSON.stringify(s.default)}`) : "";
    const flag = required.has(name)
      ? `<span class="req">required</span>`
      : `<span class="opt">optional${byDefault}</span>`;
    const type = `${escapeHtml(typeOf(s))}<br>${flag}`;
    return `<tr><td>${escapeHtml(name)}</td><td>${type}</td><td>${escapeHtml(s.description ?? "")}</td></tr>`;
  });
  const head = `<thead><tr><th>argument</th><th>type</th><th>description</th></tr></thead>`;
  return `<table>${head}<tbody>${rows.join("")}</tbody></table>`;
}

const copyButton = (target: string, label = "Copy") => {
  const aria = escapeHtml(`${label}: ${target}`);
  return `<button type="button" data-copy="${target}" aria-label="${aria}">${escapeHtml(label)}</button>`;
};

type ToolInfo = { name: string; description: string; inputSchema: unknown };

/** The whole document for `origin`: head, masthead, then the numbered sections and the footer. */
export function renderPage(origin: string, server: McpServer<any>, facts: PageFacts): string {
  const url = `${origin}/mcp`;
  const tools = server.listTools() as ToolInfo[];
  return `<!doctype html>
<html lang="en">
${documentHead(url, server)}
<body data-path="/mcp" data-protocol="${MODERN_VERSION}">
<div class="wrap">
${masthead(url, server)}

${aboutSection(facts, tools.length)}

${connectSection(origin, url)}

${toolsSection(tools)}

${trySection()}

${skillSection(origin)}

${pageFooter(server)}
</div>
<div id="live" class="offscreen" aria-live="polite"></div>
<script src="${PAGE_ASSETS.script}"></script>
</body>
</html>
`;
}

const documentHead = (url: string, server: McpServer<any>) => `<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>PATTTTERNS MCP · ${escapeHtml(url)}</title>
<meta name="description" content="${escapeHtml(server.info.description ?? "")}">
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${PAGE_ASSETS.style}">
</head>`;

const masthead = (url: string, server: McpServer<any>) => `<header>
  <div>
    <p class="kicker">Model Context Protocol server · v${escapeHtml(server.info.version)}</p>
    <h1>PATTTTERNS<span>/</span>MCP</h1>
  </div>
  <div class="marks" aria-hidden="true"><i class="c"></i><i class="s"></i><i class="t"></i></div>
</header>
<div class="endpoint"><span class="verb">POST</span><code id="endpoint-url">${escapeHtml(url)}</code>\
${copyButton("endpoint-url", "Copy URL")}</div>`;

/** 01: what the server does, with the catalog's counts. */
const aboutSection = (facts: PageFacts, tools: number) => `<section id="about"><h2><b>01</b>What it does</h2><div>
  <p class="lead">Catalog components for AI coding agents. Your agent searches the PATTTTERNS catalog of UI \
interaction patterns and fetches the exact, versioned React + Tailwind TSX, with its metadata, tags and the \
<code>--ui-*</code> tokens it needs, instead of inventing markup.</p>
  <p>The server only retrieves: it never generates or rewrites code. No key and no install: paste the URL into \
your client. A browser gets this page; agents POST JSON-RPC to the same URL.</p>
  <ul class="facts">
    <li><b>${facts.patterns}</b><small>patterns</small></li>
    <li><b>${facts.withCode}</b><small>with TSX components</small></li>
    <li><b>${tools}</b><small>read-only tools</small></li>
    <li><b>${SUPPORTED_VERSIONS.length}</b><small>protocol revisions</small></li>
  </ul>
</div></section>`;

/**
 * The shadcn CLI's way in: the registry entry for components.json, one line (docs/registry.md). The
 * components install into a React project as files, besides reaching agents through the tools.
 */
function shadcnCell(origin: string): string {
  const entry = `"registries": { "@patttterns": "${origin}/r/{name}.json" }`;
  return `<div class="cell config" data-client="shadcn">
  <div class="cell-head"><h3>shadcn CLI</h3>${copyButton("cfg-shadcn")}</div>
  <p class="where">components.json, then <code>npx shadcn@latest add @patttterns/date-picker</code> \
(<a href="/r/registry.json">the registry</a>)</p>
  <pre id="cfg-shadcn" class="json">${escapeHtml(entry)}</pre>
  <p class="note">For a project with a components.json: get_component names each version's command \
(<code>usage_rules.shadcn_add</code>). Any other project pastes its code.</p>
</div>`;
}

/** 02: a config cell per client (configs.ts), the shadcn CLI's registry entry, then what any other client needs. */
function connectSection(origin: string, url: string): string {
  const configs = clientConfigs(url)
    .map((c) => {
      const note = c.note ? `\n  <p class="note">${escapeHtml(c.note)}</p>` : "";
      return `<div class="cell config" data-client="${c.id}">
  <div class="cell-head"><h3>${escapeHtml(c.client)}</h3>${copyButton(`cfg-${c.id}`)}</div>
  <p class="where">${escapeHtml(c.where)}</p>
  <pre id="cfg-${c.id}" class="${c.kind}">${escapeHtml(c.text)}</pre>${note}
</div>`;
    })
    .join("\n");
  const other = `${shadcnCell(origin)}
<div class="cell other">
  <div class="cell-head"><h3>Any other client</h3></div>
  <dl>
    <dt>URL</dt><dd>${escapeHtml(url)}</dd>
    <dt>Transport</dt><dd>Streamable HTTP, stateless</dd>
    <dt>Auth</dt><dd>none (v1)</dd>
    <dt>Discovery</dt><dd><a href="${SERVER_CARD_PATH}">server card</a></dd>
  </dl>
</div>`;
  return `<section id="connect"><h2><b>02</b>Connect</h2><div>
  <div class="grid">
${configs}
${other}
  </div>
</div></section>`;
}

/** 03: the live tool table, each tool with its arguments. */
function toolsSection(tools: ToolInfo[]): string {
  const list = tools
    .map(
      (t) => `<article class="tool" id="tool-${escapeHtml(t.name)}" data-tool="${escapeHtml(t.name)}">
  <h3><code>${escapeHtml(t.name)}</code></h3>
  <p>${escapeHtml(t.description)}</p>
  ${argumentRows(t.inputSchema)}
</article>`,
    )
    .join("\n");
  return `<section id="tools"><h2><b>03</b>Tools</h2><div>
${list}
</div></section>`;
}

/** 04: the live example; public/assets/mcp-page.js runs it against this origin. */
const trySection = () => `<section id="try"><h2><b>04</b>Try it</h2><div>
  <p>A real <code>tools/call</code> of <code>search_components</code> to this endpoint (protocol ${MODERN_VERSION}: \
one stateless POST, no handshake).</p>
  <form id="try-form" autocomplete="off"><label for="try-query">query</label>\
<input id="try-query" name="query" value="sidebar" maxlength="256" spellcheck="false">\
<button type="submit" id="try-run">Run</button></form>
  <div class="io">
    <div><h4>Request</h4><pre id="try-request"></pre></div>
    <div><h4>Response<span class="status" id="try-status" aria-live="polite"></span></h4>\
<ol class="hits" id="try-hits"></ol><pre id="try-response">Press Run.</pre></div>
  </div>
</div></section>`;

/** 05: the agent skill, served from this origin, and how to install it. */
function skillSection(origin: string): string {
  const skillUrl = `${origin}${SKILL.path}`;
  const dir = "~/.claude/skills/patttterns";
  const install = `mkdir -p ${dir} && curl -fsSL ${skillUrl} -o ${dir}/SKILL.md`;
  return `<section id="skill"><h2><b>05</b>Agent skill</h2><div>
  <p>A <a href="${escapeHtml(SKILL.path)}">SKILL.md</a> teaches agents when to reach for this server, the search → \
<code>get_component</code> flow, pinning versions, mapping <code>--ui-*</code> tokens and which errors to retry. \
Connected agents can also read it as the MCP resource <code>${SKILL_URI}</code>.</p>
  <div class="cell-head"><p class="where">Install for Claude Code</p>${copyButton("skill-install")}</div>
  <pre id="skill-install">${escapeHtml(install)}</pre>
</div></section>`;
}

const link = (path: string) => `<a href="${path}">${path}</a>`;

const pageFooter = (server: McpServer<any>) => `<footer>
  <span>Server cards: ${link(SERVER_CARD_PATH)}, ${link(CARD_PATH)}</span>
  <span>Skills index: <a href="/.well-known/agent-skills/index.json">/.well-known/agent-skills/index.json</a></span>
  <span>Protocol ${SUPPORTED_VERSIONS.join(", ")}</span>
  <span><a href="${escapeHtml(server.info.websiteUrl ?? "https://patttterns.com")}">patttterns.com</a></span>
</footer>`;

/** The `page` option of the HTTP handler: the document plus its security headers. */
export function pageHandler(server: McpServer<any>, facts: PageFacts) {
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
  return (req: Request): Response =>
    new Response(renderPage(new URL(req.url).origin, server, facts), {
      status: 200,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy": csp,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "X-Frame-Options": "DENY",
        "Cross-Origin-Opener-Policy": "same-origin",
        // Built per request for the origin it was asked on (deploy previews, custom domains).
        "Cache-Control": "no-store",
        Vary: "Accept",
      },
    });
}
