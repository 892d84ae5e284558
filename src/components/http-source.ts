/** The Components API over HTTP (`COMPONENTS_API_BASE`): `op=versions` and `op=code`. */
import { domainError, failure } from "../errors.ts";
import { type ComponentSource, found, parseIndex, toTsx } from "./model.ts";
import { deadlineFetch, parseRead, readUpstream } from "./upstream.ts";

export interface HttpSourceOptions {
  base: string;
  deadlineMs: number;
  fetch?: typeof fetch;
}

const WHAT = "The Components API";

export function httpSource({ base, deadlineMs, fetch: baseFetch = fetch }: HttpSourceOptions): ComponentSource {
  /** The body of one operation, or null for a 404. */
  const get = (params: Record<string, string>) =>
    readUpstream<Uint8Array | null>(deadlineMs, WHAT, async (signal) => {
      const url = new URL(base);
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      const res = await deadlineFetch(baseFetch, signal)(url, { headers: { accept: "application/json, text/plain" } });
      if (res.status === 404) {
        await res.body?.cancel().catch(() => {});
        return found(null);
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => {});
        return failure(domainError.upstream_error(`${WHAT} failed: HTTP ${res.status}`));
      }
      try {
        return found(new Uint8Array(await res.arrayBuffer()));
      } catch (e) {
        // A body cut off mid-way is a network blip, worth the one retry; an abort is the deadline.
        if (signal.aborted) throw e;
        throw new Error(`body not received: ${e instanceof Error ? e.message : String(e)}`);
      }
    });
  return {
    versions: async (id) => parseRead(await get({ op: "versions", id }), parseIndex),
    tsx: async (id, version) => parseRead(await get({ op: "code", id, version }), toTsx),
  };
}
