/**
 * `defineTool`: a tool of this server, its arguments typed from its zod schema and its `ctx.deps`
 * the app's dependencies. A tool is one file that default-exports `defineTool({...})`: name,
 * description, zod `input`, annotations and `run`; src/tools/index.ts lists it.
 */
// Tool inputs are zod/mini schemas: their validation messages (the core's invalid_args) read in English.
import "../zod-english.ts";
import type { Deps } from "../deps.ts";
import type { InputSchema, Tool } from "../mcp/tool.ts";

export const defineTool = <S extends InputSchema>(t: Tool<Deps, S>): Tool<Deps, S> => t;
