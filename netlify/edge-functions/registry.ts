/**
 * Netlify Edge Function adapter of the shadcn registry at /r/* (docs/registry.md): builds it once per
 * isolate and hands it each request. A module of its own beside mcp.ts, sharing src/: a registry
 * request loads the catalog, the component store and the theme, never the MCP protocol, the tools,
 * the validator, the preview or the page. `cache: "manual"` lets Netlify's CDN keep its responses
 * for as long as their `Netlify-CDN-Cache-Control` says; a CDN hit never reaches this function.
 */
import type { Config } from "@netlify/edge-functions";
import * as catalogData from "../../generated/catalog/load.ts";
import { readConfig } from "../../src/config.ts";
import { createRegistry } from "../../src/registry/handler.ts";

declare const Netlify: { env: { toObject(): Record<string, string> } };

// Module scope keeps the catalog and the code cache for the isolate's life; getStore runs per request.
let handle: ((req: Request) => Promise<Response>) | undefined;

export default (req: Request) => {
  handle ??= createRegistry({ config: readConfig(Netlify.env.toObject()), catalogData });
  return handle(req);
};

export const config: Config = {
  path: "/r/*",
  cache: "manual",
};
