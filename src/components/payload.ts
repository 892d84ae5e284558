/** The hybrid payload of get_component (PRD section 3B): metadata, usage_rules, component_code, resource. */
import { type Catalog, ruleFields } from "../catalog/catalog.ts";
import type { Entry } from "../catalog/schema.ts";
import { slugSection } from "../catalog/search.ts";
import type { Code, VersionIndex } from "./model.ts";
import { usageRules } from "./rules.ts";

export const componentUri = (patternId: string, versionId: string) => `patttterns://components/${patternId}/${versionId}`;

export function hybridPayload(catalog: Catalog, e: Entry, index: VersionIndex, versionId: string, available: string[], code: Code) {
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
    usage_rules: usageRules(code.text),
    component_code: code.text,
    resource: { url: catalog.url(e), uri: componentUri(e.id, versionId) },
  };
}
