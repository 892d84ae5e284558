/** `npm start`: the endpoint on http://127.0.0.1:8888/mcp (PORT overrides), offline, store seeded. */
import { startDevServer } from "./lib/dev-server.ts";

const port = Number(process.env.PORT ?? 8888);
const dev = await startDevServer({ port });
const url = `${dev.url}/mcp`;
console.log(`
PATTTTERNS MCP is serving the real edge function on Deno (Netlify local emulation).

  Endpoint     ${url}
  Browser page ${url} (open it in a browser)
  Server card  ${dev.url}/.well-known/mcp/server-card.json
  Store        components seeded: ${dev.seed.written} written, ${dev.seed.unchanged} unchanged

Paste into your MCP client (Cursor, VS Code, Claude Desktop via mcp-remote):
  { "mcpServers": { "patttterns": { "url": "${url}" } } }
Claude Code:
  claude mcp add --transport http patttterns ${url}

Ctrl-C stops it.`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log("\nStopping…");
    await dev.stop();
    process.exit(0);
  });
}
