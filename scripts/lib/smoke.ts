/**
 * The deploy smoke: discover/initialize, tools/list, search_components, get_component (active and
 * an explicit version), sha256 of component_code against the reference (the Components API, or the
 * local Blobs store), payload shapes with zod; latency of every call over `runs` runs. A call is
 * retried once, after ~500 ms, only when the failure is transient (network, timeout, 5xx, 429,
 * upstream_*), as agents are told to do.
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { z } from "zod";
import { componentSchema, type ComponentPayload, searchSchema, toolsListSchema } from "./smoke-schema.ts";
import { percentile } from "./stats.ts";

export interface SmokeOptions {
  url: string;
  runs: number;
  query: string;
  /** The Components API base (op=active / op=code); otherwise `storeDir` is read. */
  componentsApi?: string;
  /** A local Blobs directory (`.netlify/blobs-serve`) holding the `components` store. */
  storeDir?: string;
  pattern?: string;
  version?: string;
  timeoutMs?: number;
  retryDelayMs?: number;
  log?: (line: string) => void;
}

export interface Step {
  run: number;
  name: string;
  ok: boolean;
  ms: number;
  detail: string;
  retried: boolean;
}

export interface LatencyRow {
  name: string;
  n: number;
  p50: number;
  p95: number;
  max: number;
}

export interface SmokeReport {
  ok: boolean;
  reference: string;
  steps: Step[];
  latency: LatencyRow[];
}

/** Worth one retry: the network, a timeout, HTTP 5xx/429, or an upstream_* tool error. */
class Transient extends Error {}

const MODERN = "2026-07-28";
const LEGACY = "2025-11-25";
export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

interface Reference {
  label: string;
  active(id: string): Promise<Uint8Array>;
  tsx(id: string, version: string): Promise<Uint8Array>;
}

function apiReference(base: string, timeoutMs: number): Reference {
  const get = async (params: Record<string, string>) => {
    const url = new URL(base);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) }).catch((e) => {
      throw new Transient(`Components API unreachable: ${e.message}`);
    });
    if (res.status >= 500 || res.status === 429) throw new Transient(`Components API answered HTTP ${res.status}`);
    if (!res.ok) throw new Error(`Components API answered HTTP ${res.status} for ${url.search}`);
    return new Uint8Array(await res.arrayBuffer());
  };
  return { label: `Components API ${base}`, active: (id) => get({ op: "active", id }), tsx: (id, version) => get({ op: "code", id, version }) };
}

/** The local Blobs sandbox keeps each blob's bytes at `entries/<site>/site:<store>/<key>`. */
function storeReference(dir: string, store = "components"): Reference {
  const read = async (key: string) => {
    for (const bucket of await readdir(join(dir, "entries")).catch(() => [] as string[])) {
      const bytes = await readFile(join(dir, "entries", bucket, `site:${store}`, key)).catch(() => null);
      if (bytes) return new Uint8Array(bytes);
    }
    throw new Error(`${key} is not in the local store at ${dir}`);
  };
  return {
    label: `local store ${dir}`,
    async active(id) {
      const index = JSON.parse(new TextDecoder().decode(await read(`${id}/versions.json`))) as { activeVersionId: string };
      return read(`${id}/${index.activeVersionId}.tsx`);
    },
    tsx: (id, version) => read(`${id}/${version}.tsx`),
  };
}

export async function runSmoke(opts: SmokeOptions): Promise<SmokeReport> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const retryDelayMs = opts.retryDelayMs ?? 500;
  const log = opts.log ?? (() => {});
  const reference = opts.componentsApi ? apiReference(opts.componentsApi, timeoutMs) : storeReference(opts.storeDir ?? ".netlify/blobs-serve");
  const steps: Step[] = [];

  async function rpc(method: string, params: Record<string, unknown>, modern: boolean): Promise<any> {
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const body: Record<string, unknown> = { jsonrpc: "2.0", id: 1, method, params };
    if (modern) {
      Object.assign(headers, { "mcp-protocol-version": MODERN, "mcp-method": method });
      if (method === "tools/call") headers["mcp-name"] = String(params.name);
      body.params = { ...params, _meta: { "io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": {}, "io.modelcontextprotocol/clientInfo": { name: "patttterns-smoke", version: "1" } } };
    } else if (method !== "initialize") headers["mcp-protocol-version"] = LEGACY;
    const res = await fetch(opts.url, { method: "POST", headers, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) }).catch((e) => {
      throw new Transient(`${opts.url} unreachable: ${e.cause?.code ?? e.message}`);
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

  async function tool<S extends z.ZodType>(name: string, args: Record<string, unknown>, schema: S): Promise<z.output<S>> {
    const result = await rpc("tools/call", { name, arguments: args }, true);
    const data = JSON.parse(result.content?.[0]?.text ?? "null");
    if (result.isError) {
      const e = data?.error ?? {};
      const msg = `${e.code}: ${e.message}`;
      throw String(e.code).startsWith("upstream_") ? new Transient(msg) : new Error(msg);
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new Error(`payload shape: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    return parsed.data;
  }

  /** Runs one step, retrying once on a transient failure; throws to end the run on failure. */
  async function step<T>(run: number, name: string, fn: () => Promise<T>, describe: (v: T) => string): Promise<T> {
    const started = performance.now();
    let retried = false;
    for (;;) {
      try {
        const value = await fn();
        const s = { run, name, ok: true, ms: performance.now() - started, detail: describe(value), retried };
        steps.push(s);
        log(`  ✓ ${name.padEnd(26)} ${Math.round(s.ms).toString().padStart(5)} ms  ${s.detail}${retried ? " (after one retry)" : ""}`);
        return value;
      } catch (e) {
        if (e instanceof Transient && !retried) {
          retried = true;
          await new Promise((r) => setTimeout(r, retryDelayMs));
          continue;
        }
        const s = { run, name, ok: false, ms: performance.now() - started, detail: e instanceof Error ? e.message : String(e), retried };
        steps.push(s);
        log(`  ✗ ${name.padEnd(26)} ${Math.round(s.ms).toString().padStart(5)} ms  ${s.detail}${retried ? " (after one retry)" : ""}`);
        throw e;
      }
    }
  }

  const codeHash = (p: ComponentPayload) => sha256(new TextEncoder().encode(p.component_code));
  const checkHash = async (p: ComponentPayload, ref: () => Promise<Uint8Array>) => {
    const mine = codeHash(p);
    if (mine !== p.metadata.sha256) throw new Error(`component_code sha256 ${mine.slice(0, 12)} ≠ metadata.sha256 ${p.metadata.sha256.slice(0, 12)}`);
    const theirs = sha256(await ref());
    if (mine !== theirs) throw new Error(`sha256 ${mine.slice(0, 12)} ≠ reference ${theirs.slice(0, 12)}`);
    return mine;
  };

  let completed = 0;
  for (let run = 1; run <= opts.runs; run++) {
    log(`run ${run}/${opts.runs}`);
    try {
      await step(run, "server/discover", () => rpc("server/discover", {}, true), (r) => {
        if (!r.supportedVersions?.includes(MODERN)) throw new Error(`supportedVersions lacks ${MODERN}`);
        return `versions ${r.supportedVersions.join(", ")}`;
      });
      await step(run, "initialize", () => rpc("initialize", { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "patttterns-smoke", version: "1" } }, false), (r) => `${r.protocolVersion} ${r.serverInfo?.name} ${r.serverInfo?.version}`);
      await step(run, "tools/list", async () => {
        const parsed = toolsListSchema.parse(await rpc("tools/list", {}, true));
        const names = parsed.tools.map((t) => t.name);
        for (const need of ["search_components", "get_component"]) if (!names.includes(need)) throw new Error(`tools/list lacks ${need}`);
        return names;
      }, (names) => `${names.length} tools`);
      const search = await step(run, "search_components", () => tool("search_components", { query: opts.query, limit: 5 }, searchSchema), (r) => `"${opts.query}": ${r.total} hits`);
      const ref = opts.pattern ?? search.results[0]?.catalog_number;
      if (!ref) throw new Error(`search_components found nothing for "${opts.query}": pass --pattern`);
      const active = await step(run, "get_component (active)", () => tool("get_component", { pattern_id: ref }, componentSchema), (p) => {
        if (p.metadata.version_id !== p.metadata.active_version_id) throw new Error(`served ${p.metadata.version_id}, active is ${p.metadata.active_version_id}`);
        return `${p.metadata.catalog_number} ${p.metadata.version_id}, ${p.metadata.bytes} B`;
      });
      const { pattern_id, available_versions, active_version_id } = active.metadata;
      await step(run, "sha256 (active)", () => checkHash(active, () => reference.active(pattern_id)), (h) => `${h.slice(0, 16)}… = ${opts.componentsApi ? "op=active" : "store"}`);
      const version = opts.version ?? available_versions.find((v) => v !== active_version_id) ?? active_version_id;
      const pinned = await step(run, `get_component (${version})`, () => tool("get_component", { pattern_id, version_id: version }, componentSchema), (p) => {
        if (p.metadata.version_id !== version) throw new Error(`asked for ${version}, got ${p.metadata.version_id}`);
        return `${p.metadata.catalog_number} ${p.metadata.version_id}, ${p.metadata.bytes} B`;
      });
      await step(run, `sha256 (${version})`, () => checkHash(pinned, () => reference.tsx(pattern_id, version)), (h) => `${h.slice(0, 16)}… = ${opts.componentsApi ? "op=code" : "store"}`);
      completed++;
    } catch {
      break; // The failure is recorded; later runs would only repeat it.
    }
  }

  const calls = [...new Set(steps.filter((s) => !s.name.startsWith("sha256")).map((s) => s.name))];
  const latency = calls.map((name) => {
    const ms = steps.filter((s) => s.name === name && s.ok).map((s) => s.ms);
    return { name, n: ms.length, p50: percentile(ms, 50), p95: percentile(ms, 95), max: ms.length ? Math.max(...ms) : NaN };
  });
  const ok = completed === opts.runs && steps.every((s) => s.ok);
  return { ok, reference: reference.label, steps, latency };
}
