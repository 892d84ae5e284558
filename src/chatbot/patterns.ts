/** Turns a chat question into catalog patterns through the MCP tools. */
import { tokens } from "../catalog/normalize.ts";
import { LIMITS } from "../config.ts";
import type { Result } from "../errors.ts";
import type { McpClient } from "./mcp-client.ts";

/** What the chatbot (and its SSE `patterns` event) knows about a pattern. */
export interface Pattern {
  id: string;
  catalog_number: string;
  title: string;
  description: string;
  tags: string[];
  type: string;
  url: string;
  hasGeneratedComponent: boolean;
}

interface Hit {
  pattern_id: string;
  catalog_number: string;
  title: string;
  description: string;
  tags: string[];
  type: string;
  url: string;
  has_component: boolean;
}

const toPattern = (h: Hit): Pattern => ({
  id: h.pattern_id,
  catalog_number: h.catalog_number,
  title: h.title,
  description: h.description,
  tags: h.tags,
  type: h.type,
  url: h.url,
  hasGeneratedComponent: h.has_component,
});

type Search = { results: Hit[]; total: number };

/**
 * Matching patterns, best first: the question goes to search_patterns as it was asked, which reads
 * sentences (stems, UI synonyms, typos) and returns nothing for a question about nothing in the
 * catalog. A failure (after the client's retry) is returned: the caller then answers without
 * catalog context.
 */
export async function findPatterns(
  mcp: McpClient,
  question: string,
  limit = 6,
): Promise<Result<{ patterns: Pattern[] }>> {
  const query = question.trim().slice(0, LIMITS.queryChars);
  if (tokens(query).length === 0) return { ok: true, patterns: [] };
  const found = await mcp.callTool<Search>("search_patterns", { query, limit });
  return found.ok ? { ok: true, patterns: found.data.results.map(toPattern) } : found;
}
