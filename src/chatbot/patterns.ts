/**
 * Turns a chat question into catalog patterns through the MCP tools. The catalog's search is
 * token-AND, so a whole sentence rarely matches: keep the content words, try them together, and
 * broaden to one search per word when that finds too little.
 */
import { normalize } from "../catalog/normalize.ts";
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

/**
 * Question words and words every pattern matches ("pattern", "component", "ui" are in the types and
 * sections of the whole catalog), which would make token-AND match nothing or everything.
 */
const STOPWORDS = new Set(
  ("a an and are as at be best build can could create design do does for from get give good have help how i i'd i'm " +
    "implement in into is it its like make me my need of on or our should show some that the their them there these this " +
    "to use using want way we what when where which who why will with would you your ui ux pattern patterns component " +
    "components example examples app website site page").split(" "),
);

/** Content words of a question, in order, deduplicated, at most `max`. */
export function keywords(question: string, max = 6): string[] {
  const out: string[] = [];
  for (const w of normalize(question).split(" ")) {
    if (w.length < 2 || STOPWORDS.has(w) || out.includes(w)) continue;
    out.push(w);
    if (out.length === max) break;
  }
  return out;
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
 * Matching patterns, best first. Throws (an McpCallError) when the first search fails after its
 * retry: the caller then answers without catalog context. Broadening searches that fail are skipped.
 */
export async function findPatterns(mcp: McpClient, question: string, limit = 6): Promise<Pattern[]> {
  const words = keywords(question);
  if (words.length === 0) return [];
  const first = await mcp.callTool<Search>("search_patterns", { query: words.join(" "), limit });
  if (first.results.length >= Math.ceil(limit / 2) || words.length === 1) return first.results.map(toPattern);

  // Too few hits for all words together: fuse one search per word by reciprocal rank, so a pattern
  // near the top of several searches wins; the all-words hits lead. k = 5 keeps rank 1 and rank 3 close.
  const settled = await Promise.allSettled(words.map((w) => mcp.callTool<Search>("search_patterns", { query: w, limit: limit * 2 })));
  const fused = new Map<string, { hit: Hit; score: number }>();
  const add = (hit: Hit, score: number) => {
    const seen = fused.get(hit.pattern_id);
    if (seen) seen.score += score;
    else fused.set(hit.pattern_id, { hit, score });
  };
  first.results.forEach((hit) => add(hit, words.length));
  for (const s of settled) if (s.status === "fulfilled") s.value.results.forEach((hit, rank) => add(hit, 1 / (5 + rank)));
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.hit.catalog_number.localeCompare(b.hit.catalog_number, "en", { numeric: true }))
    .slice(0, limit)
    .map((r) => toPattern(r.hit));
}
