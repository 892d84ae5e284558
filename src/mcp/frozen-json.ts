/**
 * The wire JSON of responses, and JSON for results that never change once built (the tool list,
 * a component version's rendered payload): serialized once, then reused for every response.
 *
 * Opt-in by freezing: only an object that is `Object.isFrozen` is cached, keyed by the object
 * itself. Freezing is shallow; whoever freezes a value promises that nothing inside it changes
 * either (it is built from immutable inputs: a deploy's tool list, a stored version's bytes).
 * A value built per response from cached pieces (a search page) declares its wire JSON instead
 * (`withWire`), and the frozen objects around it are joined from it rather than serialized again.
 *
 * Two measured choices keep responses cheap on both runtimes:
 * - Bodies are strings, not bytes: on Deno a fresh Uint8Array body per response costs ~5x the CPU
 *   of a string body (145 vs 25 µs for 20 KB: an external backing store per response and the GC
 *   work it brings), while a string joined from cached JSON is written natively.
 * - Wire JSON is ASCII: non-ASCII code units are written as `\uXXXX` escapes, the same value to any
 *   JSON parser. One "…" makes V8 store a whole response as UTF-16, which Node transcodes while
 *   writing it (tools/list: 120 µs per request instead of 63). Text blocks keep their characters:
 *   the escapes exist only in the JSON-RPC envelope, and decoding gives back the exact text.
 */

const texts = new WeakMap<object, string>();
const wires = new WeakMap<object, string>();

const frozen = (v: unknown): v is object => typeof v === "object" && v !== null && Object.isFrozen(v);

const NON_ASCII = /[\u0080-\uffff]/;
const NON_ASCII_ALL = /[\u0080-\uffff]/g;
const escape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** `json` with every non-ASCII code unit escaped; JSON.stringify already escapes lone surrogates. */
export const asciiJson = (json: string): string => (NON_ASCII.test(json) ? json.replace(NON_ASCII_ALL, escape) : json);

const utf8 = new TextEncoder();
const decoder = new TextDecoder();

/**
 * `asciiJson` for JSON that is kept and written many times (cached results, search pieces). Node 20's
 * V8 returns the escaped copy of a UTF-16 string in UTF-16, ASCII or not, and Node transcodes UTF-16
 * on every write; decoding its UTF-8 bytes gives the same characters in a one-byte string, once.
 */
export const keptAsciiJson = (json: string): string => {
  const ascii = asciiJson(json);
  return ascii === json ? json : decoder.decode(utf8.encode(ascii));
};

/** `JSON.stringify(value)`, computed once per frozen object. */
export function jsonOf(value: unknown): string {
  if (!frozen(value)) return JSON.stringify(value);
  let text = texts.get(value);
  if (text === undefined) texts.set(value, (text = JSON.stringify(value)));
  return text;
}

/** Wire JSON declared by whoever built the value (withWire); a symbol key, so JSON never sees it. */
const WIRE = Symbol("wire");
const declared = (v: object): string | undefined => (v as { [WIRE]?: string })[WIRE];

function wireOf(value: object): string {
  const own = declared(value);
  if (own !== undefined) return own;
  let wire = wires.get(value);
  if (wire === undefined) {
    // A joined wire is not kept: what holds a declared one is built per response.
    const join = joined(value);
    if (join !== undefined) return join;
    wires.set(value, (wire = keptAsciiJson(jsonOf(value))));
  }
  return wire;
}

/**
 * Declares the wire JSON of `value`, built by the caller from pieces it escaped once (a search page
 * joined from each hit's cached, escaped summary), and freezes `value`. The caller promises
 * `wire === asciiJson(JSON.stringify(value))`; tests/tools/search-json.test.ts holds searchPage to it.
 * Kept on the value itself (a non-enumerable symbol property), not in a WeakMap: these values live
 * for one response, and a WeakMap entry per response was measurable garbage-collector work.
 */
export function withWire<T extends object>(value: T, wire: string): T {
  // Non-enumerable: JSON, spreads and deep-equality checks see the value exactly as it was.
  Object.defineProperty(value, WIRE, { value: wire });
  return Object.freeze(value);
}

/**
 * The wire JSON of a frozen plain object holding a value with declared wire JSON (`{ content }`
 * around a search page, the 2026 envelope around that), joined from its members instead of
 * serializing the page again; undefined for anything else.
 */
function joined(value: object): string | undefined {
  if (Object.getPrototypeOf(value) !== Object.prototype || typeof (value as { toJSON?: unknown }).toJSON === "function") return undefined;
  const entries = Object.entries(value);
  if (!entries.some(([, v]) => frozen(v) && declared(v) !== undefined)) return undefined;
  // Concatenated, not joined: the wire stays a rope, copied once when the response is written.
  let wire = "";
  for (const [k, v] of entries) {
    const json = frozen(v) ? wireOf(v) : JSON.stringify(v);
    if (json !== undefined) wire += `${wire === "" ? "{" : ","}${asciiJson(JSON.stringify(k))}:${frozen(v) ? json : asciiJson(json)}`;
  }
  return wire === "" ? "{}" : `${wire}}`;
}

/** The one success shape whose result is reused: `{ jsonrpc, id, result }` with a frozen result. */
function frozenSuccess(message: unknown): { id: string | number; result: object } | undefined {
  const m = message as { jsonrpc?: unknown; id?: unknown; result?: unknown };
  if (typeof m !== "object" || m === null) return undefined;
  const keys = Object.keys(m);
  if (keys.length !== 3 || keys[0] !== "jsonrpc" || keys[1] !== "id" || keys[2] !== "result" || m.jsonrpc !== "2.0") return undefined;
  if (!frozen(m.result) || !(typeof m.id === "string" || Number.isFinite(m.id))) return undefined;
  return { id: m.id as string | number, result: m.result };
}

/**
 * The wire JSON of a JSON-RPC message (or batch): ASCII, and `JSON.parse` of it deep-equals the
 * message. A success whose `result` is frozen is joined from that result's cached JSON. Being
 * ASCII, its length is its size in bytes.
 */
export function messageJson(message: unknown): string {
  const s = frozenSuccess(message);
  return s ? `${asciiJson(`{"jsonrpc":"2.0","id":${JSON.stringify(s.id)},"result":`)}${wireOf(s.result)}}` : asciiJson(JSON.stringify(message));
}
