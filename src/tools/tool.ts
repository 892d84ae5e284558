/** A tool of this server: the core's `Tool`, bound to the app's dependencies so arguments are typed from the schema. */
import type { Deps } from "../deps.ts";
import type { InputSchema, Tool } from "../mcp/tool.ts";

export const tool = <S extends InputSchema>(t: Tool<Deps, S>): Tool<Deps, S> => t;
