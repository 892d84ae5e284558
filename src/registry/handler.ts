/**
 * The shadcn registry at /r/*, read-only and stateless, over the same catalog, component store and
 * theme as the MCP tools (docs/registry.md):
 * - `GET /r/registry.json`: the index, and the CLI's search over it (listing.ts);
 * - `GET /r/{name}.json`: a component's active version, or `?version=seed|v1|…` exactly that one,
 *   `?theme=shadcn` for the variables mapped onto shadcn/ui's (item.ts, css-vars.ts).
 * GET and HEAD (and CORS preflights) only. Every request a client can make is answered 2xx or 4xx;
 * only a failing store is a 5xx. Only names the catalog knows, and version ids its version rule
 * accepts, ever reach the store (src/components/version-rule.ts).
 */
import { type Catalog, openCatalog } from "../catalog/catalog.ts";
import type { CatalogFiles, CatalogReader } from "../catalog/reader.ts";
import type { Entry } from "../catalog/schema.ts";
import type { ComponentSource } from "../components/model.ts";
import { componentSource } from "../components/source.ts";
import type { Config } from "../config.ts";
import type { DomainError } from "../errors.ts";
import type { Platform } from "../mcp/context.ts";
import type { BlobsConfig } from "../storage/blobs.ts";
import { REGISTRY_METHODS, type Served } from "../usage/event.ts";
import { ACTIVE, loadAsked } from "../components/version-rule.ts";
import { urlPathname } from "../http/index.ts";
import { THEMES, type ThemeName } from "./css-vars.ts";
import { registryItem } from "./item.ts";
import { listing, readListingQuery } from "./listing.ts";
import { entryNamed, NAME, NAME_MAX, registryName } from "./names.ts";
import { type Answer, failed, PINNED_SECONDS, preflight, respond, statusOf, storeFailed } from "./respond.ts";

export interface RegistryDeps {
  catalog: Catalog;
  components: ComponentSource;
  /** How stale the active pointer may be (COMPONENTS_INDEX_TTL_MS): the active item's and the index's lifetime. */
  indexTtlMs: number;
}

export interface RegistryOptions {
  config: Config;
  /** The built catalog's loader (generated/catalog/load.ts), or another reader (tests). */
  catalogData: CatalogFiles | CatalogReader;
  /** Overrides for tests and benchmarks; production builds the source from the configuration. */
  components?: ComponentSource;
  blobs?: BlobsConfig;
  fetch?: typeof fetch;
}

/** The registry over the configured catalog and component source: what the edge function serves. */
export function createRegistry({ config, catalogData, components, blobs, fetch }: RegistryOptions) {
  return registryHandler({
    catalog: openCatalog(catalogData, config.siteUrl),
    components: components ?? componentSource(config, blobs, fetch),
    indexTtlMs: config.components.indexTtlMs,
  });
}

export const INDEX_PATH = "/r/registry.json";
const ITEM_PATH = /^\/r\/([^/]*)\.json$/;
/** The longest version id the tools accept (`version_id`): anything longer is refused unread. */
const VERSION_MAX = 20;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
/** The query parameters each document's cache entry depends on (`Netlify-Vary`). */
const VARY = { item: "query=version|theme", index: "query=q|limit|offset|type" };

export function registryHandler({ catalog, components, indexTtlMs }: RegistryDeps) {
  const brief = { seconds: Math.ceil(indexTtlMs / 1000) };
  const indexUrl = (origin: string) => `${origin}${INDEX_PATH}`;

  async function index(params: URLSearchParams): Promise<Answer> {
    const query = readListingQuery(params);
    if ("invalid" in query) return failed(400, "invalid_request", `${query.invalid} See ${INDEX_PATH}.`);
    return { status: 200, body: await listing(catalog, query), lifetime: brief };
  }

  /** What to try instead of a name that names nothing: the patterns sharing it, or the nearest by search. */
  async function unknownName(name: string, sharing: Entry[], origin: string): Promise<Answer> {
    const near = sharing.length
      ? sharing
      : (await catalog.search(name.replace(/-/g, " "), { withCode: true, limit: 3 })).hits;
    const names = await Promise.all(near.map((e) => registryName(catalog, e)));
    const shown = JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);
    const hint = sharing.length
      ? `${sharing.length} patterns end in it: use ${names.join(" or ")}.`
      : names.length
        ? `Did you mean ${names.join(", ")}? The index lists every name: ${indexUrl(origin)}.`
        : `The index lists every name, and searches with ?q=: ${indexUrl(origin)}.`;
    return failed(404, "not_found", `No PATTTTERNS component is named ${shown}. ${hint}`, { candidates: names });
  }

  async function item(name: string, params: URLSearchParams, origin: string): Promise<Answer> {
    const versions = params.getAll("version");
    const themes = params.getAll("theme");
    if (versions.length > 1 || themes.length > 1)
      return failed(400, "invalid_request", "Give version and theme at most once each.");
    const [asked] = versions;
    if (asked !== undefined && (asked.trim() === "" || asked.length > VERSION_MAX || CONTROL.test(asked)))
      return failed(400, "invalid_request", 'version must be a version id ("seed", "v1", …) or "active".');
    const theme = (themes[0] ?? "patttterns") as ThemeName;
    if (!THEMES.includes(theme)) return failed(400, "invalid_request", `theme must be one of ${THEMES.join(", ")}.`);

    const named = await entryNamed(catalog, name);
    if (!named.entry) return unknownName(name, named.sharing, origin);
    const entry = named.entry;
    // As get_component reads version_id, and reports it.
    const { loaded, requested, report } = await loadAsked(components, entry, asked);
    const pinned = requested !== undefined && requested !== ACTIVE;
    if (!loaded.ok) return { ...notServed(entry, loaded.error, requested, origin), report };
    const { versionId, tsx } = loaded;
    return {
      status: 200,
      body: registryItem({ catalog, entry, name, versionId, pinned, tsx, theme, origin }),
      lifetime: pinned ? { seconds: PINNED_SECONDS } : brief,
      report,
    };
  }

  /** Why a known pattern's item is not served, in words that say what to ask for instead. */
  function notServed(entry: Entry, e: DomainError, requested: string | undefined, origin: string): Answer {
    const title = `#${entry.catalogNumber} ${entry.title}`;
    if (e.code === "version_not_found") {
      const available = e.available_versions as string[];
      const active = e.active_version_id as string;
      const instead = available.length
        ? `Ask for one of ${available.join(", ")} (?version=${available[0]}), ` +
          `or leave version out for the active one, ${active}.`
        : "It has no version to serve.";
      return failed(
        404,
        e.code,
        `${title} has no version ${JSON.stringify(requested!.slice(0, VERSION_MAX))}. ${instead}`,
        { available_versions: available, active_version_id: active },
      );
    }
    if (e.code === "component_not_found")
      return failed(404, e.code, `${title} has no component yet. The index lists those that do: ${indexUrl(origin)}.`);
    if (e.code === "upstream_timeout" || e.code === "upstream_error") return storeFailed(e);
    return failed(400, e.code, e.message);
  }

  /** The answer to `req` on `path`; thrown only for a fault of ours. */
  async function route(req: Request, path: string, isIndex: boolean): Promise<Answer> {
    if (req.method !== "GET" && req.method !== "HEAD")
      return failed(405, "method_not_allowed", "The registry is read-only: use GET.");
    const url = new URL(req.url);
    if (isIndex) return index(url.searchParams);
    const m = ITEM_PATH.exec(path);
    // Only a plain name (letters, digits, dashes) can name an item: anything else is not one, read nothing.
    if (!m || m[1].length > NAME_MAX || !NAME.test(m[1]))
      return failed(
        404,
        "not_found",
        `Registry items are at /r/{name}.json; the index lists every name: ${INDEX_PATH}.`,
      );
    return item(m[1], url.searchParams, url.origin);
  }

  /**
   * One request: its response, and for an item's or the index's request what usage records of it
   * (src/usage/recorder.ts, `withUsage`): the document asked for, its pattern and version, its
   * status, bytes and time. A preflight, or a path that names no document, records nothing.
   */
  return async function serve(req: Request, platform: Platform = {}): Promise<Served> {
    const startedAt = performance.now();
    if (req.method === "OPTIONS") return { response: preflight(), requests: [] };
    const path = urlPathname(req.url);
    const isIndex = path === INDEX_PATH;
    let answer: Answer;
    try {
      answer = await route(req, path, isIndex);
    } catch (e) {
      // A fault of ours (a catalog file that failed to load): reported, never a stack to the client.
      console.error(`[registry] internal error: ${e instanceof Error ? e.message : String(e)}`);
      answer = failed(500, "internal_error", "The registry failed. Retry in a few seconds.");
    }
    const { response, bytes } = respond(req.method, isIndex ? VARY.index : VARY.item, answer);
    const method = isIndex ? REGISTRY_METHODS.index : ITEM_PATH.test(path) ? REGISTRY_METHODS.item : undefined;
    if (!method) return { response, requests: [] };
    const userAgent = req.headers.get("user-agent") ?? undefined;
    const context = {
      method,
      headers: req.headers,
      userAgent,
      // A registry request has nothing but its User-Agent to name its client, and the shadcn CLI's
      // says so (`shadcn`); an MCP call's User-Agent is mostly its HTTP library's, a hint kept apart.
      clientInfo: userAgent ? { name: userAgent } : undefined,
      ip: platform.ip,
      requestId: platform.requestId,
      deployId: platform.deployId,
    };
    const outcome = { status: statusOf(answer), report: answer.report };
    const durationMs = performance.now() - startedAt;
    return { response, requests: [{ context, outcome, httpStatus: answer.status, bytes, durationMs }] };
  };
}
