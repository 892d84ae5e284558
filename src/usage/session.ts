/**
 * Session ids for the 2025 eras, self-contained and signed, so a stateless server can still say who
 * calls: a 2025 client names itself only in `initialize`, and sends the `Mcp-Session-Id` it was given
 * there on every later request. The id carries that name (the agent, as `agentHint` cleaned and
 * bounded it), so a later call is attributed without any state on the server.
 *
 *   <key id>.<agent, base64url of its UTF-8>.<HMAC-SHA-256 of "<key id>.<agent>", first 128 bits, base64url>
 *
 * Every character is base64url or a dot: visible ASCII, as the transport requires of a session id.
 * The key id is a fingerprint of the signing key, so an id signed with another key (another
 * deployment's, a rotated secret) is told apart from a forged one and ignored the same way. The
 * signature says only that this server minted the id: anyone may call `initialize` under any name,
 * so an id attributes calls no more strongly than the name the client gave, and never authorizes.
 */

const encoder = new TextEncoder();
const strict = new TextDecoder("utf-8", { fatal: true });

/** Derivation labels: the session key can never equal the client-hash keys derived from the same secret. */
const LABEL = "mcp-session-id/v1";
const KEY_ID_LABEL = "key-id";
/** 48 bits of fingerprint: enough to tell a handful of keys apart, too few to say anything about the key. */
const KEY_ID_BYTES = 6;
/** 128 bits: forging one is 2^128 guesses, and the id stays short. */
const SIG_BYTES = 16;
/** The agent is at most 120 characters, 480 bytes of UTF-8, 640 in base64url; more is not ours. */
export const SESSION_ID_MAX_CHARS = 8 + 1 + 640 + 1 + 22;
const SHAPE = /^([A-Za-z0-9_-]{8})\.([A-Za-z0-9_-]{1,640})\.([A-Za-z0-9_-]{22})$/;

export interface SessionKey {
  /** The key's fingerprint, the id's first part. */
  readonly id: string;
  readonly key: CryptoKey;
}

const HMAC = { name: "HMAC", hash: "SHA-256" } as const;
const sign = async (key: CryptoKey, text: string) =>
  new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(text)));

/** The session key of a secret (the usage secret, hash.ts): HMAC(secret, label), imported once. */
export async function sessionKey(secret: Uint8Array): Promise<SessionKey> {
  const base = await crypto.subtle.importKey("raw", secret as BufferSource, HMAC, false, ["sign"]);
  const raw = await sign(base, LABEL);
  const key = await crypto.subtle.importKey("raw", raw, HMAC, false, ["sign"]);
  return { id: base64url((await sign(key, KEY_ID_LABEL)).slice(0, KEY_ID_BYTES)), key };
}

/** The session id that carries `agent` (already cleaned and bounded by `agentHint`). */
export async function mintSessionId(k: SessionKey, agent: string): Promise<string> {
  const signed = `${k.id}.${base64url(encoder.encode(agent))}`;
  return `${signed}.${base64url((await sign(k.key, signed)).slice(0, SIG_BYTES))}`;
}

/**
 * The agent a session id carries when this key signed it; undefined for anything else (absent,
 * oversize, malformed, another key's, tampered), without telling which: such an id is ignored.
 */
export async function readSessionId(k: SessionKey, id: string | null | undefined): Promise<string | undefined> {
  if (!id || id.length > SESSION_ID_MAX_CHARS) return undefined;
  const m = SHAPE.exec(id);
  if (!m || m[1] !== k.id) return undefined;
  const given = fromBase64url(m[3]);
  const payload = fromBase64url(m[2]);
  if (!given || !payload) return undefined;
  const expected = (await sign(k.key, `${m[1]}.${m[2]}`)).slice(0, SIG_BYTES);
  if (!sameBytes(given, expected)) return undefined;
  try {
    return strict.decode(payload) || undefined;
  } catch {
    return undefined;
  }
}

/** Compares every byte whatever the first difference, so the time taken says nothing about the MAC. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

function base64url(bytes: Uint8Array): string {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Bytes of unpadded base64url; null when the text is not its canonical form (so one id has one spelling). */
function fromBase64url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  return base64url(bytes) === text ? bytes : null;
}
