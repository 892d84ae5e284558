/** `npm run skill`: regenerates the skill outputs from skills/patttterns/SKILL.md; `--check` only compares. */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { ROOT } from "./lib/fixtures.ts";
import { renderSkillOutputs } from "./lib/skill.ts";

const check = process.argv.includes("--check");
const stale: string[] = [];
for (const [path, content] of Object.entries(await renderSkillOutputs())) {
  const file = join(ROOT, path);
  const current = await readFile(file, "utf8").catch(() => null);
  if (current === content) continue;
  if (check) stale.push(path);
  else {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content);
    console.log(`wrote ${path}`);
  }
}
if (stale.length) {
  console.error(`Out of date with skills/patttterns/SKILL.md: ${stale.join(", ")}. Run npm run skill.`);
  process.exit(1);
}
