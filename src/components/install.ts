/**
 * What a project needs to run a component as the catalog renders it: its packages at the versions the
 * catalog pins (generated/package-versions.ts, from the lockfile), one install line, and the Tailwind
 * CSS versions that read the arbitrary-value syntax it is written in.
 */
import { PACKAGE_VERSIONS } from "../../generated/package-versions.ts";
import { HOST_PACKAGES } from "./packages.ts";

/** `{ "lucide-react": "^1.73.0", … }` for each imported package the catalog pins; others are left out. */
export function dependencyVersions(deps: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of deps) if (Object.hasOwn(PACKAGE_VERSIONS, d)) out[d] = PACKAGE_VERSIONS[d];
  return out;
}

/**
 * One `npm install` line for the packages a React project does not already have, each at the catalog's
 * range (a package the catalog does not pin goes unpinned); null when the code needs nothing beyond
 * React. React itself is left to the project: installing only `react` at another major would split it
 * from its `react-dom`.
 */
export function installLine(deps: readonly string[]): string | null {
  const specs = installSpecs(deps);
  return specs.length ? `npm install ${specs.join(" ")}` : null;
}

/**
 * The packages of the install line, each `name@range` where the catalog pins it (the registry item's
 * `dependencies` too): React and React DOM left to the project, as above.
 */
export function installSpecs(deps: readonly string[]): string[] {
  const wanted = deps.filter((d) => !HOST_PACKAGES.includes(d));
  const pinned = dependencyVersions(wanted);
  return wanted.map((d) => (pinned[d] ? `${d}@${pinned[d]}` : d));
}

/**
 * The syntax forms of Tailwind CSS the catalog's components use, each with the release that first
 * reads it (from Tailwind's changelog), in release order: arbitrary values and their type hints are
 * 3.0, `has-*` variants 3.4; every 4.x reads all of them.
 */
const SYNTAX = [
  { name: "arbitrary values", since: "3.0.0", find: /(?<![\w-])(?:[a-z]+-)+\[(?![a-z-]+:)[^\]\s]+\]/ },
  { name: "type hints", since: "3.0.0", find: /(?<![\w-])(?:[a-z]+-)+\[(?:family-name|length|color):[^\]\s]+\]/ },
  { name: "has-* variants", since: "3.4.0", find: /(?<![\w-])(?:group-|peer-)?has-\[[^\]\s]+\]:/ },
] as const;

/** The catalog's floor: every component uses arbitrary values over the --ui-* tokens. */
const FLOOR = "3.0.0";

/** The Tailwind CSS releases that read this component's classes, and the forms it uses, with an example of each. */
export function tailwindRequirement(code: string) {
  const syntax: string[] = [];
  let minimum = FLOOR;
  for (const form of SYNTAX) {
    const m = form.find.exec(code);
    if (!m) continue;
    syntax.push(`${form.name} (${m[0]}): ${form.since}`);
    minimum = form.since; // in release order: the last form found is the newest
  }
  return { versions: `^${minimum} || ^4.0.0`, syntax };
}
