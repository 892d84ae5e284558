/**
 * Security against the served edge function, on both servers: Origin/Host enforcement and DNS
 * rebinding, the body cap and the MCP page's security headers (in process:
 * tests/integration/reliability/security.test.ts). On the emulation, every check but the 2026-07-28
 * rebinding scenario: its front server refuses the foreign Host before any era is read, and the
 * 2025-11-25 scenario proves the same refusal and a legitimate call there.
 */
import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { expectPageHeaders, JSON_HEADERS, MiB, padded, probe, V26 } from "../../helpers/security.ts";
import { LOCAL, SERVED, type ServedTarget } from "../../helpers/served.ts";

const served = (target: ServedTarget) => `${target.url}/mcp`;

/** A raw HTTP POST with exactly the headers given (fetch would not let us set Host). */
function rawPost(
  url: string,
  body: string | Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = httpRequest(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: "POST",
        headers: { "content-length": String(Buffer.byteLength(body)), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("Origin and Host (DNS rebinding)", () => {
  for (const version of [V26, "2025-11-25"]) {
    for (const target of version === V26 ? [LOCAL] : SERVED) {
      it(`the conformance rebinding scenario, against the served edge function (${version}, ${target.name})`, async () => {
        const p = probe(version);
        const evil = await rawPost(served(target), JSON.stringify(p.body), {
          ...JSON_HEADERS,
          ...p.headers,
          host: "evil.example.com",
          origin: "http://evil.example.com",
          "mcp-protocol-version": version,
        });
        expect(evil.status).toBeGreaterThanOrEqual(400);
        expect(evil.status).toBeLessThan(500);
        const host = new URL(served(target)).host;
        const ok = await rawPost(served(target), JSON.stringify(p.body), {
          ...JSON_HEADERS,
          ...p.headers,
          host,
          origin: `http://${host}`,
          "mcp-protocol-version": version,
        });
        expect(ok.status).toBe(200);
        if (version !== V26) {
          const note = await rawPost(
            served(target),
            JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
            { ...JSON_HEADERS, host, origin: `http://${host}`, "mcp-protocol-version": version },
          );
          expect(note.status).toBe(202);
        }
      });
    }
  }

  for (const target of SERVED) {
    it(`a rebinding request without Origin (evil Host only) is refused by the served edge function (${target.name})`, async () => {
      const res = await rawPost(served(target), JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }), {
        ...JSON_HEADERS,
        host: "evil.example.com",
      });
      expect(res.status).toBe(403);
    });
  }
});

describe("the body cap (1 MiB)", () => {
  for (const target of SERVED) {
    it(`the served edge function answers 413 to 1 MiB + 1 byte and serves exactly 1 MiB (${target.name})`, async () => {
      const big = await rawPost(served(target), padded(MiB + 1), JSON_HEADERS);
      expect(big.status).toBe(413);
      const ok = await rawPost(served(target), padded(MiB), JSON_HEADERS);
      expect(ok.status).toBe(200);
    });
  }
});

describe("security headers on the MCP page", () => {
  for (const target of SERVED) {
    it(`GET /mcp with Accept: text/html, served by the edge function (${target.name})`, async () => {
      const res = await fetch(served(target), { headers: { accept: "text/html" } });
      expect(res.status).toBe(200);
      expectPageHeaders(res.headers);
      await res.body?.cancel();
    });
  }
});
