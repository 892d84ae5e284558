/**
 * The tool table, in the order tools/list shows it (definitions.ts), each tool with its input's JSON
 * Schema from generated/input-schemas.ts, generated from its zod `input` by `npm run build`.
 */
import { withInputSchema } from "../mcp/tool.ts";
import { definitions } from "./definitions.ts";
import { inputSchemas } from "../../generated/input-schemas.ts";

export const tools = definitions.map((tool) => withInputSchema(tool, inputSchemas[tool.name]));
