/**
 * Test tools listed with their inputSchema converted at run time, as scripts/build/schemas.ts does at
 * build time for the production tools (only the edge function must do without zod's converter).
 */
import type * as z from "zod/mini";
import { type InputSchema, type ListedTool, type Tool, withInputSchema } from "../../src/mcp/tool.ts";
import { inputJsonSchema } from "../../scripts/build/json-schema.ts";

/** `defineTool` for a tool a test serves: typed from its schema, listed with its JSON Schema. */
export const defineListedTool = <D, S extends InputSchema & z.core.$ZodType>(tool: Tool<D, S>): ListedTool<D, S> =>
  withInputSchema(tool, inputJsonSchema(tool.input));
