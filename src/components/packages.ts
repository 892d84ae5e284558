/**
 * The npm packages catalog components are written against: what the live preview provides, what
 * `validate_component` allows besides relative imports, and what `npm run build` pins from the
 * lockfile (scripts/build/packages.ts writes generated/package-versions.ts from this list).
 */
export const CATALOG_PACKAGES = ["react", "react-dom", "lucide-react", "framer-motion"] as const;

export type CatalogPackage = (typeof CATALOG_PACKAGES)[number];

/** Packages every React project already has: pinned in dependency_versions, left out of the install line. */
export const HOST_PACKAGES: readonly string[] = ["react", "react-dom"];

/** A specifier's package: `@scope/name` or `name` (`lucide-react/dynamic` → `lucide-react`). */
export function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}
