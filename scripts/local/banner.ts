/** What `npm start` prints when it is ready: where everything is, and every client's config for it. */
import { relative } from "node:path";
import { clientConfigs } from "../../src/page/configs.ts";
import { ROOT } from "../lib/repo-root.ts";
import { LOCAL_BLOBS_DIR } from "./blobs.ts";
import type { SeedResult } from "../lib/seed.ts";

/** The configs the MCP page shows (src/page/configs.ts), JSON on one line each. */
export function configLines(url: string): string[] {
  return clientConfigs(url).flatMap((c) => [
    `  ${c.client}: ${c.where}`,
    `    ${c.kind === "json" ? JSON.stringify(JSON.parse(c.text)) : c.text}`,
  ]);
}

/** `origin` is the URL users reach (http://127.0.0.1:8888); `extra` lines go under the store's. */
export function banner(how: string, origin: string, seed: SeedResult, extra: string[] = []): string {
  const url = `${origin}/mcp`;
  return [
    `PATTTTERNS MCP is serving the real edge function on Deno (${how}).`,
    "",
    `  Endpoint      ${url}`,
    `  Browser page  ${url} (these configs, with copy buttons)`,
    `  Server card   ${origin}/.well-known/mcp/server-card.json`,
    `  Store         components seeded: ${seed.written} written, ${seed.unchanged} unchanged (${relative(ROOT, LOCAL_BLOBS_DIR)})`,
    ...extra,
    "",
    "Paste into your MCP client:",
    ...configLines(url),
    "",
    "Ctrl-C stops it.",
  ].join("\n");
}
