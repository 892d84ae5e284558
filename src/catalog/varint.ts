/**
 * Unsigned integers as base64 of LEB128 varints: the compact, JSON-safe form the built catalog's
 * search tables use (generated/catalog/search.json). Small numbers, which most are, take one byte. The build
 * writes them with scripts/build/catalog/varint.ts.
 */

/** Reads the varints of `base64` one by one; `done()` tells whether every byte was read. */
export function varintReader(base64: string) {
  const bin = atob(base64);
  let pos = 0;
  return {
    next(): number {
      let v = 0;
      let scale = 1;
      for (;;) {
        const b = bin.charCodeAt(pos++);
        v += (b & 0x7f) * scale;
        if (b < 0x80) return v;
        scale *= 0x80;
      }
    },
    done: () => pos === bin.length,
  };
}
