/** The deploy smoke against the edge function on Netlify's local emulation: passing runs, and runs that must fail. */
import { execFile } from "node:child_process";
import { createServer } from "node:http";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../../scripts/lib/repo-root.ts";
import { runSmoke } from "../../../scripts/ops/smoke/check.ts";
import { percentile } from "../../../scripts/lib/stats.ts";
import { startComponentsApi } from "../../helpers/components-api.ts";
import { fixtures } from "../../helpers/app.ts";
import { EMULATED, LOCAL } from "../../helpers/served.ts";
import { VALIDATE_FUNCTION_PATH } from "../../../src/validate/validator.ts";

// The full passing run (two runs of every check) goes through Netlify's emulation. The other runs ask
// `npm start`'s Deno server, which serves the same edge function from the same seeded store in
// milliseconds rather than a fresh Deno worker per request (~0.3 s of CPU each): the run against a
// Components API and the CLI's passing run test what the smoke compares and prints, and the runs that
// must fail its judgement of what it is given (tampered bytes, a flaky or wrong endpoint).
const endpoint = `${EMULATED.url}/mcp`;
const local = `${LOCAL.url}/mcp`;
const storeDir = join(ROOT, ".netlify/blobs-serve");
const run = promisify(execFile);

// The smoke's record in the usage store has its own test (tests/served/usage/smoke-record.test.ts); these
// runs against test servers must not appear in the local review as deploys.
async function cli(args: string[]) {
  try {
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", "scripts/ops/smoke.ts", "--no-record", ...args],
      {
        cwd: ROOT,
        timeout: 120_000,
      },
    );
    return { code: 0, out: stdout };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout + err.stderr };
  }
}

const names = (steps: { name: string }[]) => [...new Set(steps.map((s) => s.name))];

type Answer = { status: number; body: Buffer };
/**
 * A server in front of `npm start`'s endpoint: every request goes through `answer`, whose `forward`
 * sends it on (method, path, headers and body) and returns the endpoint's answer.
 */
async function proxy(answer: (forward: () => Promise<Answer>, path: string) => Promise<Answer>) {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const path = req.url ?? "/";
    const forward = async () => {
      const headers = { ...(req.headers as Record<string, string>) };
      delete headers.host;
      const out = await fetch(`${LOCAL.url}${path}`, {
        method: req.method,
        headers,
        body: req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks),
      });
      return { status: out.status, body: Buffer.from(await out.arrayBuffer()) };
    };
    const { status, body } = await answer(forward, path);
    res.writeHead(status, { "content-type": "application/json" }).end(body);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    },
  };
}

// Each served request costs ~0.2–1.5 s in the emulator (a fresh Deno worker), more on a loaded machine.
describe("runSmoke against the served endpoint", { timeout: 180_000 }, () => {
  it("passes every check against the local store, with latency per call", async () => {
    // One run here: every check once through Netlify's runtime; the latency over several runs is
    // the next test's, on npm start's server.
    const report = await runSmoke({ url: endpoint, runs: 1, query: "sidebar", storeDir });
    expect(report.steps.filter((s) => !s.ok)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(names(report.steps)).toEqual([
      "server/discover",
      "initialize",
      "tools/list",
      "search_components",
      "get_component (active)",
      "sha256 (active)",
      "registry (active)",
      "validate_component",
      "validate function",
      "get_component (seed)",
      "sha256 (seed)",
      "registry (seed)",
    ]);
    expect(report.latency.map((r) => r.name)).toEqual([
      "server/discover",
      "initialize",
      "tools/list",
      "search_components",
      "get_component (active)",
      "registry (active)",
      "validate_component",
      "validate function",
      "get_component (seed)",
      "registry (seed)",
    ]);
    // The registry items get_component names: the active one without a version, the pinned one with it.
    const item = (name: string) => report.steps.find((s) => s.name === name)!.detail;
    expect(item("registry (active)")).toMatch(/^\/r\/sidebar-navigation\.json: [0-9a-f]{16}… = get_component$/);
    expect(item("registry (seed)")).toMatch(/^\/r\/sidebar-navigation\.json\?version=seed: /);
    const active = /^#\d+ (\w+),/.exec(item("get_component (active)"))![1];
    expect(item("validate function")).toBe(`ok, no findings, against ${active}`);
    for (const r of report.latency) {
      expect(r.n).toBe(1);
      expect(r.p95).toBeGreaterThan(0);
      expect(r.p95).toBeLessThanOrEqual(r.max);
    }
  });

  it("passes against a Components API serving the same bytes (op=active, op=code), with latency over the runs", async () => {
    const api = await startComponentsApi(fixtures);
    try {
      const report = await runSmoke({
        url: local,
        runs: 3,
        query: "sidebar",
        componentsApi: api.url,
        version: "v1",
      });
      expect(report.ok).toBe(true);
      expect(report.reference).toBe(`Components API ${api.url}`);
      expect(api.requests.some((r) => r.includes("op=active"))).toBe(true);
      expect(api.requests.some((r) => r.includes("op=code") && r.includes("version=v1"))).toBe(true);
      expect(report.latency.length).toBeGreaterThan(0);
      for (const r of report.latency) {
        expect(r.n).toBe(3);
        expect(r.p95).toBeGreaterThan(0);
        expect(r.p95).toBeLessThanOrEqual(r.max);
      }
    } finally {
      await api.stop();
    }
  });

  it("fails when the reference bytes differ by one byte", async () => {
    const tampered = fixtures.map((f) =>
      f.entry.catalogNumber !== 123
        ? f
        : {
            ...f,
            code: f.code.map((c) =>
              c.versionId !== f.index.activeVersionId ? c : { ...c, bytes: Uint8Array.from([...c.bytes, 0x20]) },
            ),
          },
    );
    const api = await startComponentsApi(tampered);
    try {
      const report = await runSmoke({ url: local, runs: 2, query: "sidebar", componentsApi: api.url });
      expect(report.ok).toBe(false);
      const failed = report.steps.filter((s) => !s.ok);
      expect(failed.map((s) => s.name)).toEqual(["sha256 (active)"]);
      expect(failed[0].detail).toMatch(/≠ reference/);
      // A failed run ends the smoke: no second run repeats it.
      expect(report.steps.every((s) => s.run === 1)).toBe(true);
    } finally {
      await api.stop();
    }
  });

  it("retries a transient failure once and passes", async () => {
    let seen = 0;
    const flaky = await proxy(async (forward) =>
      seen++ === 0 ? { status: 503, body: Buffer.from("busy") } : forward(),
    );
    try {
      const report = await runSmoke({ url: `${flaky.url}/mcp`, runs: 1, query: "sidebar", storeDir });
      expect(report.ok).toBe(true);
      expect(report.steps[0]).toMatchObject({ name: "server/discover", ok: true, retried: true });
      expect(report.steps.slice(1).every((s) => !s.retried)).toBe(true);
    } finally {
      await flaky.stop();
    }
  });

  it("fails when the registry serves other bytes than get_component, and when it serves no item", async () => {
    // The endpoint as it is, but for the registry's item, whose file gains one byte (or which is gone).
    const tampering = (gone: boolean) =>
      proxy(async (forward, path) => {
        const out = await forward();
        if (!path.startsWith("/r/")) return out;
        if (gone) return { status: 404, body: Buffer.from('{"error":"not_found","message":"gone"}') };
        const item = JSON.parse(out.body.toString("utf8"));
        item.files[0].content += " ";
        return { status: out.status, body: Buffer.from(JSON.stringify(item)) };
      });
    for (const gone of [false, true]) {
      const broken = await tampering(gone);
      try {
        const report = await runSmoke({ url: `${broken.url}/mcp`, runs: 2, query: "sidebar", storeDir });
        expect(report.ok).toBe(false);
        const failed = report.steps.filter((s) => !s.ok);
        expect(failed.map((s) => s.name)).toEqual(["registry (active)"]);
        expect(failed[0].detail).toMatch(
          gone ? /HTTP 404 for \/r\/sidebar-navigation\.json/ : /file sha256 .* ≠ get_component/,
        );
        expect(report.steps.every((s) => s.run === 1)).toBe(true);
      } finally {
        await broken.stop();
      }
    }
  });

  it("fails when the validate function is missing, though validate_component still answers", async () => {
    // The endpoint behind the proxy reaches its own function directly; the smoke's request to the
    // function goes through the proxy, which answers as a deploy without the function would.
    const missing = await proxy(async (forward, path) =>
      path.startsWith(VALIDATE_FUNCTION_PATH) ? { status: 404, body: Buffer.from("Not found") } : forward(),
    );
    try {
      const report = await runSmoke({ url: `${missing.url}/mcp`, runs: 2, query: "sidebar", storeDir });
      expect(report.ok).toBe(false);
      const failed = report.steps.filter((s) => !s.ok);
      expect(failed.map((s) => s.name)).toEqual(["validate function"]);
      expect(failed[0].detail).toMatch(/HTTP 404 for \/\.netlify\/functions\/validate/);
      expect(report.steps.find((s) => s.name === "validate_component")).toMatchObject({ ok: true });
    } finally {
      await missing.stop();
    }
  });

  it("computes nearest-rank percentiles", () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([5, 1, 3, 2, 4], 95)).toBe(5);
    expect(
      percentile(
        Array.from({ length: 20 }, (_, i) => i + 1),
        95,
      ),
    ).toBe(19);
  });
});

describe("npm run smoke (the CLI)", { timeout: 180_000 }, () => {
  it("exits 0 against the served endpoint and prints the latency table", async () => {
    const { code, out } = await cli(["--url", local, "--runs", "1"]);
    expect(out).toContain("PASS");
    expect(out).toMatch(/latency \(ms\)\s+n\s+p50\s+p95\s+max/);
    expect(out).toMatch(/get_component \(active\)\s+1\s+\d+/);
    expect(code).toBe(0);
  });

  it("exits non-zero for a wrong URL, after one retry", async () => {
    const closed = createServer();
    closed.listen(0, "127.0.0.1");
    await once(closed, "listening");
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const { code, out } = await cli(["--url", `http://127.0.0.1:${port}/mcp`, "--runs", "2"]);
    expect(code).toBe(1);
    expect(out).toMatch(/✗ server\/discover .*unreachable.*\(after one retry\)/);
    expect(out).toContain("FAIL");
  });

  it("exits 1 for a path that is not an MCP endpoint", async () => {
    const { code, out } = await cli(["--url", `${LOCAL.url}/not-mcp`, "--runs", "1"]);
    expect(code).toBe(1);
    expect(out).toContain("FAIL");
  });

  it("exits 2 on bad usage: a deployed URL without a Components API to compare with", async () => {
    const { code, out } = await cli(["--url", "https://patttterns.example/mcp"]);
    expect(code).toBe(2);
    expect(out).toContain("--components-api");
  });
});
