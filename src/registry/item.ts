/**
 * The registry's documents in shadcn's formats (docs/registry.md): one item per component version
 * (https://ui.shadcn.com/schema/registry-item.json) and the index's entries
 * (https://ui.shadcn.com/schema/registry.json). The item carries the store's TSX as it is: `content`
 * is the stored text, decoded without a byte altered (src/components/model.ts, `toTsx`).
 */
import type { Catalog } from "../catalog/catalog.ts";
import type { Entry } from "../catalog/schema.ts";
import { installSpecs } from "../components/install.ts";
import type { Tsx } from "../components/model.ts";
import { DESIGN_CONSTRAINTS } from "../components/rules.ts";
import { cssVars, type ThemeName } from "./css-vars.ts";
import { itemUrl } from "./names.ts";

export const ITEM_SCHEMA = "https://ui.shadcn.com/schema/registry-item.json";
export const INDEX_SCHEMA = "https://ui.shadcn.com/schema/registry.json";
/** The registry's name in the index; projects register it as `@patttterns`. */
export const REGISTRY_NAME = "patttterns";
/**
 * One self-contained file per component: shadcn's "component" (a "block" is a multi-file section or
 * page). The CLI writes it under the project's components alias, in a folder of the catalog's own,
 * so it never lands on a shadcn/ui component of the same name (`@components/ui/tabs.tsx`).
 */
export const ITEM_TYPE = "registry:component";
const FOLDER = "patttterns";

/** The file an item installs, without its content (the index lists it so). */
export const itemFile = (name: string) => ({
  path: `${FOLDER}/${name}.tsx`,
  type: ITEM_TYPE,
  target: `@components/${FOLDER}/${name}.tsx`,
});

/** What an index entry and an item both say of the pattern: its identity in the catalog. */
function identity(e: Entry, name: string) {
  return {
    name,
    type: ITEM_TYPE,
    title: e.title,
    description: e.description,
    categories: e.tags,
  };
}

/** An index entry: the catalog's facts only (no store read), the file without its content. */
export function indexEntry(catalog: Catalog, e: Entry, name: string) {
  return {
    ...identity(e, name),
    files: [itemFile(name)],
    meta: { pattern_id: e.id, catalog_number: `#${e.catalogNumber}`, url: catalog.url(e) },
  };
}

export interface ItemParts {
  catalog: Catalog;
  entry: Entry;
  name: string;
  versionId: string;
  /** Whether the version was asked for (`?version=`), or is the active one. */
  pinned: boolean;
  tsx: Tsx;
  theme: ThemeName;
  /** The request's origin: the item's own URL and the MCP endpoint's are named on it. */
  origin: string;
}

/** One component version as a registry item. */
export function registryItem(p: ItemParts) {
  const { entry: e, tsx } = p;
  const code = tsx.text;
  return {
    $schema: ITEM_SCHEMA,
    ...identity(e, p.name),
    author: "PATTTTERNS",
    dependencies: installSpecs(tsx.rules.dependencies),
    files: [{ ...itemFile(p.name), content: code }],
    cssVars: cssVars(tsx.rules.required_css_variables, p.theme),
    docs: itemDocs(p),
    meta: {
      pattern_id: e.id,
      catalog_number: `#${e.catalogNumber}`,
      version_id: p.versionId,
      sha256: tsx.sha256,
      url: p.catalog.url(e),
      item_url: itemUrl(p.origin, p.name, p.versionId, p.theme),
      theme: p.theme,
    },
  };
}

/** The catalog's design constraints, but the one about theme_css, which the item's cssVars replace. */
const CONSTRAINTS = DESIGN_CONSTRAINTS.filter((c) => !c.includes("theme_css"));

/** What the CLI prints after installing: the usage rules, and how to check an edited copy. */
function itemDocs({ entry: e, name, versionId, pinned, tsx, theme, origin, catalog }: ItemParts): string {
  const which = pinned ? `version ${versionId}` : `version ${versionId}, the active one`;
  const vars =
    theme === "shadcn"
      ? "They point at your shadcn/ui variables where one exists; the others hold the catalog's values."
      : "They hold the catalog's values: point them at your own theme there.";
  return [
    `PATTTTERNS #${e.catalogNumber} ${e.title} (${which}), installed exactly as the catalog stores it.`,
    "- Colours, fonts, radius and spacing come only from the --ui-* variables added to your CSS (:root and " +
      `.dark), never from the component: do not override them there. ${vars}`,
    ...CONSTRAINTS.map((c) => `- ${c}`),
    `- Tailwind CSS ${tsx.rules.tailwind.versions}.`,
    `After editing it, check the edit with validate_component on the PATTTTERNS MCP server (${origin}/mcp): ` +
      `pattern_id "#${e.catalogNumber}", version_id "${versionId}", code: your file.`,
    `This version, pinned: ${itemUrl(origin, name, versionId, theme)}. The pattern: ${catalog.url(e)}`,
  ].join("\n");
}
