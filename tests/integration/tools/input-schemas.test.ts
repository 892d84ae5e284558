/**
 * tools/list serves inputSchemas converted from the tools' zod schemas at build time
 * (generated/input-schemas.json, `npm run build`): they must be exactly what zod converts today,
 * key order included (it is tools/list's bytes), every tool file must be in the tool list, and the
 * edge function must not carry zod's converter.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import inputSchemas from "../../../generated/input-schemas.json" with { type: "json" };
import { EDGE_BUILD, EDGE_ENTRY } from "../../../scripts/lib/edge-bundle.ts";
import { staleOutputs } from "../../../scripts/build/generated.ts";
import { buildSchemasFile, SCHEMAS_PATH, schemasGenerator, toolFiles } from "../../../scripts/build/schemas.ts";
import { ROOT } from "../../../scripts/lib/repo-root.ts";
import { describeTool } from "../../../src/mcp/tool.ts";
import { tools } from "../../../src/tools/index.ts";
import { buildCli } from "../../helpers/build.ts";

const work = await mkdtemp(join(tmpdir(), "input-schemas-"));
afterAll(() => rm(work, { recursive: true, force: true }));

/** zod's own conversion, with the options tools/list has always used. */
function converted(input: z.core.$ZodType) {
  const schema = z.toJSONSchema(input, { target: "draft-2020-12", io: "input", unrepresentable: "any" });
  delete (schema as Record<string, unknown>).$schema;
  return schema;
}

const files = await toolFiles();
const schemas: Record<string, unknown> = inputSchemas;

/** The schemas alone, compared with or written under `root`. */
const cli = (root: string, ...args: string[]) => buildCli(...args, "--out", root, "schemas");
/** The schemas file under `root`, with `text` written to it. */
async function schemasUnder(root: string, text: string) {
  const file = join(root, SCHEMAS_PATH);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
  return file;
}

describe("the generated inputSchemas (generated/input-schemas.json)", () => {
  it("are, for every tool file, z.toJSONSchema of its zod input, byte for byte (else run npm run build)", () => {
    expect(Object.keys(schemas).sort()).toEqual(files.map((t) => t.name).sort());
    for (const t of files) expect(JSON.stringify(schemas[t.name]), t.name).toBe(JSON.stringify(converted(t.input)));
  });

  it("cover exactly the tool list: a tool file left out of src/tools/index.ts fails here", () => {
    expect(tools.map((t) => t.name).sort()).toEqual(files.map((t) => t.name).sort());
    for (const t of tools) {
      expect(t.input).toBe(files.find((f) => f.name === t.name)?.input);
      expect(describeTool(t).inputSchema).toBe(schemas[t.name]);
    }
  });

  it("are current: `npm run build -- --check schemas` passes on the committed file", async () => {
    expect(await staleOutputs(ROOT, (await schemasGenerator.build()).files)).toEqual([]);
    const { code, out } = await buildCli("--check", "schemas");
    expect(out).toContain("schemas: current");
    expect(code).toBe(0);
  });

  it("go stale when a tool's zod input changes, and --check says so and exits 1", async () => {
    const [first, ...rest] = files;
    const changed = { ...first, input: z.object({ query: z.string().check(z.describe("A changed description.")) }) };
    expect(buildSchemasFile([changed, ...rest])).not.toBe(buildSchemasFile(files));
    expect(await staleOutputs(ROOT, new Map([[SCHEMAS_PATH, buildSchemasFile([changed, ...rest])]]))).toEqual([
      SCHEMAS_PATH,
    ]);

    await schemasUnder(join(work, "stale"), buildSchemasFile([changed, ...rest]));
    const failed = await cli(join(work, "stale"), "--check");
    expect(failed.code).toBe(1);
    expect(failed.out).toContain(`stale: ${SCHEMAS_PATH}`);
    expect(failed.out).toContain("run npm run build");
    const missing = await cli(join(work, "missing"), "--check");
    expect(missing.code).toBe(1);

    // Without --check it rewrites the file to the current schemas.
    await schemasUnder(join(work, "copy"), buildSchemasFile([changed, ...rest]));
    expect((await cli(join(work, "copy"))).code).toBe(0);
    expect(await staleOutputs(join(work, "copy"), (await schemasGenerator.build()).files)).toEqual([]);
  });
});

describe("the edge function bundle", () => {
  it("leaves out zod's JSON-Schema generator", async () => {
    const result = await build({
      ...EDGE_BUILD,
      entryPoints: [EDGE_ENTRY],
      write: false,
      metafile: true,
      external: [...EDGE_BUILD.external, "*.json"],
    });
    // Every module esbuild read is in metafile.inputs; what reached the output, with its bytes, is here.
    const [output] = Object.values(result.metafile.outputs);
    const inputs = Object.entries(output.inputs)
      .filter(([, i]) => i.bytesInOutput > 0)
      .map(([f]) => f);
    // The bundle does hold zod (tools validate their arguments with it), so the check below can fail.
    expect(inputs.some((f) => f.includes("node_modules/zod/"))).toBe(true);
    expect(inputs.filter((f) => /to-json-schema|json-schema-processors/.test(f))).toEqual([]);
    expect(result.outputFiles[0].text).not.toContain("draft-2020-12");
  });
});
