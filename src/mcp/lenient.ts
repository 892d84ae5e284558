/**
 * Liberal in what a tool accepts, strict in what tools/list declares: hosts' function-calling
 * layers send `null` for an optional argument they were told to fill (strict structured outputs
 * make every property required and nullable), and models send `57` for a string "57" or "5" for
 * an integer 5. Declaring unions or nullable types would trip other hosts' schema converters, so
 * the declared schema stays simple and the arguments are read leniently here, before validation:
 * - a top-level argument that is `null` is not given (a required one then fails as missing);
 * - a finite number where the schema declares a string becomes its decimal text;
 * - a decimal string where it declares an integer or a number becomes that number;
 * - "true" / "false" where it declares a boolean become the boolean.
 * Nothing else changes, and the arguments object itself is never modified.
 */
import { isObject } from "./jsonrpc.ts";

const DECIMAL = /^\s*-?\d+(?:\.\d+)?\s*$/;

export function lenientArguments(args: unknown, inputSchema: Record<string, unknown>): unknown {
  if (!isObject(args) || !isObject(inputSchema.properties)) return args;
  const properties = inputSchema.properties;
  let out: Record<string, unknown> | undefined;
  const set = (key: string, value: unknown) => {
    out ??= { ...args };
    if (value === undefined) delete out[key];
    else out[key] = value;
  };
  for (const [key, value] of Object.entries(args)) {
    if (value === null) {
      set(key, undefined);
      continue;
    }
    const declared = Object.hasOwn(properties, key) && isObject(properties[key]) ? properties[key].type : undefined;
    if (declared === "string" && typeof value === "number" && Number.isFinite(value)) set(key, String(value));
    else if ((declared === "integer" || declared === "number") && typeof value === "string" && DECIMAL.test(value))
      set(key, Number(value));
    else if (declared === "boolean" && (value === "true" || value === "false")) set(key, value === "true");
  }
  return out ?? args;
}
