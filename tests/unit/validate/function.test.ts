/**
 * The validate function's request and answer (src/validate/function.ts), called as Netlify calls the
 * function's default export: a validation of a well-formed request, a clear refusal of anything else,
 * and no reading kept under a fingerprint its code does not have.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import validateFunction from "../../../netlify/functions/validate.mts";
import { FUNCTION_MAX_BODY_BYTES } from "../../../src/validate/function.ts";
import { CODE_MAX_BYTES } from "../../../src/validate/validation.ts";
import { validateComponent } from "../../../src/validate/validate.ts";
import { VALIDATE_FUNCTION_PATH } from "../../../src/validate/validator.ts";
import { fixtures } from "../../helpers/app.ts";

const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
const stored = fixtures.find((f) => f.name === "date-picker")!.code.find((c) => c.versionId === "v1")!;
const delivered = decoder.decode(stored.bytes);
const digest = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const sha256 = digest(stored.bytes);
const edited = delivered.replace('className="', 'className="bg-blue-600 ');
const base = { code: delivered, version_id: "v1", sha256 };

const request = (body: unknown, init: RequestInit = {}) =>
  new Request(`http://127.0.0.1:8888${VALIDATE_FUNCTION_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body),
    ...init,
  });

describe("the validate function", () => {
  it("answers a request with the validation the tool returns", async () => {
    const res = await validateFunction(request({ base, code: edited }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const got = await res.json();
    expect(got).toEqual(validateComponent({ code: delivered, versionId: "v1", sha256 }, edited));
    expect(got.findings).toEqual([expect.objectContaining({ rule: "hardcoded_color", severity: "error" })]);
  });

  it.each([
    ["GET", request(undefined, { method: "GET", body: undefined }), 405, "method_not_allowed"],
    ["not JSON content", request("{}", { headers: { "content-type": "text/plain" } }), 415, "unsupported_media_type"],
    ["not JSON", request("{base:"), 400, "invalid_json"],
    ["invalid UTF-8", request(new Uint8Array([0x7b, 0xff, 0x7d])), 400, "invalid_json"],
    ["no base", request({ code: edited }), 400, "invalid_request"],
    ["code not a string", request({ base, code: 42 }), 400, "invalid_request"],
    ["sha256 not hex", request({ base: { ...base, sha256: "v1" }, code: edited }), 400, "invalid_request"],
    ["over the bound", request("x".repeat(FUNCTION_MAX_BODY_BYTES + 1)), 413, "body_too_large"],
    ["an edit over the tool's bound", request({ base, code: "x".repeat(CODE_MAX_BYTES + 1) }), 413, "code_too_large"],
    [
      "a version id that is none",
      request({ base: { ...base, version_id: "v1/../x" }, code: edited }),
      400,
      "invalid_request",
    ],
  ])("%s: refused with its status and a JSON error", async (_, req, status, code) => {
    const res = await validateFunction(req);
    expect(res.status).toBe(status);
    expect((await res.json()).error).toEqual({ code, message: expect.any(String) });
    if (status === 405) expect(res.headers.get("allow")).toBe("POST");
  });

  it("a base whose code is not what its sha256 fingerprints: refused, and the real version's reading unspoiled", async () => {
    // A version no other case here reads, so its reading is not kept yet. Were the forged one kept under
    // its fingerprint (a component with a palette class already and no accessibility at all), later edits
    // of the real version would be compared with it, and this edit's palette class would go unreported.
    const seed = fixtures.find((f) => f.name === "date-picker")!.code.find((c) => c.versionId === "seed")!;
    const real = { code: decoder.decode(seed.bytes), version_id: "seed", sha256: digest(seed.bytes) };
    const edit = real.code.replace('className="', 'className="bg-blue-600 ');
    const forged = { ...real, code: 'export default function X() { return <div className="bg-blue-600" />; }\n' };
    const refused = await validateFunction(request({ base: forged, code: edit }));
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.code).toBe("sha256_mismatch");
    const answer = await (await validateFunction(request({ base: real, code: edit }))).json();
    expect(answer.findings).toEqual([expect.objectContaining({ rule: "hardcoded_color" })]);
  });
});
