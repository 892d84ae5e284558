/** Copy-paste client configurations for one endpoint URL, in the order the page shows them. */

export interface ClientConfig {
  id: string;
  client: string;
  /** Where the snippet goes. */
  where: string;
  /** The exact text to paste. */
  text: string;
  kind: "json" | "shell";
  note?: string;
}

const json = (v: unknown) => JSON.stringify(v, null, 2);

export function clientConfigs(url: string): ClientConfig[] {
  return [
    {
      id: "cursor",
      client: "Cursor",
      where: "~/.cursor/mcp.json (or .cursor/mcp.json in a project)",
      kind: "json",
      text: json({ mcpServers: { patttterns: { url } } }),
    },
    {
      id: "windsurf",
      client: "Windsurf",
      where: "~/.codeium/windsurf/mcp_config.json",
      kind: "json",
      text: json({ mcpServers: { patttterns: { serverUrl: url } } }),
    },
    {
      id: "vscode",
      client: "VS Code",
      where: ".vscode/mcp.json (or MCP: Add Server → HTTP)",
      kind: "json",
      text: json({ servers: { patttterns: { type: "http", url } } }),
    },
    {
      id: "claude-code",
      client: "Claude Code",
      where: "a terminal",
      kind: "shell",
      text: `claude mcp add --transport http patttterns ${url}`,
    },
    {
      id: "claude-desktop",
      client: "Claude Desktop",
      where: "claude_desktop_config.json (Settings → Developer → Edit Config)",
      kind: "json",
      text: json({ mcpServers: { patttterns: { command: "npx", args: ["-y", "mcp-remote", url] } } }),
      note: "Or Settings → Connectors → Add custom connector, with the URL above (public URLs only).",
    },
  ];
}
