/**
 * The local edge's routing (scripts/local/edge-routes.ts) on Deno, which has URLPattern: the edge
 * function takes exactly the requests its `config` declares, the rest go on to the origin.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { DENO } from "../../../scripts/local/deno-serve.ts";
import { ROOT } from "../../../scripts/lib/repo-root.ts";

/** Runs each config's router over [method, path] cases in Deno; the params, or null when not taken. */
async function routes(
  cases: { config: unknown; requests: [string, string][] }[],
): Promise<(Record<string, string> | null)[][]> {
  const module = pathToFileURL(join(ROOT, "scripts/local/edge-routes.ts")).href;
  const script = `import { router } from ${JSON.stringify(module)};
const cases = ${JSON.stringify(cases)};
console.log(JSON.stringify(cases.map((c) => { const route = router(c.config); return c.requests.map(([m, p]) => route(m, p) ?? null); })));`;
  const { stdout } = await promisify(execFile)(DENO, ["eval", "--quiet", script], { cwd: ROOT });
  return JSON.parse(stdout);
}

describe("edge routes, on Deno", () => {
  it("takes the MCP function's paths, and only those", async () => {
    const config = { path: ["/mcp", "/.well-known/mcp/server-card.json"] };
    const [out] = await routes([
      {
        config,
        requests: [
          ["POST", "/mcp"],
          ["GET", "/.well-known/mcp/server-card.json"],
          ["GET", "/mcp/"],
          ["GET", "/"],
          ["POST", "/.netlify/functions/chatbot-proxy"],
          ["GET", "/assets/mcp-page.css"],
        ],
      },
    ]);
    expect(out).toEqual([{}, {}, null, null, null, null]);
  });

  it("URLPattern paths with params and wildcards, excluded paths, patterns and methods", async () => {
    const out = await routes([
      {
        config: { path: "/items/:id", excludedPath: "/items/secret" },
        requests: [
          ["GET", "/items/42"],
          ["GET", "/items/secret"],
          ["GET", "/items"],
        ],
      },
      {
        config: { path: "/api/*", method: ["GET", "POST"] },
        requests: [
          ["GET", "/api/a/b"],
          ["DELETE", "/api/a"],
          ["GET", "/apix"],
        ],
      },
      {
        config: { pattern: "^/re/\\d+$", excludedPattern: "^/re/0$" },
        requests: [
          ["GET", "/re/7"],
          ["GET", "/re/0"],
          ["GET", "/re/x"],
        ],
      },
      { config: {}, requests: [["GET", "/"]] },
    ]);
    expect(out[0]).toEqual([{ id: "42" }, null, null]);
    expect(out[1]).toEqual([{ 0: "a/b" }, null, null]);
    expect(out[2]).toEqual([{}, null, null]);
    expect(out[3]).toEqual([null]);
  });
});
