/**
 * `Mcp-Param-*` headers (2026-07-28, SH §Custom Headers): a tool argument annotated with
 * `x-mcp-header` is mirrored by the client into an `Mcp-Param-{header}` request header, which the
 * server checks against the body (docs/protocol.md, M2), as it checks Mcp-Method and Mcp-Name (era.ts).
 */
import { decodeHeaderValue } from "../../../src/mcp/era.ts";
import type { Extension } from "../../../src/mcp/extension.ts";
import { CODES, isObject, RpcError } from "../../../src/mcp/jsonrpc.ts";
import type { JsonSchema, ListedTool } from "../../../src/mcp/tool.ts";

/** A tool argument mirrored into an `Mcp-Param-{header}` request header. */
export interface ParamHeader {
  /** The chain of `properties` keys from the schema root. */
  path: string[];
  header: string;
}

const DECIMAL = /^[+-]?\d+(\.\d+)?$/;

/** The check on every 2026-07-28 tools/call; a tool's headers are read from its inputSchema once. */
export function paramHeaders<D>(): Extension<D> {
  const specs = new WeakMap<ListedTool<D>, ParamHeader[]>();
  return {
    checkTool(tool, ctx) {
      if (ctx.era !== "modern") return;
      let found = specs.get(tool);
      if (!found) specs.set(tool, (found = headerArguments(tool.inputSchema)));
      checkParamHeaders(found, ctx.params.arguments, ctx.headers);
    },
  };
}

/**
 * Arguments the tool mirrors into `Mcp-Param-*` headers: properties annotated with `x-mcp-header`
 * (set with `.check(z.meta({ "x-mcp-header": "Region" }))`, or `.meta(...)` in full zod), reachable
 * from the root through `properties` only, as SH §Custom Headers requires.
 */
export function headerArguments(inputSchema: JsonSchema): ParamHeader[] {
  const found: ParamHeader[] = [];
  const walk = (schema: unknown, path: string[]) => {
    if (!isObject(schema) || !isObject(schema.properties)) return;
    for (const [key, prop] of Object.entries(schema.properties)) {
      if (!isObject(prop)) continue;
      const header = prop["x-mcp-header"];
      if (typeof header === "string" && header !== "") found.push({ path: [...path, key], header });
      walk(prop, [...path, key]);
    }
  };
  walk(inputSchema, []);
  return found;
}

/**
 * docs/protocol.md, M2, for `Mcp-Param-*` (SH §Server Behavior for Custom Headers): an argument with a value needs
 * its header, decoded equal to the value (integers compared numerically); an absent or null
 * argument must come without one. Throws -32020 with HTTP 400.
 */
export function checkParamHeaders(specs: ParamHeader[], args: unknown, headers: Headers): void {
  for (const { path, header } of specs) {
    const name = `Mcp-Param-${header}`;
    const value = path.reduce<unknown>((v, k) => (isObject(v) ? v[k] : undefined), args);
    const raw = headers.get(name)?.trim() ?? null;
    const mismatch = (what: string) =>
      new RpcError(CODES.headerMismatch, `Header mismatch: ${name} ${what}`, undefined, 400);
    if (value === undefined || value === null) {
      if (raw !== null) throw mismatch("is present but the argument is not");
      continue;
    }
    if (raw === null) throw mismatch(`is required when arguments.${path.join(".")} is set`);
    const decoded = decodeHeaderValue(raw);
    if (decoded === null) throw mismatch("has invalid characters or invalid base64");
    // Integers compare as numbers ("42.0" is 42), written in decimal; strings and booleans exactly.
    const same =
      typeof value === "number" ? DECIMAL.test(decoded) && Number(decoded) === value : decoded === String(value);
    if (!same) throw mismatch(`differs from arguments.${path.join(".")}`);
  }
}
