/**
 * Shared pieces of the component tests: a real local BlobsServer seeded with the fixtures that
 * records every request (its `onRequest` hook), the real app over it, and small call helpers.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { promisify } from "node:util";
import { createApp, type AppOptions } from "../../src/app.ts";
import { type Env, readConfig } from "../../src/config.ts";
import { type BlobsConfig, openStore } from "../../src/storage/blobs.ts";
import { ROOT } from "../../scripts/lib/repo-root.ts";
import { startLocalBlobs } from "../../scripts/local/blobs.ts";
import { seedStore } from "../../scripts/lib/seed.ts";
import { catalogData, fixtures, modern, post } from "./app.ts";
import { memoryReader } from "./memory-catalog.ts";

export { catalogData, fixtures };

export const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
export const utf8 = (text: string) => new TextEncoder().encode(text);

export const SITE = "components-site";
export const STORE = "components";

export interface SeededBlobs {
  config: BlobsConfig;
  /** Store keys read (GET) since start or `clear()`, percent-decoded as the server saw them. */
  keysRead(): string[];
  /** Every request path the server saw, raw. */
  paths(): string[];
  clear(): void;
  stop(): Promise<void>;
}

export async function startSeededBlobs(seed = true): Promise<SeededBlobs> {
  const seen: { type: string; url: string }[] = [];
  const { config, stop } = await startLocalBlobs({
    siteID: SITE,
    token: "components-token",
    onRequest: (r) => seen.push(r),
  });
  if (seed) await seedStore(openStore(STORE, { config }), fixtures, true);
  seen.length = 0;
  // The server files a store named "components" as "site:components".
  const prefix = `/${SITE}/site:${STORE}/`;
  return {
    config,
    keysRead: () =>
      seen
        .filter((r) => r.type === "get")
        .map((r) => (r.url.startsWith(prefix) ? decodeURIComponent(r.url.slice(prefix.length)) : `STRAY ${r.url}`)),
    paths: () => seen.map((r) => r.url),
    clear: () => void (seen.length = 0),
    stop,
  };
}

/** The real app over the real Blobs adapter (the configured source, caches included); `env` as a deployment sets it. */
export function blobsApp(blobs: SeededBlobs, { env, ...overrides }: Partial<AppOptions> & { env?: Env } = {}) {
  return createApp({
    config: readConfig({ COMPONENTS_STORE: STORE, ...env }),
    catalogData: memoryReader(catalogData),
    blobs: blobs.config,
    ...overrides,
  });
}

type Handler = { handle(req: Request): Promise<Response> };

export interface ToolResult {
  isError: boolean;
  /** The parsed JSON text block. */
  data: any;
  /** The raw response body, for scans. */
  raw: string;
}

let nextId = 1;

/** A legacy (2025-06-18) tools/call; returns the parsed text block. */
export async function callTool(app: Handler, name: string, args: Record<string, unknown>): Promise<ToolResult> {
  const res = await app.handle(
    post(
      { jsonrpc: "2.0", id: nextId++, method: "tools/call", params: { name, arguments: args } },
      { "mcp-protocol-version": "2025-06-18" },
    ),
  );
  const raw = await res.text();
  const body = JSON.parse(raw);
  if (!body.result) throw new Error(`tools/call ${name} answered a JSON-RPC error: ${raw.slice(0, 300)}`);
  return { isError: body.result.isError === true, data: JSON.parse(body.result.content[0].text), raw };
}

/** resources/read in either era; returns the JSON-RPC body and the raw text. */
export async function readResource(app: Handler, uri: string, era: "modern" | "legacy" = "modern") {
  const req =
    era === "modern"
      ? modern("resources/read", { uri })
      : post(
          { jsonrpc: "2.0", id: nextId++, method: "resources/read", params: { uri } },
          { "mcp-protocol-version": "2025-11-25" },
        );
  const res = await app.handle(req);
  const raw = await res.text();
  return { status: res.status, body: JSON.parse(raw), raw };
}

/** Fixture helpers: one pattern by folder name, and its bytes for a version. */
export const fixture = (name: string) => {
  const f = fixtures.find((x) => x.name === name);
  if (!f) throw new Error(`no fixture ${name}`);
  return f;
};
export const bytesOf = (name: string, version: string) => {
  const c = fixture(name).code.find((x) => x.versionId === version);
  if (!c) throw new Error(`no fixture ${name}/${version}`);
  return c.bytes;
};

/** Every author e-mail and id in the committed version indexes: none may ever leave the server. */
export const AUTHOR_EMAILS = [
  ...new Set(fixtures.flatMap((f) => f.index.versions.map((v) => v.author?.email).filter((e): e is string => !!e))),
];
export const AUTHOR_IDS = [
  ...new Set(fixtures.flatMap((f) => f.index.versions.map((v) => v.author?.id).filter((e): e is string => !!e))),
];

/**
 * Runs a script as `npm run` does (Node with tsx's loader, what the `tsx` command starts), with only
 * the environment given: no inherited Netlify credentials.
 */
export async function run(script: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", join(ROOT, script), ...args],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: err.code ?? -1, stdout: err.stdout ?? "", stderr: err.stderr ?? "" };
  }
}
