/**
 * Client hashing: HMAC-SHA-256 over the IP with a per-month key, so the same caller is one
 * client within a month and cannot be followed across months. Web Crypto only (Deno and Node).
 *
 * The key comes from `USAGE_HASH_SECRET` when set: stable across deployments, so unique clients
 * add up over the whole month. Without it, each deployment draws a random key once and keeps it
 * in the usage store (`hash-keys/<deploy id>`), shared by all its isolates: two deployments
 * produce different hashes, and a caller seen before and after a deploy counts twice that month.
 * A key drawn per isolate instead would count every isolate (every request, locally) as a new client.
 */
import { hex } from "../hex.ts";
import type { KV } from "../storage/blobs.ts";

const encoder = new TextEncoder();

const HMAC = { name: "HMAC", hash: "SHA-256" } as const;
const importHmacKey = (key: BufferSource) => crypto.subtle.importKey("raw", key, HMAC, false, ["sign"]);

async function hmac(key: BufferSource, message: string): Promise<ArrayBuffer> {
  return crypto.subtle.sign("HMAC", await importHmacKey(key), encoder.encode(message));
}

/** The month's key: HMAC(secret, "usage-client:" + month). The month is the salt. */
export async function monthKey(secret: Uint8Array, month: string): Promise<ArrayBuffer> {
  return hmac(secret as BufferSource, `usage-client:${month}`);
}

/** 128 bits of HMAC-SHA-256(monthKey, ip), hex. Collisions are irrelevant at any real client count. */
export async function hashClient(secret: Uint8Array, month: string, ip: string): Promise<string> {
  return clientHasher(secret)(month, ip);
}

/**
 * `hashClient` for one secret, each month's key derived and imported once per isolate: one HMAC per
 * call instead of two key imports and two HMACs (Web Crypto calls are asynchronous, each a round trip
 * to a worker thread on Deno, and the most expensive part of recording a call there).
 */
export const clientHasher = (secret: Uint8Array) => monthlyHmac(secret, "usage-client:");

/**
 * The token of (client, query) in a month, for unanswered searches (queries.ts): 128 bits of
 * HMAC(HMAC(secret, "usage-query:" + month), client + "\n" + query). Keyed by the secret, so
 * whoever reads the store alone cannot test the client hashes it holds against a query record.
 */
export function queryTokener(secret: Uint8Array): (month: string, client: string, query: string) => Promise<string> {
  const token = monthlyHmac(secret, "usage-query:");
  return (month, client, query) => token(month, `${client}\n${query}`);
}

/** 128 bits of HMAC(HMAC(secret, label + month), message), hex, with each month's key kept. */
function monthlyHmac(secret: Uint8Array, label: string): (month: string, message: string) => Promise<string> {
  const keys = new Map<string, Promise<CryptoKey>>();
  return async (month, message) => {
    let key = keys.get(month);
    if (!key) {
      key = hmac(secret as BufferSource, label + month).then(importHmacKey);
      keys.set(month, key);
      key.catch(() => keys.delete(month));
    }
    return hex(await crypto.subtle.sign("HMAC", await key, encoder.encode(message))).slice(0, 32);
  };
}

export const hashKeyBlob = (deployId: string) => `hash-keys/${deployId.replace(/[^A-Za-z0-9_-]/g, "_") || "unknown"}`;

/**
 * The secret for this deployment: the env secret, or the deployment's stored random key (drawn and
 * stored on first use). Two isolates that draw at once both store; the last write wins and both
 * re-read it, so at most the first few events of a deployment carry a key that is then replaced.
 */
export async function deploymentSecret(
  envSecret: string | undefined,
  storeOrOpen: KV | (() => KV),
  deployId: string,
): Promise<Uint8Array> {
  if (envSecret) return encoder.encode(envSecret);
  // Opened only when needed: with the env secret, minting a session id touches no store.
  const store = typeof storeOrOpen === "function" ? storeOrOpen() : storeOrOpen;
  const key = hashKeyBlob(deployId);
  const existing = await store.get(key);
  if (existing && existing.byteLength >= 32) return existing;
  await store.set(key, crypto.getRandomValues(new Uint8Array(32)));
  const stored = await store.get(key);
  if (!stored || stored.byteLength < 32) throw new Error(`usage hash key ${key} could not be stored`);
  return stored;
}
