/** A tool of this server: the core's `Tool`, bound to the app's dependencies so arguments are typed from the schema. */
// Tool inputs are zod/mini schemas: their validation messages (the core's invalid_args) read in English.
import "../zod-english.ts";
import type { Deps } from "../deps.ts";
import type { InputSchema, Tool } from "../mcp/tool.ts";

export const tool = <S extends InputSchema>(t: Tool<Deps, S>): Tool<Deps, S> => t;
