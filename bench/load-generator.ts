/**
 * A closed-loop HTTP/1.1 load generator over raw keep-alive sockets (Node). Each connection sends
 * one request, reads the whole response, records the latency and sends the next, until the time is
 * up. Prebuilt request bytes and a minimal response parser keep the client's own cost per request
 * far below any server variant's, so the ratios measure the servers.
 */
import { connect, type Socket } from "node:net";

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  /** Per-request latency in ms, in completion order. */
  latencies: number[];
  /** Bytes of the last response body, to check that variants return the same size. */
  bodyBytes: number;
  firstError?: string;
}

export function requestBytes(port: number, body: string, headers: Record<string, string>): Buffer {
  const payload = Buffer.from(body);
  const lines = [
    `POST /mcp HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    `Content-Length: ${payload.length}`,
  ];
  return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`), payload]);
}

/** Parses responses off one socket; calls `done(status, bodyBytes, text?)` per complete response. */
function responseReader(done: (status: number, bytes: number, firstBytes: string) => void) {
  let buf: Buffer = Buffer.alloc(0);
  let need = -1; // body bytes still expected; -1 while reading headers, -2 while chunked
  let status = 0;
  let body = 0;
  let head = "";
  return (chunk: Buffer) => {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    for (;;) {
      if (need === -1) {
        const end = buf.indexOf("\r\n\r\n");
        if (end === -1) return;
        const headers = buf.subarray(0, end).toString("latin1");
        buf = buf.subarray(end + 4);
        status = Number(headers.slice(9, 12));
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(headers);
        body = 0;
        head = "";
        need = length ? Number(length[1]) : /\r\ntransfer-encoding:\s*chunked/i.test(headers) ? -2 : 0;
      }
      if (need >= 0) {
        if (buf.length < need) return;
        if (!head) head = buf.subarray(0, Math.min(need, 200)).toString();
        body += need;
        buf = buf.subarray(need);
        need = -1;
        done(status, body, head);
        continue;
      }
      // chunked: <hex>\r\n<data>\r\n ... 0\r\n\r\n
      const eol = buf.indexOf("\r\n");
      if (eol === -1) return;
      const size = parseInt(buf.subarray(0, eol).toString("latin1"), 16);
      if (buf.length < eol + 2 + size + 2) return;
      if (!head && size) head = buf.subarray(eol + 2, eol + 2 + Math.min(size, 200)).toString();
      buf = buf.subarray(eol + 2 + size + 2);
      body += size;
      if (size === 0) {
        need = -1;
        done(status, body, head);
      }
    }
  };
}

/** Runs `connections` closed loops against 127.0.0.1:port for `seconds` (or until `maxRequests` responses). */
export async function runLoad(
  port: number,
  request: Buffer,
  { connections = 8, seconds = 1, maxRequests = Infinity } = {},
): Promise<LoadResult> {
  const result: LoadResult = { requests: 0, errors: 0, seconds, latencies: [], bodyBytes: 0 };
  const started = performance.now();
  const until = started + seconds * 1000;
  const sockets: Socket[] = [];
  await Promise.all(
    Array.from(
      { length: connections },
      () =>
        new Promise<void>((resolve, reject) => {
          const socket = connect({ port, host: "127.0.0.1", noDelay: true });
          sockets.push(socket);
          let sent = 0;
          const send = () => {
            sent = performance.now();
            socket.write(request);
          };
          socket.on(
            "data",
            responseReader((status, bytes, first) => {
              const now = performance.now();
              result.latencies.push(now - sent);
              result.requests++;
              result.bodyBytes = bytes;
              if (status !== 200) {
                result.errors++;
                result.firstError ??= `HTTP ${status}: ${first}`;
              }
              if (now < until && result.requests + connections <= maxRequests) send();
              else resolve();
            }),
          );
          socket.on("error", reject);
          socket.on("close", () => resolve());
          socket.on("connect", send);
        }),
    ),
  );
  result.seconds = (performance.now() - started) / 1000;
  for (const s of sockets) s.destroy();
  return result;
}
