/** The site's functions' JSON requests and refusals (the chatbot proxy, the validate function). */
import { isJsonContentType, readBounded } from "./body.ts";

/** A refusal: `{ error: { code, message } }` with its HTTP status. */
export const jsonError = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  Response.json({ error: { code, message } }, { status, headers });

/**
 * The parsed JSON body of a request whose method and origin the caller has checked, or the refusal:
 * 415 without a JSON content type, 413 past `maxBytes` (never buffered past it), 400 for what is not
 * JSON. A JSON value is never a Response, so `instanceof Response` tells them apart.
 */
export async function readJsonBody(req: Request, maxBytes: number): Promise<unknown> {
  if (!isJsonContentType(req.headers.get("content-type"))) {
    return jsonError(415, "unsupported_media_type", "Content-Type must be application/json.");
  }
  const bytes = await readBounded(req, maxBytes);
  if (bytes === null) return jsonError(413, "body_too_large", `The body must be at most ${maxBytes} bytes.`);
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return jsonError(400, "invalid_json", "The body is not valid JSON.");
  }
}
