import { type ParseArgsConfig, parseArgs } from "node:util";

/** `parseArgs(config)`, or `fail` with its message: each script says its usage its own way. */
export function parseArgsOr<T extends ParseArgsConfig>(config: T, fail: (why: string) => never) {
  try {
    return parseArgs(config);
  } catch (e) {
    return fail(e instanceof Error ? e.message : String(e));
  }
}
