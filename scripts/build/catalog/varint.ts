/** Writes what src/catalog/varint.ts reads: unsigned integers as base64 of LEB128 varints. */

export function encodeVarints(values: Iterable<number>): string {
  const out: number[] = [];
  for (let v of values) {
    while (v >= 0x80) {
      out.push((v & 0x7f) | 0x80);
      v = Math.floor(v / 0x80);
    }
    out.push(v);
  }
  let binary = "";
  for (let i = 0; i < out.length; i += 0x8000) binary += String.fromCharCode(...out.slice(i, i + 0x8000));
  return btoa(binary);
}
