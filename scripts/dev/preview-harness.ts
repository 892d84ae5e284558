/**
 * Drives the component preview as an MCP Apps host would, for tests/served/preview and
 * `npm run preview:screens`: finds the view through tools/list, reads it with resources/read from a
 * served endpoint, serves it from a local origin under the CSP a host builds from its `_meta.ui.csp`
 * (the spec's restrictive default: no `unsafe-eval`, no network), and mounts it with the reference host
 * (preview/host/host.ts) in Debian's headless Chromium through playwright-core. Node only.
 */
import { createServer, type Server } from "node:http";
import { once } from "node:events";
import { join } from "node:path";
import { build } from "esbuild";
import type { Page } from "playwright-core";
import { ROOT } from "../lib/repo-root.ts";

export const UI_EXTENSION = "io.modelcontextprotocol/ui";
export const APP_MIME = "text/html;profile=mcp-app";

export type Era = "legacy" | "modern";

const META = (ui: boolean) => ({
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": ui ? { extensions: { [UI_EXTENSION]: { mimeTypes: [APP_MIME] } } } : {},
  "io.modelcontextprotocol/clientInfo": { name: "preview-harness", version: "1" },
});

/**
 * One JSON-RPC request to `endpoint` in either era: 2026-07-28 with its headers and `_meta` (declaring
 * the UI extension when `ui`), or a legacy 2025-11-25 request. Returns the parsed response body.
 */
export async function rpc(
  endpoint: string,
  era: Era,
  method: string,
  params: Record<string, unknown> = {},
  ui = true,
  send: typeof fetch = fetch,
): Promise<any> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  let body: Record<string, unknown> = { jsonrpc: "2.0", id: 1, method, params };
  if (era === "modern") {
    Object.assign(headers, { "mcp-protocol-version": "2026-07-28", "mcp-method": method });
    const name = method === "tools/call" ? params.name : method === "resources/read" ? params.uri : undefined;
    if (typeof name === "string") headers["mcp-name"] = name;
    body = { ...body, params: { ...params, _meta: META(ui) } };
  } else {
    headers["mcp-protocol-version"] = "2025-11-25";
  }
  const res = await send(endpoint, { method: "POST", headers, body: JSON.stringify(body) });
  return res.json();
}

export interface PreviewResource {
  /** The tool that links it, and the URI from its `_meta.ui.resourceUri`. */
  uri: string;
  mimeType: string;
  html: string;
  /** `_meta.ui` of the resource's content item. */
  ui: { csp?: Record<string, string[]>; permissions?: Record<string, object>; prefersBorder?: boolean };
}

/** tools/list → get_component's `_meta.ui.resourceUri` → resources/read, as a host does. */
export async function readPreview(
  endpoint: string,
  era: Era = "modern",
  tool = "get_component",
): Promise<PreviewResource> {
  const list = await rpc(endpoint, era, "tools/list");
  const entry = list.result?.tools?.find((t: { name: string }) => t.name === tool);
  const uri = entry?._meta?.ui?.resourceUri;
  if (typeof uri !== "string") throw new Error(`${tool} in tools/list (${era}) has no _meta.ui.resourceUri`);
  const read = await rpc(endpoint, era, "resources/read", { uri });
  const content = read.result?.contents?.[0];
  if (!content) throw new Error(`resources/read ${uri} (${era}): ${JSON.stringify(read.error)}`);
  return { uri, mimeType: content.mimeType, html: content.text, ui: content._meta?.ui ?? {} };
}

/**
 * The CSP a host builds from `_meta.ui.csp`, following the MCP Apps spec's reference construction
 * and its restrictive default: with nothing declared, inline script and style only, images and media
 * from data: URLs, no connections (`connect-src 'none'`), no frames, and never `unsafe-eval`.
 */
export function hostCsp(csp: Record<string, string[]> = {}): string {
  const list = (key: string) => (csp[key]?.length ? ` ${csp[key].join(" ")}` : "");
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline'${list("resourceDomains")}`,
    `style-src 'self' 'unsafe-inline'${list("resourceDomains")}`,
    `connect-src ${csp.connectDomains?.length ? csp.connectDomains.join(" ") : "'none'"}`,
    `img-src 'self' data:${list("resourceDomains")}`,
    `font-src 'self'${list("resourceDomains")}`,
    `media-src 'self' data:${list("resourceDomains")}`,
    `frame-src ${csp.frameDomains?.length ? csp.frameDomains.join(" ") : "'none'"}`,
    "object-src 'none'",
    `base-uri ${csp.baseUriDomains?.length ? csp.baseUriDomains.join(" ") : "'self'"}`,
  ].join("; ");
}

/** preview/host/host.ts bundled for the browser (the official client and the ext-apps host side). */
async function hostScript(): Promise<string> {
  const out = await build({
    entryPoints: [join(ROOT, "preview/host/host.ts")],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "error",
  });
  return out.outputFiles[0].text;
}

export interface HostServer {
  /** The host page's origin (the view is served from the same server, but its sandbox makes it opaque). */
  url: string;
  close(): Promise<void>;
}

/** Serves the host page and script, and the view under `csp`. */
export async function serveHost(view: string, csp: string): Promise<HostServer> {
  const script = await hostScript();
  const page = `<!doctype html><html><head><meta charset="utf-8"><title>MCP Apps test host</title></head><body style="margin:0;background:#e8e6df"><script src="/host.js"></script></body></html>`;
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/view")
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-security-policy": csp }).end(view);
    else if (path === "/host.js") res.writeHead(200, { "content-type": "text/javascript" }).end(script);
    else if (path === "/") res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
    else if (path === "/favicon.ico") res.writeHead(204).end();
    else res.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

export interface MountOptions {
  endpoint: string;
  permissions?: Record<string, object>;
  theme?: "light" | "dark";
  width?: number;
  modern?: boolean;
}

/** Opens the host page and mounts the view; resolves once the view finished the ui/initialize handshake. */
export async function mountPreview(page: Page, host: HostServer, options: MountOptions): Promise<void> {
  await page.goto(`${host.url}/`);
  await page.evaluate((o) => window.mountPreview(o), { ...options, viewUrl: `${host.url}/view` });
}

/** The view's frame (cross-origin and sandboxed; playwright reaches into it). */
export const viewFrame = (page: Page) => page.frameLocator("iframe");
