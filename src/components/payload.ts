/** The hybrid payload of get_component (docs/components.md): metadata, usage_rules, component_code, resource. */
import { type Catalog, ruleFields } from "../catalog/catalog.ts";
import type { Entry } from "../catalog/schema.ts";
import { slugSection } from "../catalog/search.ts";
import { componentUri } from "./model.ts";
import type { UsageRules } from "./rules.ts";
import type { ComponentVersion } from "./version-rule.ts";

/**
 * The code's usage rules, with the command that installs this version through the shadcn registry
 * right after the npm install line: the two ways to install it, side by side.
 */
function withShadcnAdd({ install, tailwind, theme_css, ...before }: UsageRules, shadcn_add: string) {
  return { ...before, install, shadcn_add, tailwind, theme_css };
}

/**
 * What get_component serves of a pattern's version, as the version rule loaded it; `shadcnAdd` is
 * the command that installs exactly this version from the registry on the request's origin.
 */
export function componentPayload(
  catalog: Catalog,
  e: Entry,
  { index, versionId, available, tsx: code }: ComponentVersion,
  shadcnAdd: string,
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
    usage_rules: withShadcnAdd(code.rules, shadcnAdd),
    component_code: code.text,
    resource: { url: catalog.url(e), uri: componentUri(e.id, versionId) },
  };
}
