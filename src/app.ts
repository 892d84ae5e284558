/**
 * Assembles the endpoint from its environment: catalog, component source, entitlement policy,
 * protocol server and HTTP transport. Both the edge function and the tests build it here.
 */
import { type PreviewDocument, previewExtension } from "./apps/preview.ts";
import { type Catalog, openCatalog } from "./catalog/catalog.ts";
import type { CatalogFiles, CatalogReader } from "./catalog/reader.ts";
import { blobsSource } from "./components/blobs-source.ts";
import { cachedSource } from "./components/cache.ts";
import { httpSource } from "./components/http-source.ts";
import type { ComponentSource } from "./components/model.ts";
import { DEFAULT_SITE_URL, SERVER_NAME, SERVER_TITLE, SERVER_VERSION } from "./config.ts";
import type { Deps } from "./deps.ts";
import { allowAll } from "./entitlement.ts";
import { INSTRUCTIONS } from "./instructions.ts";
import { lazy } from "./lazy.ts";
import type { Platform } from "./mcp/context.ts";
import { createHttpHandler } from "./mcp/http.ts";
import { createOriginPolicy } from "./mcp/origin.ts";
import { urlPathname } from "./mcp/url.ts";
import { createServer } from "./mcp/server.ts";
import type { EntitlementPolicy } from "./mcp/tool.ts";
import { type BlobsConfig, openStore } from "./storage/blobs.ts";
import { componentTemplate } from "./resources/components.ts";
import { themeResource } from "./resources/theme.ts";
import { CARD_PATH, cardHandler } from "./page/card.ts";
import { skillResource } from "./skill/resource.ts";
import { tools } from "./tools/index.ts";
import { type UsageRecorder, withUsage } from "./usage/recorder.ts";

export type Env = Record<string, string | undefined>;

export interface AppOptions {
  env: Env;
  /**
   * The built catalog's loader (`import * as files from "generated/catalog/load.ts"`), or another reader
   * (tests: scripts/lib/catalog/memory.ts).
   */
  catalogData: CatalogFiles | CatalogReader;
  /** Overrides for tests and benchmarks; production builds these from env. */
  components?: ComponentSource;
  entitlement?: EntitlementPolicy;
  blobs?: BlobsConfig;
  fetch?: typeof fetch;
  /** Usage logging and counters (src/usage); the edge adapter passes `usageFromEnv(env)`. Off when absent. */
  usage?: UsageRecorder;
  /**
   * Loads the built component preview (generated/preview-html.json), turning on the MCP Apps
   * extension (src/apps/preview.ts). The edge adapter passes a dynamic import. Off when absent.
   */
  preview?: () => Promise<PreviewDocument>;
}

const num = (v: string | undefined, fallback: number) => (v && Number.isFinite(Number(v)) ? Number(v) : fallback);

/**
 * Deadline of one component read, retry included: the p95 target of get_component is 500 ms
 * (docs/usage.md); 3 s covers a slow store.
 */
export const DEFAULT_DEADLINE_MS = 3000;
/** The active pointer is served at most this stale from isolate memory. */
export const DEFAULT_INDEX_TTL_MS = 10_000;
/** Code kept in isolate memory: ~500 components of catalog size. */
export const DEFAULT_CODE_CACHE_BYTES = 8 * 1024 * 1024;

export function componentSourceFromEnv(env: Env, blobs?: BlobsConfig, baseFetch?: typeof fetch): ComponentSource {
  const deadlineMs = num(env.COMPONENTS_DEADLINE_MS, DEFAULT_DEADLINE_MS);
  const source = env.COMPONENTS_API_BASE
    ? httpSource({ base: env.COMPONENTS_API_BASE, deadlineMs, fetch: baseFetch })
    : blobsSource({
        deadlineMs,
        fetch: baseFetch,
        open: (o) => openStore(env.COMPONENTS_STORE || "components", { ...o, config: blobs }),
      });
  return cachedSource(source, {
    indexTtlMs: num(env.COMPONENTS_INDEX_TTL_MS, DEFAULT_INDEX_TTL_MS),
    tsxBytes: num(env.COMPONENTS_CACHE_BYTES, DEFAULT_CODE_CACHE_BYTES),
  });
}

export interface App {
  /** `platform`: what the runtime adapter knows of the request (client IP, request id, waitUntil). */
  handle(req: Request, platform?: Platform): Promise<Response>;
  catalog: Catalog;
  server: ReturnType<typeof createServer<Deps>>;
}

export function createApp(opts: AppOptions): App {
  const siteUrl = opts.env.SITE_URL || DEFAULT_SITE_URL;
  const catalog = openCatalog(opts.catalogData, siteUrl);
  const deps: Deps = {
    catalog,
    components: opts.components ?? componentSourceFromEnv(opts.env, opts.blobs, opts.fetch),
    entitlement: opts.entitlement ?? allowAll,
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
    templates: [componentTemplate],
    resources: [skillResource, themeResource],
    entitlement: deps.entitlement,
    extensions: opts.preview ? [previewExtension<Deps>(opts.preview)] : [],
  });
  const origins = createOriginPolicy(siteUrl, (opts.env.ALLOWED_ORIGINS ?? "").split(","));
  // The page is for people in a browser: its module loads on the first GET, never on an agent's cold path.
  const pageFacts = { patterns: catalog.count, withCode: catalog.withCode };
  const pageHandler = lazy(async () => (await import("./page/page.ts")).pageHandler(server, pageFacts));
  const page = async (req: Request) => (await pageHandler.get())(req);
  const http = createHttpHandler(server, { deps, origins, page });
  // Usage wraps the endpoint from outside: it sees each request's context and outcome, never a tool's internals.
  const mcp = opts.usage ? withUsage(http, opts.usage) : http;
  // The server card is public metadata: served before the origin policy, readable from any origin.
  const card = cardHandler(server);
  const handle = async (req: Request, platform?: Platform) =>
    urlPathname(req.url) === CARD_PATH ? card(req) : mcp(req, platform);
  return { handle, catalog, server };
}
