/**
 * `npm start`'s local server, started as a user starts it (tests/setup/served.ts): every URL it shows
 * is the origin the client reached, directly or through a proxy; every listener of its process tree
 * binds loopback only and refuses a forged Host; the banner gives each client the page's config; the
 * terminal gets one short line per call while the log keeps all of it.
 */
import { readFile, readdir, readlink } from "node:fs/promises";
import { request } from "node:http";
import { networkInterfaces } from "node:os";
import { connect } from "node:net";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { banner } from "../../../scripts/local/banner.ts";
import { USAGE_LOG } from "../../../scripts/local/server.ts";
import { shortUsageLine } from "../../../scripts/local/usage-line.ts";
import { CARD_PATH } from "../../../src/page/card.ts";
import { clientConfigs } from "../../../src/page/configs.ts";
import { SKILL } from "../../../generated/skill.ts";
import { decodeHtml } from "../../helpers/html.ts";

const base = inject("servedUrl");
const pids = inject("servedPids");

/** A raw GET with exactly these headers (fetch would not let us set Host). */
function rawGet(
  port: number,
  path: string,
  headers: Record<string, string>,
  address = "127.0.0.1",
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: address, port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function page(headers: Record<string, string> = {}) {
  return decodeHtml(await (await fetch(`${base}/mcp`, { headers: { accept: "text/html", ...headers } })).text());
}
const endpointOf = (html: string) => /<code id="endpoint-url">([^<]+)<\/code>/.exec(html)?.[1];
const installOf = (html: string) => /<pre id="skill-install">([^<]+)<\/pre>/.exec(html)?.[1];

describe("the URLs the local server shows are the origin the client reached", () => {
  it("page: endpoint, every client config and the skill install line", async () => {
    const html = await page();
    expect(endpointOf(html)).toBe(`${base}/mcp`);
    for (const c of clientConfigs(`${base}/mcp`)) expect(html).toContain(c.text);
    expect(installOf(html)).toContain(` ${base}${SKILL.path} `);
  });

  it("server card", async () => {
    const card = await (await fetch(`${base}${CARD_PATH}`)).json();
    expect(card.remotes[0].url).toBe(`${base}/mcp`);
  });

  it("behind a proxy that names the public origin in X-Forwarded-Host and -Proto", async () => {
    const proxy = { "x-forwarded-host": "mcp.example.test", "x-forwarded-proto": "https" };
    const html = await page(proxy);
    expect(endpointOf(html)).toBe("https://mcp.example.test/mcp");
    expect(installOf(html)).toContain(" https://mcp.example.test/.well-known/");
    const card = await (await fetch(`${base}${CARD_PATH}`, { headers: proxy })).json();
    expect(card.remotes[0].url).toBe("https://mcp.example.test/mcp");
  });

  it("the banner prints, for every client the page names, the page's config", () => {
    const text = banner("test", base, { written: 0, unchanged: 1, conflicts: [] });
    for (const c of clientConfigs(`${base}/mcp`)) {
      expect(text).toContain(`  ${c.client}: ${c.where}\n`);
      expect(text).toContain(c.kind === "json" ? JSON.stringify(JSON.parse(c.text)) : c.text);
    }
    expect(text).toContain('{"servers":{"patttterns":{"type":"http"');
    expect(text).toContain('"command":"npx","args":["-y","mcp-remote"');
  });
});

/** Every process under `root`, itself included (from /proc). */
async function tree(root: number): Promise<number[]> {
  const parents = new Map<number, number>();
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const out = [root];
  for (let i = 0; i < out.length; i++) for (const [pid, ppid] of parents) if (ppid === out[i]) out.push(pid);
  return out;
}

/** `0100007F` → 127.0.0.1; a 32-digit IPv6 address in /proc's word order → its groups. */
function address(hex: string): string {
  if (hex.length === 8)
    return hex
      .match(/../g)!
      .reverse()
      .map((b) => parseInt(b, 16))
      .join(".");
  const words = hex.match(/.{8}/g)!.map((w) => w.match(/../g)!.reverse().join(""));
  return words
    .join("")
    .match(/.{4}/g)!
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":");
}

/** The TCP sockets the processes listen on, with the address each is bound to. */
async function listeners(processes: number[]): Promise<{ pid: number; address: string; port: number }[]> {
  const inodes = new Map<string, number>();
  for (const pid of processes) {
    for (const fd of await readdir(`/proc/${pid}/fd`).catch(() => [])) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => "");
      const m = /^socket:\[(\d+)\]$/.exec(target);
      if (m) inodes.set(m[1], pid);
    }
  }
  const out: { pid: number; address: string; port: number }[] = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of (await readFile(table, "utf8").catch(() => "")).split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      // f[1] local address:port, f[3] state (0A = LISTEN), f[9] inode
      if (f.length < 10 || f[3] !== "0A" || !inodes.has(f[9])) continue;
      const [addr, port] = f[1].split(":");
      out.push({ pid: inodes.get(f[9])!, address: address(addr), port: parseInt(port, 16) });
    }
  }
  return out;
}

const nonLoopback = () =>
  Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal)?.address;

const refused = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(5000, () => socket.destroy(new Error("timeout")));
    socket.on("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.on("error", () => resolve(true));
  });

describe("every listener of the local server", () => {
  let found: { pid: number; address: string; port: number }[];
  let auth: { authorization: string };
  beforeAll(async () => {
    const processes = [...new Set([...(await tree(pids.node)), ...(await tree(pids.edge))])];
    found = await listeners(processes);
    // Every test below checks each listener: none may pass by finding none.
    expect(found.length).toBeGreaterThanOrEqual(3);
    // The Blobs store's token, as the edge function is given it: to show that the store, too, refuses
    // a forged Host for a request it would otherwise answer.
    const environ = await readFile(`/proc/${pids.edge}/environ`, "utf8");
    const context = /NETLIFY_BLOBS_CONTEXT=([^\0]+)/.exec(environ)![1];
    auth = { authorization: `Bearer ${JSON.parse(Buffer.from(context, "base64").toString()).token}` };
  });

  it("are the edge (the served port), the origin and the Blobs store, all bound to 127.0.0.1", () => {
    expect(found.map((l) => l.port)).toContain(Number(new URL(base).port));
    expect(found.filter((l) => l.address !== "127.0.0.1")).toEqual([]);
  });

  it("none answers on the machine's non-loopback address", async (ctx) => {
    const address = nonLoopback();
    if (!address) return ctx.skip();
    for (const l of found) expect(await refused(address, l.port), `${address}:${l.port}`).toBe(true);
  });

  it("each refuses a forged Host with 403, and answers its own", async () => {
    for (const l of found) {
      const own = await rawGet(l.port, "/", { host: `127.0.0.1:${l.port}`, ...auth });
      expect(own.status, `port ${l.port} with its own Host`).not.toBe(403);
      for (const host of ["evil.example", `evil.example:${l.port}`, "127.0.0.1.nip.io"]) {
        const forged = await rawGet(l.port, "/", { host, ...auth });
        expect(forged.status, `port ${l.port} with Host ${host}`).toBe(403);
      }
    }
  });
});

describe("the terminal and the log", () => {
  it("the log file keeps a call's full [mcp-usage] line, which the terminal shortens to one line", async () => {
    const agent = `log-test-${Date.now().toString(36)}`;
    const body = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: agent, version: "1" } },
    };
    const res = await fetch(`${base}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    let line: string | undefined;
    for (let i = 0; i < 100 && !line; i++) {
      line = (await readFile(USAGE_LOG, "utf8")).split("\n").find((l) => l.includes(agent));
      if (!line) await new Promise((r) => setTimeout(r, 100));
    }
    expect(line).toMatch(/^\[mcp-usage\] \{.*"method":"initialize"/);
    expect(shortUsageLine(line!)).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d initialize ok [\\d.]+ ms ${agent}/1$`));
  });

  it("a line that is not a usage event is shown as it came", () => {
    expect(shortUsageLine("[mcp-usage] not json")).toBe("[mcp-usage] not json");
  });
});
