/**
 * Test tools listed with their inputSchema converted at run time, as scripts/build-schemas.ts does at
 * build time for the production tools (only the edge function must do without zod's converter).
 */
import { defineTool, type InputSchema, type ListedTool, type Tool, withInputSchema } from "../../src/mcp/tool.ts";
import { inputJsonSchema } from "../../scripts/lib/json-schema.ts";

export const listed = <D, S extends InputSchema>(tool: Tool<D, S>): ListedTool<D, S> => withInputSchema(tool, inputJsonSchema(tool.input));

/** `defineTool` for a tool a test serves: typed from its schema, listed with its JSON Schema. */
export const defineListedTool = <D, S extends InputSchema>(tool: Tool<D, S>): ListedTool<D, S> => listed(defineTool(tool));
