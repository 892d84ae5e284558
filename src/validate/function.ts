/**
 * The validate function's request and answer (netlify/functions/validate.mts, on Node): POST
 * `{ base: { code, version_id, sha256 }, code }` as JSON, answered with the Validation the tool
 * returns. The edge function sends it (validator.ts, `viaFunction`). It reads no store and keeps
 * nothing but delivered versions' readings, by their sha256, which it checks against the code first:
 * a request cannot make it keep one version's reading under another's fingerprint. Anyone can call
 * it, as anyone can call validate_component: it holds both texts to the tool's bound.
 */
import * as z from "zod/mini";
import { VERSION_ID } from "../components/model.ts";
import { hex } from "../hex.ts";
import { jsonError, readJsonBody } from "../http/index.ts";
import { validateComponent } from "./validate.ts";
import { CODE_MAX_BYTES, overCodeBound } from "./validation.ts";

/**
 * The edit and the delivered version, each within the tool's bound (256 KB of UTF-8), which JSON's
 * escapes can grow up to six times in the body; a little more for the rest.
 */
export const FUNCTION_MAX_BODY_BYTES = 13 * CODE_MAX_BYTES;

const Body = z.object({
  base: z.object({
    code: z.string(),
    version_id: z.string().check(z.regex(VERSION_ID)),
    sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  }),
  code: z.string(),
});

const utf8 = new TextEncoder();

export async function serveValidation(req: Request): Promise<Response> {
  if (req.method !== "POST") {
    const why = "Use POST with a JSON body { base: { code, version_id, sha256 }, code }.";
    return jsonError(405, "method_not_allowed", why, { Allow: "POST" });
  }
  const raw = await readJsonBody(req, FUNCTION_MAX_BODY_BYTES);
  if (raw instanceof Response) return raw;
  const body = Body.safeParse(raw);
  if (!body.success) {
    const why =
      "The body must be { base: { code, version_id, sha256 }, code }: strings, version_id a version id, sha256 in " +
      "lowercase hex.";
    return jsonError(400, "invalid_request", why);
  }
  const { base, code } = body.data;
  if (overCodeBound(base.code) || overCodeBound(code)) {
    const why = `base.code and code must each be at most ${CODE_MAX_BYTES} bytes of UTF-8.`;
    return jsonError(413, "code_too_large", why);
  }
  const digest = hex(await crypto.subtle.digest("SHA-256", utf8.encode(base.code)));
  if (digest !== base.sha256) {
    return jsonError(400, "sha256_mismatch", "base.sha256 is not the SHA-256 of base.code's UTF-8 bytes.");
  }
  return Response.json(validateComponent({ code: base.code, versionId: base.version_id, sha256: base.sha256 }, code));
}
