/**
 * Requests and checks shared by the security tests in process (tests/integration/reliability/) and
 * against the served edge function (tests/served/reliability/).
 */
import { expect } from "vitest";

export const MiB = 1024 * 1024;
export const V26 = "2026-07-28";
export const JSON_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

/** The conformance suite's dns-rebinding-protection probe: discover (2026) or initialize (2025-11-25). */
export function probe(version: string) {
  const clientInfo = { name: "conformance-dns-rebinding-test", version: "1.0.0" };
  if (version === V26) {
    return {
      body: {
        jsonrpc: "2.0",
        id: 1,
        method: "server/discover",
        params: {
          _meta: {
            "io.modelcontextprotocol/protocolVersion": V26,
            "io.modelcontextprotocol/clientInfo": clientInfo,
            "io.modelcontextprotocol/clientCapabilities": {},
          },
        },
      },
      headers: { "mcp-method": "server/discover" },
    };
  }
  return {
    body: {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: version, capabilities: {}, clientInfo },
    },
    headers: {} as Record<string, string>,
  };
}

/** A valid initialize padded with spaces to exactly `size` bytes. */
export const padded = (size: number) => {
  const json = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "cap", version: "1" } },
  });
  return json + " ".repeat(size - json.length);
};

/** The MCP page's security headers: a strict CSP, no sniffing, HTML. */
export const expectPageHeaders = (h: { get(n: string): string | null }) => {
  const csp = h.get("content-security-policy") ?? "";
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(csp).toMatch(/default-src 'none'/);
  expect(csp).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
  expect(h.get("x-content-type-options")).toBe("nosniff");
  expect(h.get("content-type")).toMatch(/^text\/html/);
};
