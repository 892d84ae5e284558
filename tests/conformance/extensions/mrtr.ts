/**
 * Multi Round-Trip Requests (2026-07-28, SEP-2322): instead of sending the client a request, a
 * tool or prompt answers `resultType: "input_required"` with `inputRequests`; the client retries
 * the same call with `inputResponses` and the echoed `requestState`. Stateless by design: the
 * state travels with the client, so it is sealed with HMAC-SHA256 and a tampered one is refused.
 *
 * A tool asks with `needInput(...)` and reads the answers with `mrtr.input(ctx)`; the extension
 * reads them before the tool runs and renders the question after.
 */
import type { RequestContext } from "../../../src/mcp/context.ts";
import type { Extension, Handled } from "../../../src/mcp/extension.ts";
import { CODES, isObject, type Params, type RpcResult, RpcError } from "../../../src/mcp/jsonrpc.ts";

/** One server-to-client request embedded in a result: elicitation/create, sampling/createMessage, roots/list. */
export interface InputRequest {
  method: string;
  params: Record<string, unknown>;
}

/** The client's answers on a retry, as a tool or prompt sees them. */
export interface Input {
  responses: Record<string, Record<string, unknown>>;
  /** The verified state of the previous round, if there was one. */
  state?: unknown;
}

/** Thrown by `needInput`: the call ends, and the extension answers with the question instead. */
class InputNeeded extends Error {
  constructor(
    readonly requests: Record<string, InputRequest>,
    /** Any JSON value; sealed before it leaves, verified when it comes back. */
    readonly state?: unknown,
  ) {
    super("input required");
  }
}

/** Ask the client for input (elicitation, sampling, roots) and to call again with the answers. */
export function needInput(requests: Record<string, InputRequest>, state?: unknown): never {
  throw new InputNeeded(requests, state);
}

const enc = new TextEncoder();
const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const unb64url = (s: string) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

/** Seals and opens requestState. `secret` must be shared by every isolate that may serve the retry. */
export function stateSealer(secret?: string) {
  const key = (async () => {
    // Without a configured secret the key lives as long as this server instance (fine for one process).
    const raw = secret ? enc.encode(secret) : crypto.getRandomValues(new Uint8Array(32));
    return crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
  })();
  return {
    async seal(state: unknown): Promise<string> {
      const body = b64url(enc.encode(JSON.stringify(state)));
      const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await key, enc.encode(body)));
      return `${body}.${b64url(mac)}`;
    },
    async open(token: unknown): Promise<unknown> {
      const why = "Invalid params: requestState failed its integrity check; start the call again without it";
      const bad = () => new RpcError(CODES.invalidParams, why);
      if (typeof token !== "string") throw bad();
      const [body, mac, extra] = token.split(".");
      if (!body || !mac || extra !== undefined) throw bad();
      try {
        if (!(await crypto.subtle.verify("HMAC", await key, unb64url(mac), enc.encode(body)))) throw bad();
        return JSON.parse(new TextDecoder().decode(unb64url(body)));
      } catch {
        throw bad();
      }
    },
  };
}

export type StateSealer = ReturnType<typeof stateSealer>;

/** Reads `inputResponses` / `requestState` from call params; malformed responses are -32602. */
export async function readInput(params: Params, sealer: StateSealer): Promise<Input> {
  const raw = params.inputResponses;
  if (raw !== undefined && (!isObject(raw) || !Object.values(raw).every(isObject))) {
    const why = "Invalid params: inputResponses must map each request key to a result object";
    throw new RpcError(CODES.invalidParams, why);
  }
  const input: Input = { responses: (raw ?? {}) as Input["responses"] };
  if (params.requestState !== undefined) input.state = await sealer.open(params.requestState);
  return input;
}

export interface Mrtr<D> extends Extension<D> {
  /** The client's answers to an earlier `needInput` (none on a first call). */
  input(ctx: RequestContext): Input;
  /**
   * Runs `next` with the request's input read; when it asked for input, answers with the question
   * instead (2026-07-28), or with `legacy()` for a client that cannot answer one.
   */
  around(ctx: RequestContext, next: () => Promise<Handled>, legacy: () => RpcResult): Promise<Handled>;
}

const NO_INPUT: Input = { responses: {} };
/** Legacy clients cannot answer input requests: a tool gets an error result instead. */
const LEGACY_TOOL_RESULT = {
  content: [
    {
      type: "text",
      text: "This call needs input from the client (elicitation, sampling or roots), which requires MCP 2026-07-28.",
    },
  ],
  isError: true,
};

/** The extension; `secret` (HMAC for requestState) is needed when several isolates may serve one retry chain. */
export function mrtr<D>(opts: { secret?: string } = {}): Mrtr<D> {
  const sealer = stateSealer(opts.secret);
  const inputs = new WeakMap<RequestContext, Input>();
  const around: Mrtr<D>["around"] = async (ctx, next, legacy) => {
    inputs.set(ctx, await readInput(ctx.params, sealer));
    try {
      return await next();
    } catch (e) {
      if (!(e instanceof InputNeeded)) throw e;
      const result = ctx.era === "modern" ? await question(e, sealer) : legacy();
      return { result, status: "input_required" };
    }
  };
  return {
    input: (ctx) => inputs.get(ctx) ?? NO_INPUT,
    around,
    aroundTool: (ctx, next) => around(ctx, next, () => LEGACY_TOOL_RESULT),
  };
}

/** The input_required result (the envelope adds nothing but serverInfo: `resultType` is its own). */
async function question(need: InputNeeded, sealer: StateSealer): Promise<RpcResult> {
  const out: Record<string, unknown> = { resultType: "input_required", inputRequests: need.requests };
  if (need.state !== undefined) out.requestState = await sealer.seal(need.state);
  return out;
}
