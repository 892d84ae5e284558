/**
 * `npm run build` (scripts/build/build.ts): one command over every generator. `--check` writes nothing and
 * exits 1 naming each stale, missing or no-longer-built file; a build writes exactly those and leaves
 * other files alone; an unchanged slow generator is skipped only while its inputs and output are
 * byte for byte what they were. Whether each generated file is current is tested beside what it
 * generates (tests/unit/catalog/catalog-files.test.ts, tests/integration/tools/input-schemas.test.ts,
 * tests/unit/site/skill.test.ts, tests/unit/catalog/map.test.ts, tests/unit/components/install.test.ts,
 * tests/integration/preview/build.test.ts).
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CATALOG_PATH } from "../../scripts/build/catalog.ts";
import { buildCache } from "../../scripts/build/generated.ts";
import { buildCli } from "../helpers/build.ts";

const work = await mkdtemp(join(tmpdir(), "build-"));
afterAll(() => rm(work, { recursive: true, force: true }));

describe("npm run build", () => {
  it("--check passes on the committed files, naming catalog, schemas, map, skill and packages current (the preview: tests/integration/preview)", async () => {
    const { code, out } = await buildCli("--check", "catalog", "schemas", "map", "skill", "packages");
    for (const name of ["catalog", "schemas", "map", "skill", "packages"]) expect(out).toContain(`${name}: current`);
    expect(out).toContain("checked in");
    expect(code).toBe(0);
  });

  it("--check names missing, stale and no-longer-built files, exits 1 and writes nothing; a build fixes exactly those", async () => {
    const root = join(work, "out");
    const missing = await buildCli("--check", "--out", root, "skill");
    expect(missing.code).toBe(1);
    expect(missing.out).toContain("skill: stale: generated/skill.ts, public/.well-known/agent-skills/index.json");
    expect(missing.out).toContain("run npm run build");
    await expect(readdir(root)).rejects.toThrow(/ENOENT/);

    expect((await buildCli("--out", root, "skill", "catalog")).code).toBe(0);
    expect((await buildCli("--check", "--out", root, "skill", "catalog")).code).toBe(0);

    // A chunk the catalog no longer builds, a file edited by hand, and a file the build does not own.
    const dir = join(root, CATALOG_PATH);
    await writeFile(join(dir, "entries-999.json"), "[]\n");
    await writeFile(join(dir, "head.json"), "{}\n");
    await writeFile(join(dir, "notes.txt"), "mine\n");
    const stale = await buildCli("--check", "--out", root, "catalog");
    expect(stale.code).toBe(1);
    expect(stale.out).toContain(`catalog: stale: ${CATALOG_PATH}/entries-999.json, ${CATALOG_PATH}/head.json from`);
    expect(await readFile(join(dir, "head.json"), "utf8")).toBe("{}\n");

    const fixed = await buildCli("--out", root, "catalog");
    expect(fixed.out).toContain(`catalog: updated ${CATALOG_PATH}/entries-999.json, ${CATALOG_PATH}/head.json from`);
    expect((await readdir(dir)).filter((f) => !f.endsWith(".json") && !f.endsWith(".ts"))).toEqual(["notes.txt"]);
    expect(await readdir(dir)).not.toContain("entries-999.json");
    expect((await buildCli("--check", "--out", root, "catalog")).code).toBe(0);
  });

  it("refuses a generator it does not have, listing those it has", async () => {
    const { code, out } = await buildCli("--check", "catalogue");
    expect(code).toBe(2);
    expect(out).toContain("no generator named catalogue: pick from catalog, schemas, skill, map, packages, preview");
  });
});

describe("the build's fingerprints (what lets npm run build skip the preview)", () => {
  it("hold while a generator's inputs and outputs are unchanged, and not after either changes or goes", async () => {
    const root = join(work, "cache");
    await mkdir(join(root, "src"), { recursive: true });
    const write = (path: string, text: string) => writeFile(join(root, path), text);
    await write("src/a.ts", "a");
    await write("out.json", "1");
    const cache = buildCache(root, join(root, "cache.json"));
    expect(await cache.unchanged("g")).toBe(false);

    await cache.record("g", ["src/a.ts"], ["out.json"]);
    expect(await cache.unchanged("g")).toBe(true);
    expect(await cache.unchanged("other")).toBe(false);
    await write("src/a.ts", "b");
    expect(await cache.unchanged("g")).toBe(false);

    await cache.record("g", ["src/a.ts"], ["out.json"]);
    await write("out.json", "2");
    expect(await cache.unchanged("g")).toBe(false);

    await cache.record("g", ["src/a.ts"], ["out.json"]);
    await rm(join(root, "src/a.ts"));
    expect(await cache.unchanged("g")).toBe(false);

    await write("src/a.ts", "c");
    await cache.record("g", ["src/a.ts"], ["out.json"]);
    await rm(join(root, "out.json"));
    expect(await cache.unchanged("g")).toBe(false);
  });
});
