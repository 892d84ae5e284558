/**
 * Assembles the endpoint from its configuration: catalog, component source, entitlement policy,
 * protocol server and HTTP transport. Both the edge function and the tests build it here.
 */
import { type PreviewDocument, previewExtension } from "./apps/preview.ts";
import { type Catalog, openCatalog } from "./catalog/catalog.ts";
import type { CatalogFiles, CatalogReader } from "./catalog/reader.ts";
import type { ComponentSource } from "./components/model.ts";
import { componentSource } from "./components/source.ts";
import { type Config, readConfig, SERVER_NAME, SERVER_TITLE, SERVER_VERSION } from "./config.ts";
import type { Deps } from "./deps.ts";
import { allowAll } from "./entitlement.ts";
import { invalidArguments } from "./errors.ts";
import { createOriginPolicy, urlPathname } from "./http/index.ts";
import { INSTRUCTIONS } from "./instructions.ts";
import { lazy } from "./lazy.ts";
import type { Platform } from "./mcp/context.ts";
import { createHttpHandler, fetchHandler } from "./mcp/http.ts";
import { createServer } from "./mcp/server.ts";
import type { EntitlementPolicy } from "./mcp/tool.ts";
import { CARD_PATHS } from "./page/card-path.ts";
import { catalogMapResource } from "./resources/catalog-map.ts";
import { componentTemplate } from "./resources/components.ts";
import { themeResource } from "./resources/theme.ts";
import { skillResource } from "./skill/resource.ts";
import type { BlobsConfig } from "./storage/blobs.ts";
import { tools } from "./tools/index.ts";
import { type UsageRecorder, withUsage } from "./usage/recorder.ts";
import { inProcess, type Validator } from "./validate/validator.ts";

export interface AppOptions {
  /** What the environment says (src/config.ts, `readConfig`); the defaults when absent. */
  config?: Config;
  /**
   * The built catalog's loader (`import * as files from "generated/catalog/load.ts"`), or another reader
   * (tests: tests/helpers/memory-catalog.ts).
   */
  catalogData: CatalogFiles | CatalogReader;
  /** Overrides for tests and benchmarks; production builds these from the configuration. */
  components?: ComponentSource;
  entitlement?: EntitlementPolicy;
  blobs?: BlobsConfig;
  fetch?: typeof fetch;
  /** Usage logging and counters (src/usage); the edge adapter passes `usageRecorder(config)`. Off when absent. */
  usage?: UsageRecorder;
  /**
   * Loads the built component preview (generated/preview-html.json), turning on the MCP Apps
   * extension (src/apps/preview.ts). The edge adapter passes a dynamic import. Off when absent.
   */
  preview?: () => Promise<PreviewDocument>;
  /**
   * Where validate_component's work runs (src/validate/validator.ts): in this process by default; the
   * edge adapter passes `viaFunction(…)`, the site's Netlify Function.
   */
  validator?: Validator;
}

/** The configured component source: src/components/source.ts, shared with the registry's edge function. */
export { componentSource };

export interface App {
  /** `platform`: what the runtime adapter knows of the request (client IP, request id, waitUntil). */
  handle(req: Request, platform?: Platform): Promise<Response>;
  catalog: Catalog;
  server: ReturnType<typeof createServer<Deps>>;
}

export function createApp(opts: AppOptions): App {
  const config = opts.config ?? readConfig();
  const { siteUrl } = config;
  const catalog = openCatalog(opts.catalogData, siteUrl);
  const deps: Deps = {
    catalog,
    components: opts.components ?? componentSource(config, opts.blobs, opts.fetch),
    validator: opts.validator ?? inProcess,
  };
  const server = createServer<Deps>({
    info: {
      name: SERVER_NAME,
      title: SERVER_TITLE,
      version: SERVER_VERSION,
      description:
        "Search the PATTTTERNS catalog of UI interaction patterns and fetch byte-exact, versioned React + Tailwind " +
        "TSX components.",
      websiteUrl: siteUrl,
    },
    instructions: INSTRUCTIONS,
    tools,
    argumentsError: invalidArguments,
    templates: [componentTemplate],
    resources: [skillResource, themeResource, catalogMapResource],
    entitlement: opts.entitlement ?? allowAll,
    extensions: opts.preview ? [previewExtension<Deps>(opts.preview)] : [],
  });
  const origins = createOriginPolicy(siteUrl, config.allowedOrigins);
  // The page is for people in a browser: its module loads on the first GET, never on an agent's cold path.
  const pageFacts = { patterns: catalog.count, withCode: catalog.withCode };
  const pageHandler = lazy(async () => (await import("./page/page.ts")).pageHandler(server, pageFacts));
  const page = async (req: Request) => (await pageHandler.get())(req);
  const http = createHttpHandler(server, { deps, origins, page });
  // Usage wraps the endpoint from outside: it sees each request's context and outcome, never a tool's internals.
  const mcp = opts.usage ? withUsage(http, opts.usage) : fetchHandler(http);
  // The server card is public metadata: served before the origin policy, readable from any origin.
  // Registries read it, not agents: its module loads on the first request for it, as the page's does.
  const card = lazy(async () => (await import("./page/card.ts")).cardHandler(server));
  const handle = async (req: Request, platform?: Platform) =>
    CARD_PATHS.has(urlPathname(req.url)) ? (await card.get())(req) : mcp(req, platform);
  return { handle, catalog, server };
}
