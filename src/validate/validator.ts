/**
 * Where validate_component's work runs. A Netlify edge isolate gets 50 ms of CPU per request, and a
 * cold isolate's first validation costs more than that: sucrase's import and two parses before the
 * JIT has warmed up (docs/validate.md#cost). So the edge function sends the work to the site's
 * Netlify Function (netlify/functions/validate.mts), which runs the same code on Node, where no
 * per-request CPU bound applies, and keeps the delivered versions it has read. When the function
 * does not answer, the isolate validates itself: the same answer, at the old cost, and usage records
 * that it did. Apps built in one process (tests, scripts, the chatbot's function) validate in it.
 *
 * This module is on the tool's path: it imports the validator itself only on demand.
 */
import { urlOrigin } from "../http/index.ts";
import { lazy } from "../lazy.ts";
import { type Delivered, functionRequest, unchanged, type Validation } from "./validation.ts";

export type { Delivered, Validation } from "./validation.ts";

/**
 * A validation, and where the edit was parsed: in the site's validate function, or in the process that
 * serves the call (`isolate`); neither when the delivered bytes came back unchanged.
 */
export interface Validated {
  validation: Validation;
  by?: "function" | "isolate";
}

/** The edited code against the version it came from; `requestUrl` is the MCP request's, naming the site. */
export type Validator = (base: Delivered, edited: string, requestUrl: string) => Promise<Validated>;

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
export const inProcess: Validator = async (base, edited) => {
  const same = unchanged(base, edited);
  if (same) return { validation: same };
  return { validation: (await local.get()).validateComponent(base, edited), by: "isolate" };
};

export interface FunctionOptions {
  /**
   * The origins the edit may be sent to: the site's own (src/http/origin.ts, `ownedBy`). A request
   * that names another origin is validated in the isolate: the edit never leaves for a host the site
   * does not own, whatever a proxy's headers made of the request URL.
   */
  sendsTo: (origin: string) => boolean;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Where a fallback is said; the log by default. */
  warn?: (line: string) => void;
}

/** Validates in the site's validate function, in process when it does not answer with a validation. */
export function viaFunction(opts: FunctionOptions): Validator {
  const warn = opts.warn ?? ((line: string) => console.warn(line));
  return async (base, edited, requestUrl) => {
    const same = unchanged(base, edited);
    if (same) return { validation: same };
    const origin = urlOrigin(requestUrl);
    const why = opts.sendsTo(origin) ? await ask(origin, base, edited, opts) : `${origin} is not the site's`;
    if (typeof why !== "string") return { validation: why, by: "function" };
    warn(`[mcp] validate function did not answer (${why}): validating in the isolate`);
    return inProcess(base, edited, requestUrl);
  };
}

/** The function's validation of the edit, or why there is none. */
async function ask(origin: string, base: Delivered, edited: string, opts: FunctionOptions) {
  try {
    const res = await (opts.fetch ?? fetch)(`${origin}${VALIDATE_FUNCTION_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(functionRequest(base, edited)),
      // A redirect is not the function: its answer is not taken, and the edit is not sent on.
      redirect: "manual",
      signal: AbortSignal.timeout(opts.timeoutMs ?? FUNCTION_TIMEOUT_MS),
    });
    if (!res.ok) {
      await res.body?.cancel();
      return `HTTP ${res.status}`;
    }
    return asValidation(await res.json(), base) ?? "its answer is not a validation of this version";
  } catch (e) {
    return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  }
}

/** The answer as the tool returns it, when it has the shape and names the version asked about. */
function asValidation(v: unknown, base: Delivered): Validation | undefined {
  if (typeof v !== "object" || v === null) return undefined;
  const { ok, findings, base: ref, omitted } = v as Partial<Validation>;
  if (typeof ok !== "boolean" || !Array.isArray(findings)) return undefined;
  if (ref?.version_id !== base.versionId || ref?.sha256 !== base.sha256) return undefined;
  const validation: Validation = { ok, findings, base: { version_id: ref.version_id, sha256: ref.sha256 } };
  return typeof omitted === "number" ? { ...validation, omitted } : validation;
}
