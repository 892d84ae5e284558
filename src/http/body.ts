/** The request body: its content type, and a bounded read that never buffers past the cap. */

/** `application/json`, any case, with or without parameters (charset). */
export function isJsonContentType(ct: string | null) {
  if (!ct) return false;
  const type = ct.split(";")[0].trim().toLowerCase();
  return type === "application/json";
}

/** Reads at most `max` bytes; returns null past that, without buffering the rest. */
export async function readBounded(req: Request, max: number): Promise<Uint8Array | null> {
  const length = req.headers.get("content-length");
  const declared = Number(length ?? "0");
  if (declared > max) {
    await req.body?.cancel().catch(() => {});
    return null;
  }
  // A declared length within the cap (HTTP framing holds the body to it): the runtime's native read,
  // far cheaper than pulling chunks through a JS stream reader. The size is still checked after.
  // `req.body` is not touched on this path: on Deno it builds a ReadableStream, and behind Node's
  // fetch adapter (@hono/node-server) a whole undici Request, each costing more than the read.
  if (length !== null && Number.isSafeInteger(declared)) {
    const whole = new Uint8Array(await req.arrayBuffer());
    return whole.byteLength > max ? null : whole;
  }
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}
