/** The hybrid payload of get_component (docs/components.md): metadata, usage_rules, component_code, resource. */
import { type Catalog, ruleFields } from "../catalog/catalog.ts";
import type { Entry } from "../catalog/schema.ts";
import { slugSection } from "../catalog/search.ts";
import { componentUri, type Tsx, type VersionIndex } from "./model.ts";
import { usageRules } from "./rules.ts";

/**
 * Memo of built payloads, keyed by the Tsx and VersionIndex objects the (caching) component source
 * hands out: the same objects mean the same stored bytes and the same active pointer, so the same
 * payload object, which get_component then serializes once for every response that serves it.
 */
const built = new WeakMap<Tsx, WeakMap<VersionIndex, Built>>();
interface Built {
  catalog: Catalog;
  entry: Entry;
  key: string;
  payload: Payload;
}
/** Usage rules are a function of the code's bytes; a source without a cache hands out new Tsx objects per read. */
const rulesBySha = new Map<string, ReturnType<typeof usageRules>>();
const RULES_KEPT = 512;

function rulesOf(code: Tsx) {
  let rules = rulesBySha.get(code.sha256);
  if (!rules) {
    rules = usageRules(code.text);
    if (rulesBySha.size >= RULES_KEPT) rulesBySha.delete(rulesBySha.keys().next().value!);
    rulesBySha.set(code.sha256, rules);
  }
  return rules;
}

/** Never changed once built: the memo hands the same object to every call. */
export type Payload = Readonly<ReturnType<typeof buildPayload>>;

/** What a payload is built from: the entry, its version index, the version served, the versions listed, the code. */
type Parts = [catalog: Catalog, e: Entry, index: VersionIndex, versionId: string, available: string[], code: Tsx];

export function hybridPayload(...parts: Parts): Payload {
  const [catalog, e, index, versionId, available, code] = parts;
  const key = `${versionId}\n${available.join(",")}`;
  const hit = built.get(code)?.get(index);
  if (hit && hit.catalog === catalog && hit.entry === e && hit.key === key) return hit.payload;
  const payload: Payload = buildPayload(...parts);
  let byIndex = built.get(code);
  if (!byIndex) built.set(code, (byIndex = new WeakMap()));
  byIndex.set(index, { catalog, entry: e, key, payload });
  return payload;
}

function buildPayload(...[catalog, e, index, versionId, available, code]: Parts) {
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
    usage_rules: rulesOf(code),
    component_code: code.text,
    resource: { url: catalog.url(e), uri: componentUri(e.id, versionId) },
  };
}
