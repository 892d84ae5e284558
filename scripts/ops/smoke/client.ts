/**
 * The deploy smoke's client: JSON-RPC over HTTP to the endpoint under test, as an agent calls it, and
 * GETs of the registry beside it, as the shadcn CLI fetches an item.
 * Failures worth one retry (the network, a timeout, HTTP 5xx/429, an upstream_* tool error) are
 * thrown as `Transient`.
 */
import type { z } from "zod";

/** Worth one retry: the network, a timeout, HTTP 5xx/429, or an upstream_* tool error. */
export class Transient extends Error {}

export const MODERN = "2026-07-28";
export const LEGACY = "2025-11-25";
export const CLIENT = { name: "patttterns-smoke", version: "1" } as const;

/** `rpc` sends one request in the modern era (per-request _meta and headers) or the legacy one; `tool` calls a tool. */
export function smokeClient(url: string, timeoutMs: number) {
  async function rpc(method: string, params: Record<string, unknown>, modern: boolean): Promise<any> {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    };
    const body: Record<string, unknown> = { jsonrpc: "2.0", id: 1, method, params };
    if (modern) {
      Object.assign(headers, { "mcp-protocol-version": MODERN, "mcp-method": method });
      if (method === "tools/call") headers["mcp-name"] = String(params.name);
      const _meta = {
        "io.modelcontextprotocol/protocolVersion": MODERN,
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": CLIENT,
      };
      body.params = { ...params, _meta };
    } else if (method !== "initialize") headers["mcp-protocol-version"] = LEGACY;
    const init = { method: "POST", headers, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) };
    const res = await fetch(url, init).catch((e) => {
      throw new Transient(`${url} unreachable: ${e.cause?.code ?? e.message}`);
    });
    if (res.status >= 500 || res.status === 429) throw new Transient(`HTTP ${res.status}`);
    const text = await res.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`HTTP ${res.status}, not JSON: ${text.slice(0, 120)}`);
    }
    if (json.error) throw new Error(`JSON-RPC error ${json.error.code}: ${json.error.message}`);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return json.result;
  }

  /** A modern tools/call whose one text block must parse as `schema`. */
  async function tool<S extends z.ZodType>(
    name: string,
    args: Record<string, unknown>,
    schema: S,
  ): Promise<z.output<S>> {
    const result = await rpc("tools/call", { name, arguments: args }, true);
    const data = JSON.parse(result.content?.[0]?.text ?? "null");
    if (result.isError) {
      const e = data?.error ?? {};
      const msg = `${e.code}: ${e.message}`;
      throw String(e.code).startsWith("upstream_") ? new Transient(msg) : new Error(msg);
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      throw new Error(
        `payload shape: ${parsed.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join(".")}: ${i.message}`)
          .join("; ")}`,
      );
    }
    return parsed.data;
  }

  /**
   * The JSON document at `path` (with its query) on the endpoint's own origin, parsed as `schema`: a
   * GET (the registry), or a POST of `body` as JSON (the validate function). The deployment under
   * test answers, whatever origin a payload names.
   */
  async function site<S extends z.ZodType>(path: string, schema: S, body?: unknown): Promise<z.output<S>> {
    const target = new URL(path, url);
    const post =
      body === undefined
        ? {}
        : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
    const res = await fetch(target, { ...post, signal: AbortSignal.timeout(timeoutMs) }).catch((e) => {
      throw new Transient(`${target} unreachable: ${e.cause?.code ?? e.message}`);
    });
    if (res.status >= 500 || res.status === 429) throw new Transient(`HTTP ${res.status} for ${path}`);
    const text = await res.text();
    if (!res.ok) throw new Error(`HTTP ${res.status} for ${path}: ${text.slice(0, 160)}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`${path}: not JSON: ${text.slice(0, 120)}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`${path}: shape: ${issue.path.join(".")}: ${issue.message}`);
    }
    return parsed.data;
  }

  return { rpc, tool, site };
}

export type SmokeClient = ReturnType<typeof smokeClient>;
