/**
 * Against `npm start`: three clients, from three loopback addresses (the local server reports the
 * socket's address as the client IP, as Netlify reports the caller's), each search for something the
 * catalog lacks. The review of the local store then lists the query with its three clients, in
 * text, JSON and HTML. The store is shared with other tests and runs (and with whoever tried `npm
 * start` in this checkout), so the query is this run's own: a word of random consonants, which the
 * catalog cannot match, ends it. Any earlier query from a fourth address would make it four clients.
 */
import { request } from "node:http";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthOf } from "../../../src/usage/event.ts";
import { SERVED } from "../../helpers/served.ts";
import { reportCli } from "../../helpers/usage.ts";

const NONCE = Array.from({ length: 8 }, () => "bcdfghjklmnpqrstvwxz"[Math.floor(Math.random() * 20)]).join("");
const QUERY = `holographic litter box for cats ${NONCE}`;
const ADDRESSES = ["127.0.0.2", "127.0.0.3", "127.0.0.4"];
const MONTH = monthOf(new Date());

/** One 2026-07-28 search_patterns call from `localAddress`. */
function search(localAddress: string): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: {
      name: "search_patterns",
      arguments: { query: QUERY },
      _meta: {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": { name: `cats-${localAddress}`, version: "1" },
      },
    },
  });
  const url = new URL(`${SERVED[0].url}/mcp`);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        localAddress,
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2026-07-28",
          "mcp-method": "tools/call",
          "mcp-name": "search_patterns",
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

type Row = { query: string; count: number; clients: number };
const rowOf = (r: { unanswered: { queries: Row[] } }) => r.unanswered.queries.find((q) => q.query === QUERY);
const review = async (args: string[] = []) => (await reportCli(["--month", MONTH, ...args])).stdout;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "usage-served-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("against npm start: three clients search for what the catalog lacks", { timeout: 180_000 }, () => {
  it("the review lists the query with its three clients, in text, JSON and HTML", async () => {
    const before = rowOf(JSON.parse(await review(["--json", "--all-queries"])))?.count ?? 0;
    for (const address of ADDRESSES) {
      const res = await search(address);
      expect(res.status).toBe(200);
      expect(JSON.parse(JSON.parse(res.body).result.content[0].text).total).toBe(0);
    }
    // The local server writes after the response, as production does: review until the records land.
    const deadline = Date.now() + 60_000;
    let row: Row | undefined;
    for (;;) {
      row = rowOf(JSON.parse(await review(["--json", "--all-queries"])));
      if ((row?.count ?? 0) >= before + 3 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    // Three clients, whatever earlier runs sent: the same address hashes the same within a month.
    expect(row).toMatchObject({ query: QUERY, count: before + 3, clients: 3 });

    const file = join(dir, "review.html");
    const text = await review(["--all-queries", "--html", file]);
    expect(text).toMatch(new RegExp(`${before + 3} +\\(3 clients; none ${before + 3}, weak 0\\) +${QUERY}`));
    const html = await readFile(file, "utf8");
    expect(html).toContain(`<td>${QUERY}</td><td>${before + 3}</td><td>3</td>`);
    expect(html).toContain('aria-label="Weekly volume"');
  });
});
