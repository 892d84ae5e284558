/**
 * lucide-react for previewed components: the package's own `createLucideIcon` and `Icon` over every
 * icon's SVG nodes, packed at build time (scripts/build/lucide-pack.ts) instead of bundling ~2,000 icon
 * modules: less than half the gzipped bytes. An export name resolves as lucide-react's does (`Check`,
 * `CheckIcon`, `LucideCheck`, and its renamed aliases such as `AlertTriangle`), checked name by name
 * against lucide-react in tests/unit/preview/lucide.test.ts. A name lucide-react does not export renders a
 * dashed placeholder box instead of crashing the component.
 */
import { createElement, forwardRef, type ComponentType } from "react";
import { createLucideIcon, Icon, LucideProvider, useLucideContext } from "lucide-react";

/** An icon as lucide-react describes it (its `__iconData`), less its name and its SVG children's React keys. */
export interface PackedIcon {
  node: [tag: string, attrs: Record<string, string>][];
  size?: number;
  /** Former names, added to the svg's class list as `lucide-{alias}`. */
  aliases?: string[];
}

export interface LucidePack {
  /** Icon name (kebab-case, e.g. "circle-check") → the icon. */
  icons: Record<string, PackedIcon>;
  /** Export names that `baseName` does not turn into an icon's own name (renamed icons) → icon name. */
  aliases: Record<string, string>;
}

/** "arrow-down-0-1" → "ArrowDown01": the PascalCase lucide-react exports an icon under. */
export const pascal = (name: string) =>
  name
    .split("-")
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join("");

/** `LucideCheck`, `CheckIcon` and `Check` all name `Check`. */
export function baseName(exportName: string): string {
  const name = /^Lucide[A-Z0-9]/.test(exportName) ? exportName.slice(6) : exportName;
  return name.length > 4 && name.endsWith("Icon") ? name.slice(0, -4) : name;
}

/** Resolves export names to icon names: the pack's aliases first, then the PascalCase of every icon. */
export function iconResolver(pack: LucidePack) {
  const byPascal = new Map(Object.keys(pack.icons).map((name) => [pascal(name), name]));
  return (exportName: string): string | undefined => pack.aliases[exportName] ?? byPascal.get(baseName(exportName));
}

const NOT_EXPORTS = new Set(["then", "toJSON", "constructor", "$$typeof", "prototype"]);

/** A stand-in for an icon lucide-react does not have: a dashed box of the icon's size, labelled. */
function placeholder(exportName: string): ComponentType {
  // One stand-in per missing name, made once and cached by the caller.
  // biome-ignore lint/correctness/noComponentHookFactories: a factory by design, called once per name
  const Missing = forwardRef<SVGSVGElement, Record<string, unknown>>(({ size = 24, className, ...rest }, ref) =>
    createElement(
      "svg",
      {
        ref,
        width: size,
        height: size,
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: "currentColor",
        strokeWidth: 1.5,
        strokeDasharray: "3 2",
        className,
        role: "img",
        "aria-label": `Unknown icon ${exportName}`,
        "data-unknown-icon": exportName,
        style: rest.style,
      },
      createElement("rect", { x: 3, y: 3, width: 18, height: 18, rx: 3 }),
      createElement("title", null, `lucide-react has no icon ${exportName}`),
    ),
  );
  Missing.displayName = `Unknown(${exportName})`;
  return Missing as unknown as ComponentType;
}

/**
 * The `lucide-react` module a component imports: icons built on first use, the package's helpers,
 * `icons` by PascalCase name, and a placeholder (reported through `onUnknown`) for anything else that
 * looks like a component name.
 */
export function lucideModule(pack: LucidePack, onUnknown: (name: string) => void = () => {}): Record<string, unknown> {
  const resolve = iconResolver(pack);
  const built = new Map<string, ComponentType>();
  const icon = (name: string) => {
    let component = built.get(name);
    if (!component) {
      // Index keys: the nodes are fixed, so React needs nothing more stable.
      const data = pack.icons[name];
      const node = data.node.map(([tag, attrs], i) => [tag, { ...attrs, key: String(i) }]);
      built.set(
        name,
        (component = createLucideIcon({ name, size: 24, ...data, node } as never) as unknown as ComponentType),
      );
    }
    return component;
  };
  const helpers: Record<string, unknown> = {
    __esModule: true,
    createLucideIcon,
    Icon,
    LucideProvider,
    useLucideContext,
  };
  const unknown = new Map<string, ComponentType>();
  const lookup = (prop: string): unknown => {
    const name = resolve(prop);
    if (name) return icon(name);
    if (!/^[A-Z]/.test(prop)) return undefined;
    onUnknown(prop);
    let stand = unknown.get(prop);
    if (!stand) unknown.set(prop, (stand = placeholder(prop)));
    return stand;
  };
  helpers.icons = new Proxy({}, { get: (_t, prop) => (typeof prop === "string" ? lookup(prop) : undefined) });
  return new Proxy(helpers, {
    get(target, prop) {
      if (typeof prop !== "string" || prop in target) return Reflect.get(target, prop);
      return NOT_EXPORTS.has(prop) ? undefined : lookup(prop);
    },
    has: (target, prop) => prop in target || (typeof prop === "string" && resolve(prop) !== undefined),
  });
}
