/**
 * The one serializer of the wire: JSON-RPC messages as strings, and `Prebuilt` values, whose JSON was
 * built once ahead of the response (a deploy's tool list, a stored version's rendered payload, a
 * search page joined from cached pieces) and is spliced into every message that carries them.
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

/**
 * A value and its wire JSON, built once. `json` is what serializing `value` writes
 * (`asciiJson(JSON.stringify(value))`); whoever builds one from pieces promises that, and
 * tests/unit/tools/search-json.test.ts holds the search page to it. `value` must not change afterwards.
 */
export class Prebuilt<T = unknown> {
  constructor(
    readonly value: T,
    readonly json: string,
  ) {}

  /** Serialized as a plain value where it is not spliced (inside a batch, say): the same JSON. */
  toJSON(): T {
    return this.value;
  }
}

/** `value` with its JSON serialized now, once, for every response that carries it. */
export const prebuilt = <T>(value: T): Prebuilt<T> => new Prebuilt(value, keptAsciiJson(JSON.stringify(value)));

const NON_ASCII = /[\u0080-\uffff]/;
const NON_ASCII_ALL = /[\u0080-\uffff]/g;
const escapeUnit = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** `json` with every non-ASCII code unit escaped; JSON.stringify already escapes lone surrogates. */
export const asciiJson = (json: string): string =>
  NON_ASCII.test(json) ? json.replace(NON_ASCII_ALL, escapeUnit) : json;

const utf8 = new TextEncoder();
const decoder = new TextDecoder();

/**
 * `asciiJson` for JSON that is kept and written many times (prebuilt values, search pieces). Node
 * 20's V8 returns the escaped copy of a UTF-16 string in UTF-16, ASCII or not, and Node transcodes
 * UTF-16 on every write; decoding its UTF-8 bytes gives the same characters in a one-byte string, once.
 */
export const keptAsciiJson = (json: string): string => {
  const ascii = asciiJson(json);
  return ascii === json ? json : decoder.decode(utf8.encode(ascii));
};

/** `text` as it stands between the quotes of a JSON string on the wire: `"` and `\` escaped, non-ASCII as `\uXXXX`. */
export const escapeString = (text: string): string => keptAsciiJson(JSON.stringify(text)).slice(1, -1);

/**
 * The wire JSON of a JSON-RPC message (or batch): ASCII, and `JSON.parse` of it deep-equals the
 * message with its prebuilt values read as their `value`. A success built by jsonrpc.ts `result()`
 * around a Prebuilt result is joined from that result's JSON. Being ASCII, its length is its size in bytes.
 */
export function messageJson(message: unknown): string {
  const result = (message as { result?: unknown } | null)?.result;
  if (!(result instanceof Prebuilt)) return asciiJson(JSON.stringify(message));
  // Concatenated, not joined: the wire stays a rope, copied once when the response is written.
  const id = JSON.stringify((message as { id: unknown }).id);
  return `${asciiJson(`{"jsonrpc":"2.0","id":${id},"result":`)}${result.json}}`;
}
