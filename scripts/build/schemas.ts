/**
 * The schemas generator of `npm run build`: writes generated/input-schemas.json, the JSON Schema
 * tools/list serves for each tool's input, converted from its zod `input`: draft 2020-12, the input
 * side of transforms and defaults, anything JSON Schema cannot express as `{}`, without `$schema`.
 *
 * It reads the tool files themselves (every file of src/tools/ whose default export is a tool), not
 * the tool list, which imports the file this writes: a new tool's schema is generated before the
 * list can use it. zod stays the one source of truth; the edge function ships the converted schemas
 * instead of zod's JSON-Schema generator (bench/schemas.ts measures both).
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import * as z from "zod/mini";
import type { JsonSchema } from "../../src/mcp/tool.ts";
import { ROOT } from "../lib/repo-root.ts";
import type { Generator } from "./generated.ts";

/** Where the build writes the schemas, relative to the repo. */
export const SCHEMAS_PATH = "generated/input-schemas.json";
const TOOLS_DIR = "src/tools";

const JSON_SCHEMA_OPTIONS = { target: "draft-2020-12", io: "input", unrepresentable: "any" } as const;

/** A zod input as tools/list shows it. Tests convert their own tools with it too. */
export function inputJsonSchema(input: z.core.$ZodType): JsonSchema {
  const { $schema: _, ...schema } = z.toJSONSchema(input, JSON_SCHEMA_OPTIONS);
  return schema;
}

export interface SchemaSource {
  name: string;
  input: z.core.$ZodType;
}

const isTool = (v: unknown): v is SchemaSource =>
  typeof v === "object" && v !== null && typeof (v as SchemaSource).name === "string" && "input" in v && "run" in v;

/** The default export of every tool file of src/tools/, by name; the list (index.ts) imports this file's output. */
export async function toolFiles(root = ROOT): Promise<SchemaSource[]> {
  const files = (await readdir(join(root, TOOLS_DIR))).filter((f) => f.endsWith(".ts") && f !== "index.ts").sort();
  const found: SchemaSource[] = [];
  for (const f of files) {
    const { default: tool } = (await import(pathToFileURL(join(root, TOOLS_DIR, f)).href)) as { default?: unknown };
    if (isTool(tool)) found.push(tool);
  }
  return found.sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** The generated file's text: tool name → JSON Schema, sorted by name. */
export function buildSchemasFile(tools: readonly SchemaSource[]): string {
  return `${JSON.stringify(Object.fromEntries(tools.map((t) => [t.name, inputJsonSchema(t.input)])), null, 2)}\n`;
}

export const schemasGenerator: Generator = {
  name: "schemas",
  from: "each tool file's zod input (src/tools/)",
  build: async () => {
    const tools = await toolFiles();
    return { files: new Map([[SCHEMAS_PATH, buildSchemasFile(tools)]]), note: `${tools.length} tools` };
  },
};
