/**
 * Installs the lab's own packages from bench/package-lock.json (`npm ci --prefix bench`) when
 * bench/node_modules is missing or older than that lockfile, and does nothing otherwise. `npm run
 * bench`, `bench:*` and `load` run it first, and so does the bench test: the product's install
 * never carries the rival engines and parsers.
 */
import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../scripts/lib/repo-root.ts";

const LAB = join(ROOT, "bench");
const modified = (path: string) => statSync(path, { throwIfNoEntry: false })?.mtimeMs;

/** True when it installed. npm writes node_modules/.package-lock.json last, once an install is complete. */
export function installLab(): boolean {
  const installed = modified(join(LAB, "node_modules/.package-lock.json"));
  if (installed !== undefined && installed >= modified(join(LAB, "package-lock.json"))!) return false;
  console.error("[bench] installing the lab's packages: npm ci --prefix bench");
  execFileSync("npm", ["ci", "--prefix", LAB, "--no-audit", "--no-fund", "--loglevel=error"], { stdio: "inherit" });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) installLab();
