/**
 * The deploy smoke: discover/initialize, tools/list, search_components, get_component (active and
 * an explicit version), sha256 of component_code against the reference (the Components API, or the
 * local Blobs store), the registry item of each (the path get_component's shadcn_add names, on the
 * endpoint's origin) against get_component's metadata.sha256, validate_component of an edit and the
 * validate function it sends the parsing to, payload shapes with zod; latency of every call over
 * `runs` runs. A call is retried once, after ~500 ms, only when the failure is transient (network,
 * timeout, 5xx, 429, upstream_*), as agents are told to do.
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { CLIENT, LEGACY, MODERN, type SmokeClient, smokeClient, Transient } from "./client.ts";
import {
  componentSchema,
  type ComponentPayload,
  registryItemSchema,
  searchSchema,
  toolsListSchema,
  validationSchema,
} from "./schema.ts";
import { percentile } from "../../lib/stats.ts";
import { functionRequest } from "../../../src/validate/validation.ts";
import { VALIDATE_FUNCTION_PATH } from "../../../src/validate/validator.ts";

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
  return {
    label: `Components API ${base}`,
    active: (id) => get({ op: "active", id }),
    tsx: (id, version) => get({ op: "code", id, version }),
  };
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
      const index: { activeVersionId: string } = JSON.parse(
        new TextDecoder().decode(await read(`${id}/versions.json`)),
      );
      return read(`${id}/${index.activeVersionId}.tsx`);
    },
    tsx: (id, version) => read(`${id}/${version}.tsx`),
  };
}

/** Runs one check of a run as a step of the report. */
type RunStep = <T>(name: string, fn: () => Promise<T>, describe: (v: T) => string) => Promise<T>;

/**
 * Steps of run `run`: each timed, logged and recorded in `steps`, retried once (after
 * `retryDelayMs`) on a transient failure. A failure is recorded, then thrown to end the run.
 */
function stepsOf(run: number, steps: Step[], log: (line: string) => void, retryDelayMs: number): RunStep {
  const record = (s: Step) => {
    steps.push(s);
    const ms = Math.round(s.ms).toString().padStart(5);
    log(`  ${s.ok ? "✓" : "✗"} ${s.name.padEnd(26)} ${ms} ms  ${s.detail}${s.retried ? " (after one retry)" : ""}`);
  };
  return async (name, fn, describe) => {
    const started = performance.now();
    let retried = false;
    for (;;) {
      try {
        const value = await fn();
        record({ run, name, ok: true, ms: performance.now() - started, detail: describe(value), retried });
        return value;
      } catch (e) {
        if (e instanceof Transient && !retried) {
          retried = true;
          await new Promise((r) => setTimeout(r, retryDelayMs));
          continue;
        }
        const detail = e instanceof Error ? e.message : String(e);
        record({ run, name, ok: false, ms: performance.now() - started, detail, retried });
        throw e;
      }
    }
  };
}

/** discover, initialize and tools/list: the endpoint speaks both eras and lists the tools the smoke needs. */
async function handshake(step: RunStep, { rpc }: SmokeClient) {
  await step(
    "server/discover",
    () => rpc("server/discover", {}, true),
    (r) => {
      if (!r.supportedVersions?.includes(MODERN)) throw new Error(`supportedVersions lacks ${MODERN}`);
      return `versions ${r.supportedVersions.join(", ")}`;
    },
  );
  const initialize = { protocolVersion: LEGACY, capabilities: {}, clientInfo: CLIENT };
  await step(
    "initialize",
    () => rpc("initialize", initialize, false),
    (r) => `${r.protocolVersion} ${r.serverInfo?.name} ${r.serverInfo?.version}`,
  );
  await step(
    "tools/list",
    async () => {
      const parsed = toolsListSchema.parse(await rpc("tools/list", {}, true));
      const names = parsed.tools.map((t) => t.name);
      for (const need of ["search_components", "get_component"])
        if (!names.includes(need)) throw new Error(`tools/list lacks ${need}`);
      return names;
    },
    (names) => `${names.length} tools`,
  );
}

/** The payload's code hashes to its own metadata.sha256 and to the reference's bytes. */
async function checkHash(p: ComponentPayload, reference: () => Promise<Uint8Array>) {
  const mine = sha256(new TextEncoder().encode(p.component_code));
  const claimed = p.metadata.sha256;
  if (mine !== claimed)
    throw new Error(`component_code sha256 ${mine.slice(0, 12)} ≠ metadata.sha256 ${claimed.slice(0, 12)}`);
  const theirs = sha256(await reference());
  if (mine !== theirs) throw new Error(`sha256 ${mine.slice(0, 12)} ≠ reference ${theirs.slice(0, 12)}`);
  return mine;
}

/**
 * The registry item `shadcn_add` names (its path; without the version for the active item), fetched
 * from the endpoint's origin: its file must be the code get_component served, byte for byte.
 */
async function checkItem({ site }: SmokeClient, p: ComponentPayload, active: boolean) {
  const named = new URL(/"([^"]+)"$/.exec(p.usage_rules.shadcn_add)![1]);
  const path = active ? named.pathname : `${named.pathname}${named.search}`;
  const item = await site(path, registryItemSchema);
  const bytes = sha256(new TextEncoder().encode(item.files[0].content));
  const { sha256: claimed, version_id } = p.metadata;
  if (item.meta.version_id !== version_id) throw new Error(`${path} served ${item.meta.version_id}, not ${version_id}`);
  if (bytes !== claimed)
    throw new Error(`${path}: file sha256 ${bytes.slice(0, 12)} ≠ get_component ${claimed.slice(0, 12)}`);
  if (item.meta.sha256 !== claimed) throw new Error(`${path}: meta.sha256 ≠ get_component ${claimed.slice(0, 12)}`);
  return `${path}: ${bytes.slice(0, 16)}… = get_component`;
}

/** An edit that changes nothing the rules read: a validation of it finds nothing. */
const commented = (p: ComponentPayload) => `// checked by the deploy smoke\n${p.component_code}`;

/** A validation of `p`'s version with no findings, or why not. */
function clean(v: { ok: boolean; findings: { rule: string }[]; base: { sha256: string } }, p: ComponentPayload) {
  if (v.base.sha256 !== p.metadata.sha256)
    throw new Error(`compared with ${v.base.sha256.slice(0, 12)}, not the served version`);
  if (!v.ok || v.findings.length)
    throw new Error(`a comment line drew findings: ${v.findings.map((f) => f.rule).join(", ")}`);
  return `ok, no findings, against ${p.metadata.version_id}`;
}

/**
 * validate_component of an edit (a comment line added) through the endpoint, and the validate function
 * it sends its parsing to, asked directly on the endpoint's origin: the endpoint would answer in its
 * isolate were the function missing, so only the direct request shows that the function is deployed.
 */
async function validation(step: RunStep, client: SmokeClient, p: ComponentPayload) {
  const { pattern_id, version_id, sha256 } = p.metadata;
  await step(
    "validate_component",
    () => client.tool("validate_component", { pattern_id, version_id, code: commented(p) }, validationSchema),
    (v) => clean(v, p),
  );
  const base = { code: p.component_code, versionId: version_id, sha256 };
  await step(
    "validate function",
    () => client.site(VALIDATE_FUNCTION_PATH, validationSchema, functionRequest(base, commented(p))),
    (v) => clean(v, p),
  );
}

const described = (p: ComponentPayload) =>
  `${p.metadata.catalog_number} ${p.metadata.version_id}, ${p.metadata.bytes} B`;

/**
 * search_components, then get_component of the first hit (or `opts.pattern`): the active version and
 * one pinned version (`opts.version`, else one that is not active), each checked against `reference`.
 */
async function components(step: RunStep, client: SmokeClient, reference: Reference, opts: SmokeOptions) {
  const { tool } = client;
  const query = { query: opts.query, limit: 5 };
  const search = await step(
    "search_components",
    () => tool("search_components", query, searchSchema),
    (r) => `"${opts.query}": ${r.total} hits`,
  );
  const ref = opts.pattern ?? search.results[0]?.catalog_number;
  if (!ref) throw new Error(`search_components found nothing for "${opts.query}": pass --pattern`);
  const active = await step(
    "get_component (active)",
    () => tool("get_component", { pattern_id: ref }, componentSchema),
    (p) => {
      const { version_id, active_version_id } = p.metadata;
      if (version_id !== active_version_id) throw new Error(`served ${version_id}, active is ${active_version_id}`);
      return described(p);
    },
  );
  const { pattern_id, available_versions, active_version_id } = active.metadata;
  const against = (op: string) => (h: string) => `${h.slice(0, 16)}… = ${opts.componentsApi ? op : "store"}`;
  await step("sha256 (active)", () => checkHash(active, () => reference.active(pattern_id)), against("op=active"));
  await step(
    "registry (active)",
    () => checkItem(client, active, true),
    (d) => d,
  );
  await validation(step, client, active);
  const version = opts.version ?? available_versions.find((v) => v !== active_version_id) ?? active_version_id;
  const pin = { pattern_id, version_id: version };
  const pinned = await step(
    `get_component (${version})`,
    () => tool("get_component", pin, componentSchema),
    (p) => {
      if (p.metadata.version_id !== version) throw new Error(`asked for ${version}, got ${p.metadata.version_id}`);
      return described(p);
    },
  );
  await step(
    `sha256 (${version})`,
    () => checkHash(pinned, () => reference.tsx(pattern_id, version)),
    against("op=code"),
  );
  await step(
    `registry (${version})`,
    () => checkItem(client, pinned, false),
    (d) => d,
  );
}

/** Per call (the sha256 checks are not calls), the latency of its successful steps over the runs. */
function latencyOf(steps: Step[]): LatencyRow[] {
  const calls = [...new Set(steps.filter((s) => !s.name.startsWith("sha256")).map((s) => s.name))];
  return calls.map((name) => {
    const ms = steps.filter((s) => s.name === name && s.ok).map((s) => s.ms);
    return {
      name,
      n: ms.length,
      p50: percentile(ms, 50),
      p95: percentile(ms, 95),
      max: ms.length ? Math.max(...ms) : NaN,
    };
  });
}

export async function runSmoke(opts: SmokeOptions): Promise<SmokeReport> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const log = opts.log ?? (() => {});
  const reference = opts.componentsApi
    ? apiReference(opts.componentsApi, timeoutMs)
    : storeReference(opts.storeDir ?? ".netlify/blobs-serve");
  const client = smokeClient(opts.url, timeoutMs);
  const steps: Step[] = [];
  let completed = 0;
  for (let run = 1; run <= opts.runs; run++) {
    log(`run ${run}/${opts.runs}`);
    const step = stepsOf(run, steps, log, opts.retryDelayMs ?? 500);
    try {
      await handshake(step, client);
      await components(step, client, reference, opts);
      completed++;
    } catch {
      break; // The failure is recorded; later runs would only repeat it.
    }
  }
  const ok = completed === opts.runs && steps.every((s) => s.ok);
  return { ok, reference: reference.label, steps, latency: latencyOf(steps) };
}
