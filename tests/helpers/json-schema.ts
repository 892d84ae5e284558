/**
 * Test tools listed with their inputSchema converted at run time, with the converter
 * scripts/build/schemas.ts applies to the production tools at build time.
 */
import type * as z from "zod/mini";
import type { InputSchema, ListedTool, Tool } from "../../src/mcp/tool.ts";
import { inputJsonSchema } from "../../scripts/build/schemas.ts";

/** `defineTool` for a tool a test serves: typed from its schema, listed with its JSON Schema. */
export const defineListedTool = <D, S extends InputSchema & z.core.$ZodType>(tool: Tool<D, S>): ListedTool<D, S> => ({
  ...tool,
  inputSchema: inputJsonSchema(tool.input),
});
