/**
 * Node 20 shim for the conformance CLI, registered with `node --import` (docs/protocol.md, Conformance).
 * @modelcontextprotocol/conformance imports `globSync` from "fs", which Node ships only from 22,
 * so on Node 20 the CLI dies at start. This file is both the preload and the loader hook: it
 * redirects `import … from "fs"` to a facade that re-exports node:fs plus a small globSync
 * (the CLI globs `**∕checks.json` under a results directory; `*`, `?` and `**` are supported).
 */
import fs from "node:fs";
import { register } from "node:module";

const facade = `
import fs from "node:fs";
import { sep } from "node:path";
export * from "node:fs";
export default fs;
const special = /[.+^$|()[\\]{}\\\\]/g;
const segment = (s) => s === "**" ? "(?:[^/]+/)*" : s.replace(special, "\\\\$&").replace(/\\*/g, "[^/]*").replace(/\\?/g, "[^/]") + "/";
export function globSync(pattern, options = {}) {
  const re = new RegExp("^" + pattern.split("/").map(segment).join("").replace(/\\/$/, "") + "$");
  const files = fs.readdirSync(options.cwd ?? process.cwd(), { recursive: true });
  return files.map((p) => String(p).split(sep).join("/")).filter((p) => re.test(p));
}
`;
const FACADE = `data:text/javascript,${encodeURIComponent(facade)}`;

/** Loader hook: every importer but the facade itself gets the facade for "fs". */
export async function resolve(specifier, context, next) {
  if ((specifier === "fs" || specifier === "node:fs") && !context.parentURL?.startsWith("data:")) {
    return { url: FACADE, shortCircuit: true };
  }
  return next(specifier, context);
}

// As a preload: register this same file as the hook, only where fs lacks globSync (Node < 22).
if (typeof fs.globSync !== "function" && !import.meta.url.endsWith("#hook")) register(`${import.meta.url}#hook`);
