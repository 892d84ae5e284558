/** Netlify Edge Function adapter: builds the app once per isolate and hands each request to it. */
import type { Config, Context } from "@netlify/edge-functions";
// Validated, indexed and split at build time (npm run build): a cold isolate imports a few KB
// of it and loads the rest by what each request needs.
import * as catalogData from "../../generated/catalog/load.ts";
import { type App, createApp } from "../../src/app.ts";
import { readConfig } from "../../src/config.ts";
import { edgePlatform, usageRecorder } from "../../src/usage/recorder.ts";
import { viaFunction } from "../../src/validate/validator.ts";
import { ownedBy } from "../../src/http/index.ts";

declare const Netlify: { env: { toObject(): Record<string, string> } };

// The component preview (an MCP App, ~0.5 MB gzipped): imported on its first read only, so a cold
// isolate's first tools/list or search pays nothing for it.
const preview = () => import("../../generated/preview-html.json", { with: { type: "json" } }).then((m) => m.default);

// Module scope keeps the catalog and code caches for the isolate's life; getStore runs per request.
let app: App | undefined;

export default (req: Request, context: Context) => {
  if (!app) {
    const config = readConfig(Netlify.env.toObject());
    // Validation's parsing is past an isolate's CPU budget when cold: the site's validate function does
    // it, reached on the site's own origins only (its URL and name from Netlify's context: a preview's
    // origin is made of the name).
    const site = [config.siteUrl, ...config.ownOrigins, ...(context.site?.url ? [context.site.url] : [])];
    const validator = viaFunction({ sendsTo: ownedBy(site, context.site?.name) });
    app = createApp({ config, catalogData, usage: usageRecorder(config), preview, validator });
  }
  return app.handle(req, edgePlatform(context));
};

export const config: Config = {
  path: ["/mcp", "/mcp/server-card", "/.well-known/mcp/server-card.json"],
};
