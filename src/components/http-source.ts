/** The Components API over HTTP (`COMPONENTS_API_BASE`): `op=versions` and `op=code`. */
import { deadlineFetch, TransientError, withDeadline } from "./deadline.ts";
import { type ComponentSource, parseIndex, toTsx } from "./model.ts";

export interface HttpSourceOptions {
  base: string;
  deadlineMs: number;
  fetch?: typeof fetch;
}

export function httpSource({ base, deadlineMs, fetch: baseFetch = fetch }: HttpSourceOptions): ComponentSource {
  const get = (params: Record<string, string>) =>
    withDeadline(deadlineMs, "The Components API", async (signal) => {
      const url = new URL(base);
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      const res = await deadlineFetch(baseFetch, signal)(url, { headers: { accept: "application/json, text/plain" } });
      if (res.status === 404) {
        await res.body?.cancel().catch(() => {});
        return null;
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => {});
        throw new Error(`HTTP ${res.status}`);
      }
      try {
        return new Uint8Array(await res.arrayBuffer());
      } catch (e) {
        // A body cut off mid-way is a network blip, worth the one retry; an abort is the deadline.
        if (signal.aborted) throw e;
        throw new TransientError(`body not received: ${e instanceof Error ? e.message : String(e)}`);
      }
    });
  return {
    async versions(id) {
      const bytes = await get({ op: "versions", id });
      return bytes === null ? null : parseIndex(bytes);
    },
    async tsx(id, version) {
      const bytes = await get({ op: "code", id, version });
      return bytes === null ? null : toTsx(bytes);
    },
  };
}
