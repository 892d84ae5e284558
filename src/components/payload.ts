/** The hybrid payload of get_component (docs/components.md): metadata, usage_rules, component_code, resource. */
import { type Catalog, ruleFields } from "../catalog/catalog.ts";
import type { Entry } from "../catalog/schema.ts";
import { slugSection } from "../catalog/search.ts";
import { componentUri } from "./model.ts";
import type { ComponentVersion } from "./version-rule.ts";

/** What get_component serves of a pattern's version, as the version rule loaded it. */
export function componentPayload(
  catalog: Catalog,
  e: Entry,
  { index, versionId, available, tsx: code }: ComponentVersion,
) {
  return {
    metadata: {
      name: e.title,
      pattern_id: e.id,
      catalog_number: `#${e.catalogNumber}`,
      version_id: versionId,
      active_version_id: index.activeVersionId,
      available_versions: available,
      type: e.type,
      category: slugSection(e.slug),
      tags: e.tags,
      description: e.description,
      ...ruleFields(e),
      sha256: code.sha256,
      bytes: code.bytes,
    },
    usage_rules: code.rules,
    component_code: code.text,
    resource: { url: catalog.url(e), uri: componentUri(e.id, versionId) },
  };
}
