/**
 * The tool list, in the order tools/list shows it: one line per tool. Each tool is listed with its
 * input's JSON Schema, converted from its zod `input` by `npm run build` (scripts/build/schemas.ts
 * reads every tool file of this folder) into generated/input-schemas.json, so a cold isolate never
 * loads zod's JSON-Schema generator (docs/architecture.md, "Add a tool").
 */
import inputSchemas from "../../generated/input-schemas.json" with { type: "json" };
import type { JsonSchema, ListedTool, Tool } from "../mcp/tool.ts";
import get_component from "./get_component.ts";
import get_pattern from "./get_pattern.ts";
import list_categories from "./list_categories.ts";
import search_components from "./search_components.ts";
import search_patterns from "./search_patterns.ts";
import validate_component from "./validate_component.ts";

const schemas: Record<string, JsonSchema | undefined> = inputSchemas;

function listed<D>(tool: Tool<D, any>): ListedTool<D> {
  const inputSchema = schemas[tool.name];
  if (!inputSchema)
    throw new Error(`tool ${tool.name} has no inputSchema in generated/input-schemas.json: run npm run build`);
  return { ...tool, inputSchema };
}

export const tools = [
  search_patterns,
  list_categories,
  get_pattern,
  search_components,
  get_component,
  validate_component,
].map(listed);
