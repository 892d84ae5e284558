/**
 * tools/list serves inputSchemas converted from the tools' zod schemas at build time
 * (generated/input-schemas.ts, `npm run build:schemas`): they must be exactly what zod converts today,
 * key order included (it is tools/list's bytes), and the edge function must not carry zod's converter.
 */
import { execFile } from "node:child_process";
import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { buildSchemasFile, SCHEMAS_FILE, schemasStale } from "../../scripts/build-schemas.ts";
import { EDGE_BUILD, ENTRIES } from "../../scripts/bench/bundle.ts";
import { ROOT } from "../../scripts/lib/fixtures.ts";
import { describeTool } from "../../src/mcp/tool.ts";
import { definitions } from "../../src/tools/definitions.ts";
import { tools } from "../../src/tools/index.ts";
import { inputSchemas } from "../../generated/input-schemas.ts";

const run = promisify(execFile);
const work = await mkdtemp(join(tmpdir(), "input-schemas-"));
afterAll(() => rm(work, { recursive: true, force: true }));

/** What tools/list computed at run time before the conversion moved to build time. */
function converted(input: z.core.$ZodType) {
  const schema = z.toJSONSchema(input, { target: "draft-2020-12", io: "input", unrepresentable: "any" });
  delete (schema as Record<string, unknown>).$schema;
  return schema;
}

/** Runs the generator's CLI; resolves to its exit code and output. */
async function cli(...args: string[]) {
  return run(process.execPath, [join(ROOT, "node_modules/tsx/dist/cli.mjs"), join(ROOT, "scripts/build-schemas.ts"), ...args], { cwd: ROOT })
    .then(({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }))
    .catch((e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }));
}

describe("the generated inputSchemas (generated/input-schemas.ts)", () => {
  it("are, for every production tool, z.toJSONSchema of its zod input, byte for byte (else run npm run build:schemas)", () => {
    expect(Object.keys(inputSchemas)).toEqual(definitions.map((t) => t.name));
    for (const t of definitions) {
      expect(JSON.stringify(inputSchemas[t.name]), t.name).toBe(JSON.stringify(converted(t.input)));
    }
  });

  it("are what tools/list serves, on the same tools in the same order", () => {
    expect(tools.map((t) => t.name)).toEqual(definitions.map((t) => t.name));
    tools.forEach((t, i) => {
      expect(t.input).toBe(definitions[i].input);
      expect(describeTool(t).inputSchema).toBe(inputSchemas[t.name]);
    });
  });

  it("are current: `build-schemas --check` passes on the committed file", async () => {
    expect(await schemasStale()).toBe(false);
    const { code, out } = await cli("--check");
    expect(out).toContain("is current");
    expect(code).toBe(0);
  });

  it("go stale when a tool's zod input changes, and --check says so and exits 1", async () => {
    const [first, ...rest] = definitions;
    const changed = { ...first, input: z.object({ query: z.string().check(z.describe("A changed description.")) }) };
    expect(buildSchemasFile([changed, ...rest])).not.toBe(buildSchemasFile());
    expect(await schemasStale(SCHEMAS_FILE, buildSchemasFile([changed, ...rest]))).toBe(true);

    const stale = join(work, "stale.ts");
    await writeFile(stale, buildSchemasFile([changed, ...rest]));
    const failed = await cli("--check", "--out", stale);
    expect(failed.code).toBe(1);
    expect(failed.out).toContain("stale: run npm run build:schemas");
    const missing = await cli("--check", "--out", join(work, "missing.ts"));
    expect(missing.code).toBe(1);

    // Without --check it rewrites the file to the current schemas.
    const copy = join(work, "copy.ts");
    await copyFile(stale, copy);
    expect((await cli("--out", copy)).code).toBe(0);
    expect(await schemasStale(copy)).toBe(false);
  });
});

describe("the edge function bundle", () => {
  it("leaves out zod's JSON-Schema generator", async () => {
    const result = await build({ ...EDGE_BUILD, entryPoints: [ENTRIES.ours], write: false, metafile: true, external: [...EDGE_BUILD.external, "*.json"] });
    // Every module esbuild read is in metafile.inputs; what reached the output, with its bytes, is here.
    const [output] = Object.values(result.metafile.outputs);
    const inputs = Object.entries(output.inputs).filter(([, i]) => i.bytesInOutput > 0).map(([f]) => f);
    // The bundle does hold zod (tools validate their arguments with it), so the check below can fail.
    expect(inputs.some((f) => f.includes("node_modules/zod/"))).toBe(true);
    expect(inputs.filter((f) => /to-json-schema|json-schema-processors/.test(f))).toEqual([]);
    expect(result.outputFiles[0].text).not.toContain("draft-2020-12");
  });
});
