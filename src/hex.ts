/** Bytes as lowercase hex, two digits each (digests, random ids). */
const BYTE = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

export function hex(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let out = "";
  for (let i = 0; i < view.length; i++) out += BYTE[view[i]];
  return out;
}
