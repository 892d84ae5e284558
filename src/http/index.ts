/**
 * Web-standard HTTP helpers that more than the MCP protocol uses (the protocol's transport, the
 * chatbot function, the local server's guard): this file is their whole public surface, and
 * nothing outside src/http/ imports the files behind it.
 * - `isJsonContentType`, `readBounded`: the request body's type, and a read that never buffers past a cap;
 * - `createOriginPolicy`, `loopbackHost`: which browser origins and Host headers are allowed (DNS rebinding);
 * - `corsHeaders`, `preflightHeaders`: CORS for allowed origins, errors included;
 * - `urlHostname`, `urlOrigin`, `urlPathname`: parts of a `Request.url` without a URL parse.
 * It imports nothing outside itself.
 */
export { isJsonContentType, readBounded } from "./body.ts";
export { jsonError, readJsonBody } from "./json.ts";
export {
  corsHeaders,
  createOriginPolicy,
  loopbackHost,
  type OriginPolicy,
  ownedBy,
  preflightHeaders,
} from "./origin.ts";
export { urlHostname, urlOrigin, urlPathname } from "./url.ts";
