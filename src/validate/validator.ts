/**
 * Where validate_component's work runs. A Netlify edge isolate gets 50 ms of CPU per request, and a
 * cold isolate's first validation costs more than that: sucrase's import and two parses before the
 * JIT has warmed up (docs/validate.md#cost). So the edge function sends the work to the site's
 * Netlify Function (netlify/functions/validate.mts), which runs the same code on Node, where no
 * per-request CPU bound applies, and keeps the delivered versions it has read. When the function
 * does not answer, the isolate validates itself: the same result, at the old cost. Apps built in one
 * process (tests, scripts, the chatbot's function) validate in it.
 *
 * This module is on the tool's path: it imports the validator itself only on demand.
 */
import { urlOrigin } from "../http/index.ts";
import { lazy } from "../lazy.ts";
import { type Delivered, unchanged, type Validation } from "./validation.ts";

export type { Delivered, Validation } from "./validation.ts";

/** The edited code against the version it came from; `requestUrl` is the MCP request's, naming the site. */
export type Validator = (base: Delivered, edited: string, requestUrl: string) => Promise<Validation>;

/** The path the site serves the validate function on (Netlify's default for netlify/functions/validate.mts). */
export const VALIDATE_FUNCTION_PATH = "/.netlify/functions/validate";

/**
 * How long the edge waits for the function. Waiting costs the isolate no CPU; a cold function instance
 * answers in about a second (its start, import and first parses), a warm one in a round trip and a few
 * milliseconds.
 */
export const FUNCTION_TIMEOUT_MS = 8_000;

// The validator and its parser (sucrase's, ~28 KB gzipped) load on the first validation in process only.
const local = lazy(() => import("./validate.ts"));

/** Validates in this process. */
export const inProcess: Validator = async (base, edited) => (await local.get()).validateComponent(base, edited);

export interface FunctionOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Where a fallback is said; the log by default. */
  warn?: (line: string) => void;
}

/** Validates in the site's validate function, in process when it does not answer with a validation. */
export function viaFunction(opts: FunctionOptions = {}): Validator {
  const warn = opts.warn ?? ((line: string) => console.warn(line));
  return async (base, edited, requestUrl) => {
    const same = unchanged(base, edited);
    if (same) return same;
    let why: string;
    try {
      const res = await (opts.fetch ?? fetch)(`${urlOrigin(requestUrl)}${VALIDATE_FUNCTION_PATH}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          base: { code: base.code, version_id: base.versionId, sha256: base.sha256 },
          code: edited,
        }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? FUNCTION_TIMEOUT_MS),
      });
      const got: unknown = res.ok ? await res.json().catch(() => undefined) : await res.body?.cancel();
      if (isValidation(got, base)) return got;
      why = res.ok ? "its answer is not a validation of this version" : `HTTP ${res.status}`;
    } catch (e) {
      why = e instanceof Error ? e.message : String(e);
    }
    warn(`[mcp] validate function did not answer (${why}): validating in the isolate`);
    return inProcess(base, edited, requestUrl);
  };
}

/** The shape the edge relies on, and the version it asked about: anything else is not taken. */
function isValidation(v: unknown, base: Delivered): v is Validation {
  if (typeof v !== "object" || v === null) return false;
  const { ok, findings, base: ref } = v as Partial<Validation>;
  return (
    typeof ok === "boolean" &&
    Array.isArray(findings) &&
    ref?.version_id === base.versionId &&
    ref?.sha256 === base.sha256
  );
}
