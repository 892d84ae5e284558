/**
 * What every variant is asked, byte for byte the same: four JSON-RPC requests of the 2025-11-25
 * era (the newest revision the official SDK speaks), stateless, as an MCP client sends them.
 */
export const PROTOCOL = "2025-11-25";

export const HEADERS = {
  "Content-Type": "application/json",
  // The SDK's transport refuses a POST whose Accept lacks either type.
  Accept: "application/json, text/event-stream",
  "MCP-Protocol-Version": PROTOCOL,
};

export const VARIANTS = ["ours", "sdk", "sdk_shared_validator", "raw"] as const;
export type Variant = (typeof VARIANTS)[number];

export const SCENARIOS = ["tools_list", "search_components", "get_component_memory", "get_component_blobs"] as const;
export type Scenario = (typeof SCENARIOS)[number];

/** The pattern get_component fetches: a mid-sized fixture component, by the pattern_id search returns. */
export const GET_PATTERN = "sidebar-navigation";
export const SEARCH_QUERY = "navigation";
/** The catalog's largest component (30 KB), which validate_component is measured on. */
export const LARGEST_FIXTURE = "data-table";

const call = (name: string, args: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } });

export function scenarioBody(scenario: Scenario, patternId: string): string {
  switch (scenario) {
    case "tools_list":
      return JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
    case "search_components":
      return call("search_components", { query: SEARCH_QUERY });
    default:
      return call("get_component", { pattern_id: patternId });
  }
}

/** One benchmark request, as a client on loopback sends it (to `origin`: get_component names it in its result). */
export const mcpRequest = (body: string, origin = "http://127.0.0.1") =>
  new Request(`${origin}/mcp`, { method: "POST", headers: HEADERS, body });

/** get_component over Blobs is served by a second app whose component source is the Blobs store. */
export const sourceOf = (scenario: Scenario) => (scenario === "get_component_blobs" ? "blobs" : "memory");

/** Port of a variant: memory apps first, then the Blobs-backed ones. */
export const portOf = (base: number, variant: Variant, source: "memory" | "blobs") =>
  base + VARIANTS.indexOf(variant) + (source === "blobs" ? VARIANTS.length : 0);
