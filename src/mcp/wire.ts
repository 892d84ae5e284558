/**
 * The one serializer of the wire: a JSON-RPC message (or batch) as the string its response carries,
 * `JSON.stringify` and then one ASCII step. Two measured choices keep responses cheap on both runtimes:
 * - Bodies are strings, not bytes: on Deno a fresh Uint8Array body per response costs ~5x the CPU
 *   of a string body (145 vs 25 µs for 20 KB: an external backing store per response and the GC
 *   work it brings).
 * - Wire JSON is ASCII: non-ASCII code units are written as `\uXXXX` escapes, the same value to any
 *   JSON parser. One "…" makes V8 store a whole response as UTF-16, which the runtime transcodes while
 *   writing it. Text blocks keep their characters: the escapes exist only in the JSON-RPC envelope,
 *   and decoding gives back the exact text.
 *
 * A result whose wire JSON is built ahead may be a `Prebuilt`, spliced into each message that carries
 * it. Three are, each where the bench shows it pays: a deployment's tool list (list-tools.ts), the
 * app's result for a stored component version (both built once, by the same two steps), and a search
 * page joined from its hits' wire JSON, each built once.
 */

/**
 * Wire JSON built ahead, and the value it stands for: given, or read back from the JSON the first time
 * it is asked for (a Prebuilt serialized inside a batch, say). Neither changes afterwards.
 */
export class Prebuilt<T = unknown> {
  #value: T | undefined;

  constructor(
    readonly json: string,
    value?: T,
  ) {
    this.#value = value;
  }

  get value(): T {
    this.#value ??= JSON.parse(this.json) as T;
    return this.#value;
  }

  /** Serialized as a plain value where it is not spliced: the same JSON. */
  toJSON(): T {
    return this.value;
  }
}

const NON_ASCII = /[\u0080-\uffff]/;
const NON_ASCII_ALL = /[\u0080-\uffff]/g;
const escapeUnit = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** `json` with every non-ASCII code unit escaped; JSON.stringify already escapes lone surrogates. */
export const asciiJson = (json: string): string =>
  NON_ASCII.test(json) ? json.replace(NON_ASCII_ALL, escapeUnit) : json;

const utf8 = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Wire JSON kept and written many times, one byte per character. V8 returns the escaped copy of a
 * UTF-16 string in UTF-16, ASCII or not, and each write of it transcodes it again; decoding its UTF-8
 * bytes gives the same characters one byte each, once. For a kept string that pays (a tools/list
 * call: 18 µs of CPU instead of 30 on Deno, 62 instead of 81 on Node); for a message written once it
 * costs more than it saves, so `wireJson` does not.
 */
const kept = (json: string): string => {
  const ascii = asciiJson(json);
  return ascii === json ? json : decoder.decode(utf8.encode(ascii));
};

/** `value` with its wire JSON built now, once, for every response that carries it. */
export const prebuilt = <T>(value: T): Prebuilt<T> => new Prebuilt(kept(JSON.stringify(value)), value);

/** `text` as it stands on the wire between the quotes of a JSON string, kept: for parts of a Prebuilt. */
export const wireString = (text: string): string => kept(JSON.stringify(text)).slice(1, -1);

/**
 * The wire JSON of a JSON-RPC message (or batch): ASCII, and `JSON.parse` of it deep-equals the
 * message with its prebuilt values read as their `value`. A success whose result is a Prebuilt is
 * joined from that result's JSON. Being ASCII, its length is its size in bytes.
 */
export function wireJson(message: unknown): string {
  const result = (message as { result?: unknown } | null)?.result;
  if (!(result instanceof Prebuilt)) return asciiJson(JSON.stringify(message));
  // Concatenated, not joined: the wire stays a rope, copied once when the response is written. Only a
  // string id can bring non-ASCII into the envelope.
  const id = (message as { id: unknown }).id;
  const idJson = typeof id === "string" ? asciiJson(JSON.stringify(id)) : JSON.stringify(id);
  return `{"jsonrpc":"2.0","id":${idJson},"result":${result.json}}`;
}
