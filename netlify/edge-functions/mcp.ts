/** Netlify Edge Function adapter: builds the app once per isolate and hands each request to it. */
import type { Config, Context } from "@netlify/edge-functions";
import catalogData from "../../search_index.json" with { type: "json" };
import { type App, createApp } from "../../src/app.ts";

declare const Netlify: { env: { toObject(): Record<string, string> } };

// Module scope keeps the catalog and code caches for the isolate's life; getStore runs per request.
let app: App | undefined;

export default (req: Request, context: Context) => {
  app ??= createApp({ env: Netlify.env.toObject(), catalogData });
  return app.handle(req, { ip: context.ip });
};

export const config: Config = {
  path: ["/mcp", "/.well-known/mcp/server-card.json"],
};
