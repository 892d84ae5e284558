import * as z from "zod/mini";
import { hybridPayload, type Payload } from "../components/payload.ts";
import type { Prebuilt } from "../mcp/prebuilt.ts";
import { okPrebuilt, textResult, type ToolResult } from "../mcp/tool.ts";
import { loadRequested, patternRef, versionRef } from "./refs.ts";
import { defineTool } from "./define.ts";

/** Each payload's result, serialized once: hybridPayload hands out the same object for the same stored version. */
const results = new WeakMap<Payload, Prebuilt<ToolResult>>();

function resultOf(payload: Payload): Prebuilt<ToolResult> {
  let result = results.get(payload);
  if (!result) results.set(payload, (result = textResult(JSON.stringify(payload))));
  return result;
}

export default defineTool({
  name: "get_component",
  description:
    "Fetch a pattern's React + Tailwind TSX component exactly as the catalog stores it, with metadata (tags, catalog " +
    "number, interaction rules), usage_rules (the --ui-* CSS variables it needs and theme_css, their default values " +
    "light and dark; design constraints; npm dependencies at pinned versions and an install line; the Tailwind " +
    "versions it needs) and the pattern's page URL. Paste component_code unchanged and map the --ui-* variables onto " +
    "your theme, or paste theme_css when the project has none. Without version_id you get the active (latest " +
    "polished) version; pass version_id to pin one.",
  input: z.object({
    pattern_id: patternRef,
    version_id: versionRef(
      'A version to pin: "seed", "v1", "v2", … Omit it (or say "active") for the active version. ' +
        "get_pattern lists the available versions.",
    ),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  returnsCode: true,
  async run({ pattern_id, version_id }, { deps: { catalog, components } }) {
    const found = await loadRequested(catalog, components, pattern_id, version_id);
    if (!found.ok) return found.outcome;
    const { entry, loaded } = found;
    const { index, versionId, available, tsx } = loaded;
    const payload = hybridPayload(catalog, entry, index, versionId, available, tsx);
    return okPrebuilt(resultOf(payload), { pattern_id: entry.id, version_id: versionId });
  },
});
