/**
 * fast-check generators of requests to the shadcn registry at /r/*, and the invariants every answer
 * must hold: a status from docs/registry.md (never a 5xx), JSON with `error` and a `message` on
 * failure, a bounded size, no stack trace, author e-mail or caller IP.
 */
import fc from "fast-check";
import { catalogData, fixtures } from "../../helpers/app.ts";
import { AUTHOR_EMAILS, STACK } from "./check.ts";
import { hostile, versionArb } from "./arbitraries.ts";

/** Statuses the registry may answer with for anything a client sends. */
export const REGISTRY_STATUS = new Set([200, 204, 400, 404, 405]);
/** The largest item (the ~30 KB fixture, pretty-printed and escaped) stays well under this. */
const BOUND = 256 * 1024;

export interface RegistrySent {
  method: string;
  /** Path and query, as sent (the host is the caller's). */
  target: string;
}

const segments = (catalogData as { slug: string }[]).map((e) => e.slug.slice(e.slug.lastIndexOf("/") + 1));
const named = fixtures.map((f) => f.entry.slug.slice(f.entry.slug.lastIndexOf("/") + 1));
const raw = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom(...hostile),
);
/** Percent-encoded; a lone surrogate (no UTF-8 form) becomes the bytes a client would send for one. */
const encode = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return "%ED%A0%80";
  }
};
/** A name: a component's, any catalog segment, a numbered form, or anything at all, percent-encoded or not. */
const nameArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...named) },
  { weight: 2, arbitrary: fc.constantFrom(...segments, "onboarding-82", "checkout-279", "registry") },
  { weight: 2, arbitrary: raw.map(encode) },
  raw,
  fc.constantFrom("%2e%2e", "..%2F..", "a%2Fb", "%00", "x".repeat(5000), "date-picker.json", "date-picker/v1"),
);
const value = fc.oneof(
  versionArb,
  raw,
  fc.constantFrom("", "shadcn", "patttterns", "0", "-1", "1e9", "v".repeat(5000)),
);
const param = fc.tuple(
  fc.constantFrom("version", "theme", "q", "limit", "offset", "type", "version_id", "__proto__", "x"),
  value,
);
const query = fc
  .array(param, { maxLength: 4 })
  .map((ps) => (ps.length ? `?${ps.map(([k, v]) => `${k}=${encode(v)}`).join("&")}` : ""));
const pathArb = fc.oneof(
  { weight: 6, arbitrary: nameArb.map((n) => `/r/${n}.json`) },
  { weight: 2, arbitrary: fc.constant("/r/registry.json") },
  fc.tuple(nameArb, nameArb).map(([a, b]) => `/r/${a}/${b}.json`),
  nameArb.map((n) => `/r/${n}`),
  fc.constantFrom("/r/", "/r/.json", "/r/registry.json/", "/r//date-picker.json"),
);

export const registryRequestArb: fc.Arbitrary<RegistrySent> = fc.record({
  method: fc.oneof(
    { weight: 8, arbitrary: fc.constant("GET") },
    fc.constantFrom("HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH", "PROPFIND"),
  ),
  target: fc.tuple(pathArb, query).map(([p, q]) => p + q),
});

/**
 * The request, or undefined when no client could send it to the registry: the URL parser refuses the
 * target, or resolves its dot segments out of /r/ (`/r/../x.json` is `/x.json`, another route).
 */
export function toRegistryRequest(s: RegistrySent, origin: string): Request | undefined {
  let req: Request;
  try {
    req = new Request(`${origin}${s.target}`, { method: s.method });
  } catch {
    return undefined;
  }
  return new URL(req.url).pathname.startsWith("/r/") ? req : undefined;
}

const fail = (why: string, text: string): never => {
  throw new Error(`${why}; body starts: ${JSON.stringify(text.slice(0, 300))}`);
};

/** Reads and checks one registry response; `ip` must never be echoed. */
export async function checkRegistryResponse(res: Response, method: string, ip?: string) {
  const text = await res.text();
  const status = res.status;
  if (!REGISTRY_STATUS.has(status)) fail(`status ${status} is not one the registry answers with`, text);
  if (res.headers.get("access-control-allow-origin") !== "*") fail("every answer is readable from any origin", text);
  if (STACK.test(text)) fail("the body carries a stack trace", text);
  for (const email of AUTHOR_EMAILS) if (text.includes(email)) fail(`the body leaks the author e-mail ${email}`, text);
  if (ip && text.includes(ip)) fail(`the body echoes the caller IP ${ip}`, text);
  if (text.length > BOUND) fail(`${text.length} characters exceed ${BOUND}`, text);
  if (status === 204 || method === "HEAD") {
    if (text !== "") fail(`${method} ${status} has a body`, text);
    return { status, bytes: 0 };
  }
  if (!res.headers.get("content-type")?.startsWith("application/json")) fail("the body is not JSON", text);
  const body = JSON.parse(text);
  if (status === 200 && typeof body.$schema !== "string") fail("a 200 is a registry document", text);
  if (status !== 200 && (typeof body.error !== "string" || typeof body.message !== "string" || !body.message))
    fail("an error carries `error` and a `message` that says what to try", text);
  if (status === 405 && res.headers.get("allow") !== "GET, HEAD, OPTIONS") fail("405 names what is allowed", text);
  return { status, bytes: text.length };
}
