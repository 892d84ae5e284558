/**
 * The production tools as defined, in the order tools/list shows them. index.ts adds each one's
 * generated inputSchema; scripts/build-schemas.ts generates those from here (this module must not
 * import them, so the generator runs even when they are missing or stale).
 */
import get_component from "./get_component.ts";
import get_pattern from "./get_pattern.ts";
import list_categories from "./list_categories.ts";
import search_components from "./search_components.ts";
import search_patterns from "./search_patterns.ts";
import validate_component from "./validate_component.ts";

export const definitions = [
  search_patterns,
  list_categories,
  get_pattern,
  search_components,
  get_component,
  validate_component,
];
