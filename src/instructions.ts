/**
 * What the server tells agents at initialize / server/discover: when to use it and the flow. One
 * line per entry, joined with newlines.
 */
export const INSTRUCTIONS = [
  "PATTTTERNS is a curated catalog of UI interaction patterns with versioned, ready-made React + Tailwind TSX " +
    "components.",
  "Use this server whenever you design or build UI (navigation, forms, overlays, feedback, data display, " +
    "onboarding, AI chat, mobile gestures): fetch the catalog's component instead of inventing markup.",
  "Flow: search_components (or search_patterns / list_categories) -> get_component with the hit's pattern_id -> " +
    "in a project with a components.json (shadcn), run usage_rules.shadcn_add, which writes the file, installs the " +
    "packages and adds the CSS variables; in any other, paste component_code unchanged, run usage_rules.install, " +
    "and map the --ui-* CSS variables in usage_rules onto your theme, or paste usage_rules.theme_css when the " +
    "project has none (all 22 tokens, light and dark, with recipes for shadcn/ui, Tailwind v4 and plain CSS: " +
    "resource patttterns://theme/tokens.css).",
  'The components are also a shadcn registry: with "registries": { "@patttterns": ' +
    '"https://patttterns.com/r/{name}.json" } in components.json, npx shadcn@latest add @patttterns/date-picker ' +
    "installs the active version.",
  "When a search finds nothing or only some_words hits, read the resource patttterns://catalog/index: every " +
    "pattern's catalog number, title and a few words of what it is, by section, in under 4,000 tokens; pick one by " +
    "its number rather than inventing the UI.",
  "After adapting a component (props, state, wiring) and before finishing, call validate_component with the same " +
    "pattern_id and version_id and the edited code: it reports what the edit broke (a lost component, hard-coded " +
    "colours, unknown tokens or icons, imports, accessibility), each with a line and a suggestion.",
  'Patterns are addressed by catalog number ("#123"), Notion UUID, slug or patttterns.com URL. ' +
    'Omit version_id for the active version; pass "seed", "v1", ... to pin one.',
  "Errors: retry upstream_timeout / upstream_error once; never retry invalid_args or *_not_found: " +
    "follow the suggestion instead.",
].join("\n");
