import * as z from "zod/mini";
import type { Catalog } from "../catalog/catalog.ts";
import type { Tsx, VersionIndex } from "../components/model.ts";
import { componentPayload } from "../components/payload.ts";
import { urlOrigin } from "../http/index.ts";
import type { Prebuilt } from "../mcp/wire.ts";
import { type CallToolResult, textResult } from "../mcp/tool.ts";
import { itemUrl, registryName, shadcnAdd } from "../registry/names.ts";
import { loadRequested, patternRef, versionRef } from "./refs.ts";
import { defineTool } from "./define.ts";

/**
 * The result each stored version was last served with, serialized once: serializing it is most of a
 * call's work, and without this the get_component cells of `npm run bench` fall below their guard (5x
 * less CPU than the SDK's pattern). Keyed on the code value the code cache hands out, so it lives as
 * long as that code stays cached; the rest is what else the result depends on, compared by identity
 * (no key built per call): the version index it lists (a new one each time the store's index is read
 * again, which is when the active pointer or the version list can move), the catalog (the pattern's
 * page URL), and the request's origin, which the install command names, so one origin's URL is never
 * served to another (a deployment answers on one or two origins; a request from another rebuilds it).
 * With COMPONENTS_INDEX_TTL_MS=0 (no index cache) every call reads a new index and rebuilds.
 */
interface Kept {
  origin: string;
  catalog: Catalog;
  index: VersionIndex;
  versionId: string;
  result: Prebuilt<CallToolResult>;
}
const served = new WeakMap<Tsx, Kept>();

export default defineTool({
  name: "get_component",
  description:
    "Fetch a pattern's React + Tailwind TSX component exactly as the catalog stores it, with metadata (tags, catalog " +
    "number, interaction rules), usage_rules (the --ui-* CSS variables it needs and theme_css, their default values " +
    "light and dark; design constraints; npm dependencies at pinned versions and an install line; shadcn_add, the " +
    "shadcn CLI command that installs this version; the Tailwind versions it needs) and the pattern's page URL. In a " +
    "project with a components.json (shadcn), run shadcn_add: it writes the file, installs the packages and adds the " +
    "variables. In any other, paste component_code unchanged, run install, and map the --ui-* variables onto your " +
    "theme, or paste theme_css when the project has none. Without version_id you get the active (latest polished) " +
    "version; pass version_id to pin one.",
  input: z.object({
    pattern_id: patternRef,
    version_id: versionRef(
      'A version to pin: "seed", "v1", "v2", … Omit it (or say "active") for the active version. ' +
        "get_pattern lists the available versions.",
    ),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  returnsCode: true,
  async run({ pattern_id, version_id }, { deps: { catalog, components }, url }) {
    const found = await loadRequested(catalog, components, pattern_id, version_id);
    if (!found.ok) return found;
    const { entry, index, versionId, tsx, report } = found;
    const origin = urlOrigin(url);
    let kept = served.get(tsx);
    if (kept?.origin !== origin || kept.index !== index || kept.catalog !== catalog || kept.versionId !== versionId) {
      const command = shadcnAdd(itemUrl(origin, await registryName(catalog, entry), versionId));
      const result = textResult(JSON.stringify(componentPayload(catalog, entry, found, command)));
      served.set(tsx, (kept = { origin, catalog, index, versionId, result }));
    }
    return { ok: true, result: kept.result, report };
  },
});
