/** The tool table, in the order tools/list shows it. */
import get_component from "./get_component.ts";
import get_pattern from "./get_pattern.ts";
import list_categories from "./list_categories.ts";
import search_components from "./search_components.ts";
import search_patterns from "./search_patterns.ts";

export const tools = [search_patterns, list_categories, get_pattern, search_components, get_component];
