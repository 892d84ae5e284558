/** The Node versions the README names are the ones package.json's `engines` admits, and this run is on one. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/repo-root.ts";

const engines: string = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).engines.node;
const readme = readFileSync(join(ROOT, "README.md"), "utf8");
const section = readme.slice(
  readme.indexOf("## Node versions"),
  readme.indexOf("\n## ", readme.indexOf("## Node versions") + 1),
);

/** Just enough of a semver range for `engines`: `^A.B.C` and `>=A.B.C`, joined by `||`. */
function admits(range: string, version: string): boolean {
  const [major, minor, patch] = version.replace(/^v/, "").split(".").map(Number);
  const v = major * 1e6 + minor * 1e3 + patch;
  return range.split("||").some((part) => {
    const m = /^\s*(\^|>=)(\d+)\.(\d+)\.(\d+)\s*$/.exec(part);
    if (!m) throw new Error(`unexpected engines range: ${part}`);
    const low = Number(m[2]) * 1e6 + Number(m[3]) * 1e3 + Number(m[4]);
    return v >= low && (m[1] === ">=" || major === Number(m[2]));
  });
}

describe("Node versions", () => {
  it("the README's section quotes package.json's engines range", () => {
    expect(section.length).toBeGreaterThan(0);
    expect(section).toContain(`\`${engines}\``);
  });
  it("this run's Node is one the range admits", () => {
    expect(admits(engines, process.version)).toBe(true);
    expect(admits(engines, "20.18.0")).toBe(false);
    expect(admits(engines, "21.7.0")).toBe(false);
  });
});
