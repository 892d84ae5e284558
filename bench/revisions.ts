/**
 * Two revisions side by side, for the A/B scripts (ab.ts, ab-served.ts): each unpacked under
 * tmp-bench/ (ignored by git), with what the app, the built catalog, the fixtures and their helpers
 * need, and the repository's node_modules linked in.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../scripts/lib/repo-root.ts";

const PATHS = ["src", "generated", "scripts/lib", "tests/helpers", "fixtures", "search_index.json", "package.json"];
const PATHS_EXTRA = ["thesaurus.txt", "technical-terms.txt", "absent-interfaces.txt"];

/** `rev` is anything `git archive` takes, or `worktree` for the files as they are. */
export function unpack(rev: string, name: string): string {
  const dir = join(ROOT, "tmp-bench", name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const paths = [...PATHS, ...PATHS_EXTRA];
  const tar =
    rev === "worktree"
      ? execFileSync("tar", ["-c", ...paths], { cwd: ROOT, maxBuffer: 1 << 30 })
      : execFileSync("git", ["archive", rev, ...paths], { cwd: ROOT, maxBuffer: 1 << 30 });
  execFileSync("tar", ["-x", "-C", dir], { input: tar });
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  return dir;
}
