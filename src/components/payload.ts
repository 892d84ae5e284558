/** The hybrid payload of get_component (docs/components.md): metadata, usage_rules, component_code, resource. */
import { type Catalog, ruleFields } from "../catalog/catalog.ts";
import type { Entry } from "../catalog/schema.ts";
import { slugSection } from "../catalog/search.ts";
import { componentUri, type Tsx, type VersionIndex } from "./model.ts";

/** What get_component serves: the entry, its version index, the version served, the versions listed, the code. */
export function componentPayload(
  catalog: Catalog,
  e: Entry,
  index: VersionIndex,
  versionId: string,
  available: string[],
  code: Tsx,
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
