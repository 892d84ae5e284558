/**
 * JSON for results that never change once built (the tool list, a component version's rendered
 * payload): serialized and encoded once, then reused for every response that carries them.
 *
 * Opt-in by freezing: only an object that is `Object.isFrozen` is cached, keyed by the object
 * itself. Freezing is shallow; whoever freezes a value promises that nothing inside it changes
 * either (it is built from immutable inputs: a deploy's tool list, a stored version's bytes).
 */

const encoder = new TextEncoder();
const texts = new WeakMap<object, string>();
const encoded = new WeakMap<object, Uint8Array<ArrayBuffer>>();

const frozen = (v: unknown): v is object => typeof v === "object" && v !== null && Object.isFrozen(v);

/** `JSON.stringify(value)`, computed once per frozen object. */
export function jsonOf(value: unknown): string {
  if (!frozen(value)) return JSON.stringify(value);
  let text = texts.get(value);
  if (text === undefined) texts.set(value, (text = JSON.stringify(value)));
  return text;
}

function bytesOf(value: object): Uint8Array<ArrayBuffer> {
  let bytes = encoded.get(value);
  if (bytes === undefined) encoded.set(value, (bytes = encoder.encode(jsonOf(value))));
  return bytes;
}

/**
 * The UTF-8 JSON of a JSON-RPC message: exactly `encode(JSON.stringify(message))`. A success whose
 * `result` is frozen is assembled from that result's cached bytes instead of serialized again.
 */
export function messageBytes(message: unknown): Uint8Array<ArrayBuffer> {
  const m = message as { jsonrpc?: unknown; id?: unknown; result?: unknown };
  const keys = typeof m === "object" && m !== null ? Object.keys(m) : [];
  if (keys.length !== 3 || keys[0] !== "jsonrpc" || keys[1] !== "id" || keys[2] !== "result" || m.jsonrpc !== "2.0" || !frozen(m.result) || !(typeof m.id === "string" || Number.isFinite(m.id))) {
    return encoder.encode(JSON.stringify(message));
  }
  const head = encoder.encode(`{"jsonrpc":"2.0","id":${JSON.stringify(m.id)},"result":`);
  const body = bytesOf(m.result);
  const out = new Uint8Array(head.byteLength + body.byteLength + 1);
  out.set(head, 0);
  out.set(body, head.byteLength);
  out[out.byteLength - 1] = 0x7d; // "}"
  return out;
}
