/**
 * usage_rules' pinned packages: every fixture version gets a version for every package it imports,
 * the caret range of what package-lock.json locks and node_modules holds (what the preview renders and
 * the tests run with), one install line, and the Tailwind CSS versions its syntax needs. The generated
 * files these come from are held to the lockfile and to lucide-react itself.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LUCIDE_NAMES_PATH, renderPackageOutputs, VERSIONS_PATH } from "../../../scripts/build/packages.ts";
import { ROOT } from "../../../scripts/lib/repo-root.ts";
import { lucideExports } from "../../../scripts/build/lucide-pack.ts";
import { installLine, tailwindRequirement } from "../../../src/components/install.ts";
import { CATALOG_PACKAGES } from "../../../src/components/packages.ts";
import { usageRules } from "../../../src/components/rules.ts";
import { LUCIDE } from "../../../generated/lucide-names.ts";
import { fixtures } from "../../helpers/components.ts";

const require = createRequire(import.meta.url);
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8"));
/** What npm installed, read from the package itself. */
const installed = (name: string) => require(`${name}/package.json`).version as string;

const versions = fixtures.flatMap((f) =>
  f.code.map((c) => ({ label: `${f.name}/${c.versionId}`, text: decoder.decode(c.bytes) })),
);

describe("dependency_versions, install and tailwind for every fixture version", () => {
  it.each(versions)("$label", ({ text }) => {
    const rules = usageRules(text);
    expect(Object.keys(rules.dependency_versions).sort()).toEqual(rules.dependencies);
    for (const [name, range] of Object.entries(rules.dependency_versions)) {
      expect(range).toBe(`^${lock.packages[`node_modules/${name}`].version}`);
      expect(range).toBe(`^${installed(name)}`);
    }
    const others = rules.dependencies.filter((d) => d !== "react" && d !== "react-dom");
    if (others.length === 0) expect(rules.install).toBeNull();
    else
      expect(rules.install).toBe(`npm install ${others.map((d) => `${d}@${rules.dependency_versions[d]}`).join(" ")}`);
    expect(rules.tailwind.versions).toMatch(/^\^3\.\d\.0 \|\| \^4\.0\.0$/);
    expect(rules.tailwind.syntax.length).toBeGreaterThan(0);
  });

  it("the one component with a has-[…] variant needs Tailwind 3.4; the others 3.0", () => {
    const needs = (label: string) => usageRules(versions.find((v) => v.label === label)!.text).tailwind;
    expect(needs("modal-dialog/v1")).toEqual({
      versions: "^3.4.0 || ^4.0.0",
      syntax: expect.arrayContaining([expect.stringMatching(/^has-\* variants \(has-\[:focus-visible\]:\): 3\.4\.0$/)]),
    });
    expect(needs("date-picker/v1").versions).toBe("^3.0.0 || ^4.0.0");
    expect(needs("date-picker/v1").syntax).toEqual([
      expect.stringMatching(/^arbitrary values \(.+\): 3\.0\.0$/),
      "type hints (font-[family-name:var(--ui-font-headings)]): 3.0.0",
    ]);
  });

  it("React is the project's own: pinned in dependency_versions, never in the install line; unknown packages go unpinned", () => {
    expect(installLine(["react"])).toBeNull();
    expect(installLine(["react", "react-dom"])).toBeNull();
    expect(installLine(["clsx", "lucide-react", "react"])).toBe(
      `npm install clsx lucide-react@^${installed("lucide-react")}`,
    );
    expect(tailwindRequirement("no classes at all")).toEqual({ versions: "^3.0.0 || ^4.0.0", syntax: [] });
  });
});

describe("the generated package facts", () => {
  it("are current: package-versions.ts and lucide-names.ts as npm run build writes them", async () => {
    for (const [path, text] of await renderPackageOutputs())
      expect(readFileSync(join(ROOT, path), "utf8"), path).toBe(text);
    expect([...(await renderPackageOutputs()).keys()]).toEqual([VERSIONS_PATH, LUCIDE_NAMES_PATH]);
  });

  it("pin every catalog package", async () => {
    const { PACKAGE_VERSIONS } = await import("../../../generated/package-versions.ts");
    expect(Object.keys(PACKAGE_VERSIONS).sort()).toEqual([...CATALOG_PACKAGES].sort());
  });

  it("lucide-names.ts says exactly what the installed lucide-react exports", async () => {
    const exports = new Set([...(await lucideExports()).keys()]);
    const bases = LUCIDE.bases.split(" ");
    const derived = new Set(bases.flatMap((b) => [b, `${b}Icon`, `Lucide${b}`]));
    expect(derived).toEqual(exports);
    expect(LUCIDE.version).toBe(installed("lucide-react"));
    const module = (await import("lucide-react")) as Record<string, unknown>;
    for (const helper of LUCIDE.helpers) expect(module[helper], helper).toBeDefined();
  });
});
