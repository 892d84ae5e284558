/**
 * A zod input schema as the JSON Schema tools/list shows: draft 2020-12, the input side of
 * transforms and defaults, anything JSON Schema cannot express as `{}`, without `$schema`. Node
 * and test code only: the edge function serves the result (generated/input-schemas.ts) and never
 * loads zod's JSON-Schema generator.
 */
import * as z from "zod/mini";
import type { JsonSchema } from "../../src/mcp/tool.ts";

const JSON_SCHEMA_OPTIONS = { target: "draft-2020-12", io: "input", unrepresentable: "any" } as const;

export function inputJsonSchema(input: z.core.$ZodType): JsonSchema {
  const { $schema: _, ...schema } = z.toJSONSchema(input, JSON_SCHEMA_OPTIONS);
  return schema;
}
