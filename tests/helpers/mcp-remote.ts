/**
 * mcp-remote as Claude Desktop runs it from the page's config (`npx -y mcp-remote <url>`): its bin
 * spawned over stdio, with an SDK 1.x client standing in for the desktop app. It keeps its OAuth
 * state in a temporary directory, not the user's `~/.mcp-auth`.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const require = createRequire(import.meta.url);
/** The package's `mcp-remote` bin (its package.json does not export one to resolve). */
const BIN = join(dirname(require.resolve("mcp-remote/package.json")), "dist/proxy.js");
export const MCP_REMOTE_VERSION: string = require("mcp-remote/package.json").version;

/** The name mcp-remote forwards in `initialize` for a desktop client named `name`. */
export const viaMcpRemote = (name: string) => `${name} (via mcp-remote ${MCP_REMOTE_VERSION})`;

export async function connectMcpRemote(endpoint: string, clientInfo: { name: string; version: string }) {
  const configDir = await mkdtemp(join(tmpdir(), "mcp-remote-"));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, endpoint],
    env: { ...(process.env as Record<string, string>), MCP_REMOTE_CONFIG_DIR: configDir },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (d) => (stderr += d));
  const client = new Client(clientInfo);
  await client.connect(transport);
  return {
    client,
    /** What mcp-remote printed: its own log of every message it forwarded. */
    stderr: () => stderr,
    async close() {
      await client.close();
      await rm(configDir, { recursive: true, force: true });
    },
  };
}
