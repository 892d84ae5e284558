/**
 * The chatbot's component awareness: one record per answer (`chat/YYYY-MM/<time>-<random>.json`)
 * of how many patterns its payload held, how many carried `hasGeneratedComponent`, and how many have
 * a component. Counts only: never the question, never the answer, never who asked.
 */
import * as z from "zod/mini";
import "../zod-english.ts";
import { hex } from "../hex.ts";
import type { KV } from "../storage/blobs.ts";
import { withinDeadline } from "../timer.ts";
import { monthOf } from "./event.ts";

export const chatKeys = {
  prefix: (month: string) => `chat/${month}/`,
  record: (month: string, id: string) => `chat/${month}/${id}.json`,
};

const count = z.number().check(z.int(), z.nonnegative());
export const ChatRecord = z.object({
  v: z.literal(1),
  ts: z.string(),
  /** Whether the catalog answered; an unavailable catalog gives an answer without patterns. */
  catalog: z.enum(["ok", "unavailable"]),
  patterns: count,
  with_flag: count,
  with_component: count,
});
export type ChatRecord = z.infer<typeof ChatRecord>;

/** The counts of one answer's pattern payload. */
export function chatRecord(
  patterns: readonly { hasGeneratedComponent?: unknown }[],
  catalog: "ok" | "unavailable",
  at: Date,
): ChatRecord {
  const flagged = patterns.filter((p) => typeof p.hasGeneratedComponent === "boolean");
  return {
    v: 1,
    ts: at.toISOString(),
    catalog,
    patterns: patterns.length,
    with_flag: flagged.length,
    with_component: flagged.filter((p) => p.hasGeneratedComponent === true).length,
  };
}

/**
 * Stores one answer's record under a unique key (as events are: no shared blob to race on), within
 * `deadlineMs`. Rejects on failure: the chatbot logs it and answers as usual.
 */
export function chatRecorder(opts: { open: () => KV; deadlineMs: number; now?: () => Date }) {
  const now = opts.now ?? (() => new Date());
  return async (patterns: readonly { hasGeneratedComponent?: unknown }[], catalog: "ok" | "unavailable") => {
    const at = now();
    const month = monthOf(at);
    const id = `${at.toISOString().replace(/[-:.]/g, "")}-${hex(crypto.getRandomValues(new Uint8Array(8)))}`;
    const record = chatRecord(patterns, catalog, at);
    await withinDeadline(
      opts.deadlineMs,
      () => new Error(`the usage store did not confirm within ${opts.deadlineMs} ms`),
      () => opts.open().set(chatKeys.record(month, id), JSON.stringify(record)),
    );
  };
}
