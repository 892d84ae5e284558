/**
 * Security: Origin/Host enforcement and DNS rebinding, the body cap, blob keys that hostile
 * refs cannot steer, no author e-mail or raw IP in any response, secrets only from the environment,
 * and the MCP page's security headers, in process and over real Blobs. Against the served edge
 * function: tests/served/reliability/security.test.ts.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../../src/app.ts";
import { readConfig } from "../../../src/config.ts";
import { ROOT } from "../../../scripts/lib/repo-root.ts";
import { catalogData, fixtures, testApp } from "../../helpers/app.ts";
import { type FaultProxy, startFaultProxy } from "../../helpers/fault-proxy.ts";
import { type RecordingBlobs, SITE_ID, startRecordingBlobs } from "../../helpers/recording-blobs.ts";
import { hostile, type Sent, toolCall, toRequest, URL_MCP } from "./arbitraries.ts";
import { AUTHOR_EMAILS, checkResponse } from "./check.ts";
import { BLOB_KEY } from "./blob-keys.ts";
import { memoryReader } from "../../helpers/memory-catalog.ts";
import { expectPageHeaders, JSON_HEADERS, MiB, padded, probe, V26 } from "../../helpers/security.ts";

describe("Origin and Host (DNS rebinding)", () => {
  const app = testApp();
  const send = (headers: Record<string, string>) =>
    app.handle(
      new Request(URL_MCP, {
        method: "POST",
        headers: { ...JSON_HEADERS, ...headers },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
      }),
    );

  it.each([
    [{}, 200],
    [{ origin: "https://patttterns.com" }, 200],
    [{ origin: "http://localhost:5173" }, 200],
    [{ origin: "http://127.0.0.1:8888" }, 200],
    [{ origin: "http://[::1]:3000" }, 200],
    [{ host: "localhost:8888" }, 200],
    [{ host: "127.0.0.1:8888" }, 200],
    [{ host: "[::1]:8888" }, 200],
    [{ origin: "http://evil.example.com" }, 403],
    [{ origin: "null" }, 403],
    [{ origin: "https://patttterns.com.evil.com" }, 403],
    [{ origin: "http://localhost.evil.com" }, 403],
    [{ origin: "http://127.0.0.1.nip.io" }, 403],
    [{ origin: "file://" }, 403],
    [{ origin: "https://patttterns.com/" }, 403],
    [{ host: "evil.example.com" }, 403],
    [{ host: "127.0.0.1.nip.io:8888" }, 403],
    [{ host: "localhost.evil.com" }, 403],
    [{ host: "evil.example.com", origin: "http://localhost:1" }, 403],
  ] as [Record<string, string>, number][])("%j → %i", async (headers, status) => {
    const res = await send(headers);
    expect(res.status).toBe(status);
    if (status === 403) {
      const body = await res.json();
      expect(body.error.code).toBe(-32000);
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
    }
  });

  for (const version of [V26, "2025-11-25"]) {
    it(`the conformance rebinding scenario, in process (${version})`, async () => {
      const p = probe(version);
      const evil = await app.handle(
        new Request(URL_MCP, {
          method: "POST",
          headers: {
            ...JSON_HEADERS,
            ...p.headers,
            host: "evil.example.com",
            origin: "http://evil.example.com",
            "mcp-protocol-version": version,
          },
          body: JSON.stringify(p.body),
        }),
      );
      expect(evil.status).toBeGreaterThanOrEqual(400);
      expect(evil.status).toBeLessThan(500);
      const host = new URL(URL_MCP).host;
      const ok = await app.handle(
        new Request(URL_MCP, {
          method: "POST",
          headers: { ...JSON_HEADERS, ...p.headers, host, origin: `http://${host}`, "mcp-protocol-version": version },
          body: JSON.stringify(p.body),
        }),
      );
      expect(ok.status).toBe(200);
    });
  }
});

describe("the body cap (1 MiB)", () => {
  const app = testApp();

  it("exactly 1 MiB of JSON is served; 1 MiB + 1 byte is 413", async () => {
    const ok = await app.handle(new Request(URL_MCP, { method: "POST", headers: JSON_HEADERS, body: padded(MiB) }));
    expect(ok.status).toBe(200);
    const big = await app.handle(
      new Request(URL_MCP, { method: "POST", headers: JSON_HEADERS, body: padded(MiB + 1) }),
    );
    expect(big.status).toBe(413);
    expect((await big.json()).error.message).toContain(String(MiB));
  });

  it("a streamed body without Content-Length is cut at the cap, not buffered to the end", async () => {
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const endless = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled += chunk.byteLength;
        c.enqueue(chunk);
      },
    });
    const res = await app.handle(
      new Request(URL_MCP, { method: "POST", headers: JSON_HEADERS, body: endless, duplex: "half" } as RequestInit),
    );
    expect(res.status).toBe(413);
    // The reader stops one chunk past the cap (plus what the stream queued ahead): never the whole stream.
    expect(pulled).toBeLessThan(MiB + 4 * chunk.byteLength);
  });
});

describe("refs and versions never address arbitrary blob keys", () => {
  let blobs: RecordingBlobs;
  let proxy: FaultProxy;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    blobs = await startRecordingBlobs(fixtures);
    proxy = await startFaultProxy(blobs.url);
    // No caching: every call that reaches the store is recorded.
    app = createApp({
      config: readConfig({ COMPONENTS_INDEX_TTL_MS: "0", COMPONENTS_CACHE_BYTES: "0" }),
      catalogData: memoryReader(catalogData),
      blobs: { ...blobs.config, edgeURL: proxy.url, uncachedEdgeURL: proxy.url },
    });
  });
  afterAll(async () => {
    await proxy?.stop();
    await blobs?.stop();
  });

  const id = fixtures[0].entry.id;
  const wrapped = hostile.flatMap((h) => [
    `${id}/${h}`,
    `${h}/${id}`,
    `${id}${h}`,
    `https://patttterns.com/ui-components/${h}`,
    `https://www.notion.so/${h}-${id.replace(/-/g, "")}`,
  ]);
  const uris = hostile.flatMap((h) => [
    `patttterns://components/${id}/${h}`,
    `patttterns://components/${h}/seed`,
    `patttterns://components/${id}/${h.isWellFormed() ? encodeURIComponent(h) : h}`,
  ]);

  const read = (uri: string): Sent => ({
    method: "POST",
    headers: { ...JSON_HEADERS, "mcp-protocol-version": "2025-06-18" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "resources/read", params: { uri } }),
  });

  it("asks the store only for <catalog uuid>/versions.json and <catalog uuid>/(seed|vN).tsx", async () => {
    const sent: Sent[] = [
      ...hostile.flatMap((h) => [
        toolCall("get_component", { pattern_id: id, version_id: h }, false),
        toolCall("get_component", { pattern_id: h }, true),
        toolCall("get_pattern", { pattern_id: h }, true),
      ]),
      ...wrapped.flatMap((w) => [
        toolCall("get_component", { pattern_id: w }, false),
        toolCall("get_pattern", { pattern_id: w }, false),
      ]),
      ...uris.map(read),
    ];
    for (const s of sent) await checkResponse(await app.handle(toRequest(s)));
    // And random strings in both positions.
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "binary", maxLength: 60 }),
        fc.string({ maxLength: 20 }),
        async (ref, version) => {
          await checkResponse(
            await app.handle(
              toRequest(toolCall("get_component", { pattern_id: `${id}${ref}`, version_id: version }, true)),
            ),
          );
          await checkResponse(await app.handle(toRequest(read(`patttterns://components/${ref}/${version}`))));
        },
      ),
      { numRuns: 300, seed: 7 },
    );

    const keys = blobs.keysRead();
    // Hostile versions of a real pattern still read its index: the recording is not empty by accident.
    expect(keys).toContain(`${id}/versions.json`);
    expect(keys.filter((k) => !BLOB_KEY.test(k))).toEqual([]);
    expect(blobs.strayPaths()).toEqual([]);
    // The proxy saw the raw request line of every read, including any the BlobsServer would not dispatch.
    const raw = proxy.requests.filter((p) => !BLOB_KEY.test(p.replace(`/${SITE_ID}/site:components/`, "")));
    expect(raw).toEqual([]);
    console.info(`[security] ${sent.length + 600} hostile calls, ${keys.length} blob reads, all of catalog keys`);
  });
});

describe("no author e-mail or raw IP in any response", () => {
  const app = testApp();
  const IPS = ["203.0.113.77", "2001:db8::77"];
  const calls: Sent[] = [];
  for (const modern of [true, false]) {
    for (const f of fixtures) {
      calls.push(
        toolCall("get_pattern", { pattern_id: f.entry.id }, modern),
        toolCall("get_component", { pattern_id: f.entry.id }, modern),
      );
      for (const v of f.index.versions)
        calls.push(toolCall("get_component", { pattern_id: f.entry.id, version_id: v.versionId }, modern));
    }
    calls.push(
      toolCall("search_components", { query: "pattern", only_with_code: false, limit: 50 }, modern),
      toolCall("search_patterns", { query: "form", limit: 50 }, modern),
      toolCall("list_categories", {}, modern),
    );
  }
  for (const f of fixtures)
    for (const v of [...f.index.versions.map((x) => x.versionId), "active"]) {
      calls.push({
        method: "POST",
        headers: { ...JSON_HEADERS, "mcp-protocol-version": "2025-06-18" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "resources/read",
          params: { uri: `patttterns://components/${f.entry.id}/${v}` },
        }),
      });
    }

  it(`every tool, every fixture version, every resource (${calls.length * 2} calls)`, async () => {
    expect(AUTHOR_EMAILS.length).toBeGreaterThan(5);
    let served = 0;
    for (const ip of IPS) {
      for (const s of calls) {
        const out = await checkResponse(await app.handle(toRequest(s), { ip }), { ip });
        if (out.status === 200) served++;
      }
    }
    expect(served).toBe(calls.length * 2);
  });

  it("the page and the server card carry no e-mail or IP either", async () => {
    for (const ip of IPS) {
      const page = await app.handle(new Request(URL_MCP, { headers: { accept: "text/html" } }), { ip });
      const card = await app.handle(new Request("http://127.0.0.1:8888/.well-known/mcp/server-card.json"), { ip });
      for (const text of [await page.text(), await card.text()]) {
        expect(text).not.toMatch(/@patttterns\.com/);
        expect(text).not.toContain(ip);
      }
    }
  });
});

describe("secrets only from the environment", () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? files(p) : /\.(ts|js|json|toml)$/.test(n) ? [p] : [];
    });
  /** Shapes of real credentials, and secret-named identifiers assigned a literal. */
  const SECRET = [
    /(?:secret|token|passw(?:or)?d|api[_-]?key|salt|private[_-]?key)\w*["']?\s*[:=]\s*["'`][^"'`\s${}]{6,}["'`]/i,
    /\bnf[pcu]_[A-Za-z0-9]{20,}/,
    /\bAKIA[0-9A-Z]{16}\b/,
    /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
    /\bBearer\s+[A-Za-z0-9._~+/-]{16,}/,
    /\bgh[pousr]_[A-Za-z0-9]{30,}/,
    /\bAIza[0-9A-Za-z_-]{35}\b/,
    /\bsk-[A-Za-z0-9]{20,}/,
    /\bxox[abp]-[A-Za-z0-9-]{10,}/,
  ];
  const findings = (text: string) => SECRET.filter((re) => re.test(text)).map(String);

  it("the detector flags planted secrets (so it can fail)", () => {
    for (const planted of [
      'const USAGE_SECRET = "hunter2hunter2";',
      "token: 'abcdef123456'",
      "nfp_abcdefghijklmnopqrstuvwxyz1234",
      "AIzaSyA1234567890abcdefghijklmnopqrstuv",
      "Authorization: Bearer abcdefghijklmnopqrstuvwxyz",
    ]) {
      expect(findings(planted).length, planted).toBeGreaterThan(0);
    }
  });

  it("src/, netlify/ and netlify.toml hold no hard-coded secret", () => {
    const scanned = [...files(join(ROOT, "src")), ...files(join(ROOT, "netlify")), join(ROOT, "netlify.toml")];
    const hits = scanned.flatMap((p) => findings(readFileSync(p, "utf8")).map((f) => `${p.slice(ROOT.length)}: ${f}`));
    expect(scanned.length).toBeGreaterThan(20);
    expect(hits).toEqual([]);
  });
});

describe("security headers on the MCP page", () => {
  it("GET /mcp with Accept: text/html, in process", async () => {
    const res = await testApp().handle(
      new Request(URL_MCP, { headers: { accept: "text/html,application/xhtml+xml" } }),
    );
    expect(res.status).toBe(200);
    expectPageHeaders(res.headers);
  });

  it("reflects nothing from the request URL into the page unescaped", async () => {
    const res = await testApp().handle(
      new Request(`${URL_MCP}?q=<script>alert(1)</script>&"><img src=x onerror=alert(1)>`, {
        headers: { accept: "text/html" },
      }),
    );
    const html = await res.text();
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("onerror=alert");
  });
});
