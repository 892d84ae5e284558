/**
 * The stored usage event's schema, which the monthly fold (fold.ts) reads stored events with. Apart
 * from event.ts, which the edge function loads: a cold isolate writes events and never parses one,
 * so it does not build this schema.
 */
import * as z from "zod/mini";
import "../zod-english.ts";

/** The stored event. The client is an HMAC (see hash.ts); the raw IP is only ever in the log line. */
export const UsageEvent = z.object({
  v: z.literal(1),
  ts: z.string(),
  method: z.string(),
  era: z.optional(z.string()),
  protocol_version: z.optional(z.string()),
  tool: z.optional(z.string()),
  pattern_id: z.optional(z.string()),
  version_id: z.optional(z.string()),
  /** A search's best match (`none` without a hit); never its query, which is kept apart (queries.ts). */
  search: z.optional(z.string()),
  /** validate_component: where the edit was parsed, `function` or `isolate` (none for the bytes unchanged). */
  validated_by: z.optional(z.string()),
  status: z.string(),
  http_status: z.number().check(z.int()),
  duration_ms: z.number().check(z.nonnegative()),
  bytes: z.number().check(z.int(), z.nonnegative()),
  agent: z.string(),
  /** Only on calls whose agent is unknown: their User-Agent, a hint and no more. */
  user_agent: z.optional(z.string()),
  client: z.nullable(z.string()),
});
export type UsageEvent = z.infer<typeof UsageEvent>;
