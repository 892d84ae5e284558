/**
 * Netlify Edge Function adapter of the shadcn registry at /r/* (docs/registry.md): builds it once per
 * isolate and hands it each request. A module of its own beside mcp.ts, sharing src/: a registry
 * request loads the catalog, the component store, the theme and the usage recorder, never the MCP
 * protocol, the tools, the validator, the preview or the page. Each item or index request is
 * recorded as /mcp's requests are (withUsage: after the response, through waitUntil). `cache:
 * "manual"` lets Netlify's CDN keep its responses for as long as their `Netlify-CDN-Cache-Control`
 * says; a CDN hit never reaches this function, so it is never counted.
 */
import type { Config, Context } from "@netlify/edge-functions";
import * as catalogData from "../../generated/catalog/load.ts";
import { readConfig } from "../../src/config.ts";
import { createRegistry } from "../../src/registry/handler.ts";
import { edgePlatform, usageRecorder, withUsage } from "../../src/usage/recorder.ts";

declare const Netlify: { env: { toObject(): Record<string, string> } };

// Module scope keeps the catalog and the code cache for the isolate's life; getStore runs per request.
let handle: ReturnType<typeof withUsage> | undefined;

export default (req: Request, context: Context) => {
  if (!handle) {
    const config = readConfig(Netlify.env.toObject());
    handle = withUsage(createRegistry({ config, catalogData }), usageRecorder(config));
  }
  return handle(req, edgePlatform(context));
};

export const config: Config = {
  path: "/r/*",
  cache: "manual",
};
