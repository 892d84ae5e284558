/**
 * The component preview as an MCP App (extension `io.modelcontextprotocol/ui`, published with
 * `@modelcontextprotocol/ext-apps`): get_component and get_pattern link the view
 * `ui://patttterns/component-preview`, a self-contained HTML document (built from preview/ by
 * `npm run build`) that hosts render in a sandboxed iframe beside the tool result.
 *
 * What each era sees:
 * - capabilities (initialize and server/discover) name the extension:
 *   `extensions: { "io.modelcontextprotocol/ui": {} }`;
 * - tools/list: 2026-07-28 requests carry the client's capabilities, so the two tools carry `_meta.ui`
 *   only for clients that declare the extension with the mimeType `text/html;profile=mcp-app`. Legacy
 *   requests carry none after initialize (and this server keeps no sessions), so every legacy
 *   tools/list carries it; the spec has hosts without MCP Apps ignore it;
 * - tool results never change: one text block of JSON, the same bytes for every client;
 * - resources/read serves the view in both eras; resources/list does not list it (the spec lets
 *   servers leave out resources that only tools link).
 *
 * The HTML (1.9 MB, 0.5 MB gzipped) is loaded on the first read, never on a cold isolate's first
 * tools/list or search: `load` is a dynamic import the edge adapter passes in.
 */
import { CACHE_HINTS } from "../mcp/constants.ts";
import type { RequestContext } from "../mcp/context.ts";
import type { Extension } from "../mcp/extension.ts";
import type { Resource } from "../mcp/resource.ts";
import { lazy } from "../lazy.ts";

export const UI_EXTENSION = "io.modelcontextprotocol/ui";
/** The MCP Apps HTML profile: the resource's mimeType and what a client lists in its `mimeTypes`. */
export const APP_MIME = "text/html;profile=mcp-app";
export const PREVIEW_URI = "ui://patttterns/component-preview";

/** Whether a client's capabilities declare MCP Apps with the HTML profile. */
export function takesApps(clientCapabilities: Record<string, unknown>): boolean {
  // Client input: any value may sit at either level (`?.` on a string or number reads undefined).
  const mimeTypes: unknown = (
    clientCapabilities.extensions as Record<string, { mimeTypes?: unknown } | undefined> | undefined
  )?.[UI_EXTENSION]?.mimeTypes;
  return Array.isArray(mimeTypes) && mimeTypes.includes(APP_MIME);
}

const appliesTo = (request: RequestContext) => request.era === "legacy" || takesApps(request.clientCapabilities);

/**
 * The built view (generated/preview-html.json): the HTML, and the `_meta.ui` it declares (its CSP
 * domains and permissions), written by the build that knows what the document loads.
 */
export interface PreviewDocument {
  html: string;
  ui: Record<string, unknown>;
}

/**
 * `_meta` of the linked tools: visible to the model and callable by the view (its version switcher
 * calls get_component). The spec's deprecated flat key `ui/resourceUri` is left out.
 */
const TOOL_META = { ui: { resourceUri: PREVIEW_URI, visibility: ["model", "app"] } };

/** The MCP Apps extension with the preview view; `load` returns the built view. */
export function previewExtension<D>(load: () => Promise<PreviewDocument>): Extension<D> {
  const view = lazy(load);
  // Never listed, so it carries no title or description: hosts find it through the tools' _meta.
  const resource: Resource<D> = {
    uri: PREVIEW_URI,
    name: "component-preview",
    mimeType: APP_MIME,
    read: async () => {
      const { html, ui } = await view.get();
      // Changes only on deploy, like the tool list.
      return {
        contents: [{ uri: PREVIEW_URI, mimeType: APP_MIME, text: html, _meta: { ui } }],
        cache: CACHE_HINTS.lists,
      };
    },
  };
  return {
    capabilities: { extensions: { [UI_EXTENSION]: {} } },
    // The tools whose results the view renders: get_component's code, or get_pattern's active component.
    toolMeta: { appliesTo, byTool: { get_component: TOOL_META, get_pattern: TOOL_META } },
    resources: [resource],
  };
}
