/**
 * The deploy smoke's outcome in the usage store (`smoke/YYYY-MM/<time>-<random>.json`), for the
 * monthly review's payload fidelity: when it ran, against which endpoint and reference, how many
 * `get_component` checks it made and how many of their code hashes matched the reference's bytes
 * (the Components API, or the local store). Never the code, never a hash of it.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { KV } from "../../../src/storage/blobs.ts";
import type { SmokeReport } from "./check.ts";

export const smokeKeys = {
  prefix: (month: string) => `smoke/${month}/`,
  record: (month: string, id: string) => `smoke/${month}/${id}.json`,
};

export const SmokeRecord = z.object({
  v: z.literal(1),
  ts: z.string(),
  url: z.string(),
  reference: z.string(),
  runs: z.number().int().nonnegative(),
  ok: z.boolean(),
  /** get_component calls made (active and pinned, every run). */
  get_component_checks: z.number().int().nonnegative(),
  /** Of those, payloads whose component_code hashed to the reference's bytes. */
  hashes_matched: z.number().int().nonnegative(),
});
export type SmokeRecord = z.infer<typeof SmokeRecord>;

/** The record of a finished smoke. The hash steps follow the get_component steps one to one (check.ts). */
export function smokeRecord(report: SmokeReport, url: string, runs: number, at = new Date()): SmokeRecord {
  return {
    v: 1,
    ts: at.toISOString(),
    url,
    reference: report.reference,
    runs,
    ok: report.ok,
    get_component_checks: report.steps.filter((s) => s.name.startsWith("get_component")).length,
    hashes_matched: report.steps.filter((s) => s.name.startsWith("sha256") && s.ok).length,
  };
}

export async function storeSmokeRecord(kv: KV, record: SmokeRecord): Promise<string> {
  const id = `${record.ts.replace(/[-:.]/g, "")}-${randomBytes(8).toString("hex")}`;
  const key = smokeKeys.record(record.ts.slice(0, 7), id);
  await kv.set(key, JSON.stringify(record));
  return key;
}

/** The month's smoke runs, oldest first; a record that does not parse is skipped and named to `warn`. */
export async function readSmokeRecords(
  kv: KV,
  month: string,
  warn: (line: string) => void = (l) => console.error(l),
): Promise<SmokeRecord[]> {
  const out: SmokeRecord[] = [];
  const prefix = smokeKeys.prefix(month);
  for (const key of (await kv.list(prefix)).filter((k) => k.startsWith(prefix) && k.endsWith(".json")).sort()) {
    const bytes = await kv.get(key);
    let parsed: ReturnType<typeof SmokeRecord.safeParse> | undefined;
    try {
      parsed = bytes ? SmokeRecord.safeParse(JSON.parse(new TextDecoder().decode(bytes))) : undefined;
    } catch {
      parsed = undefined;
    }
    if (parsed?.success) out.push(parsed.data);
    else warn(`skipping ${key}: not a smoke record`);
  }
  return out;
}
