import * as z from "zod/mini";
import { ruleFields, summary } from "../catalog/catalog.ts";
import { availableVersions } from "../components/version-rule.ts";
import { ok } from "../mcp/tool.ts";
import { patternRef } from "./refs.ts";
import { defineTool } from "./define.ts";

export default defineTool({
  name: "get_pattern",
  description:
    "Get one catalog pattern in full: description, tags, interaction rules, UI categories and flows, its page URL, " +
    "and which component versions exist. Use it to follow the catalog's interaction rules; if has_component is true, " +
    "call get_component next for the TSX.",
  input: z.object({ pattern_id: patternRef }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run({ pattern_id }, { deps: { catalog, components } }) {
    const r = await catalog.resolve(pattern_id);
    if (!r.ok) return r;
    const e = r.entry;
    // The store is the truth for has_component: an active version that is visible. When the store is
    // unreachable the catalog's flag still answers, marked with component_status.
    const found = await availableVersions(components, e);
    const component = !found.ok
      ? { has_component: e.hasGeneratedComponent, available_versions: null, component_status: found.error.code }
      : found.index === null
        ? { has_component: false, available_versions: [] as string[] }
        : found.available.includes(found.index.activeVersionId)
          ? {
              has_component: true,
              active_version_id: found.index.activeVersionId,
              available_versions: found.available,
            }
          : { has_component: false, available_versions: found.available };
    return ok(
      {
        ...summary(catalog, e),
        ...component,
        ...ruleFields(e),
        cover_image: e.coverImage,
        next: component.has_component ? "Call get_component with this pattern_id for the TSX." : undefined,
      },
      { pattern_id: e.id },
    );
  },
});
