/** The default component source: the Components API's own Netlify Blobs store (same site, fewest hops). */
import type { KV, OpenOptions } from "../storage/blobs.ts";
import { deadlineFetch, withDeadline } from "./deadline.ts";
import { blobKeys, type ComponentSource, parseIndex, toTsx } from "./model.ts";

export interface BlobsSourceOptions {
  open: (opts: Pick<OpenOptions, "fetch" | "consistency">) => KV;
  deadlineMs: number;
  fetch?: typeof fetch;
}

/**
 * Status handed to the Blobs client in place of a failure. Its own retry loop retries thrown errors,
 * 429 and 5xx five times, 5 s apart (1 ms under NODE_ENV=test, which hides it in tests): far past any
 * deadline, and it would turn a failing store into `upstream_timeout`. A 4xx it does not retry makes it
 * give up at once; the real failure is kept and rethrown, so the single retry is ours, within the deadline.
 */
const GIVE_UP = 499;

export function blobsSource({ open, deadlineMs, fetch: base = fetch }: BlobsSourceOptions): ComponentSource {
  const read = (key: string, consistency: "strong" | "eventual") =>
    withDeadline(deadlineMs, "The Components store", async (signal) => {
      let failure: unknown;
      const bounded = deadlineFetch(base, signal);
      const guarded: typeof fetch = async (input, init) => {
        try {
          return await bounded(input, init);
        } catch (e) {
          failure ??= e;
          return new Response(null, { status: GIVE_UP });
        }
      };
      try {
        return await open({ fetch: guarded, consistency }).get(key);
      } catch (e) {
        throw failure ?? e;
      }
    });
  return {
    async versions(patternId) {
      // Strong reads for the active pointer, so a regenerate is visible at once.
      const bytes = await read(blobKeys.index(patternId), "strong");
      return bytes === null ? null : parseIndex(bytes);
    },
    async tsx(patternId, versionId) {
      const bytes = await read(blobKeys.tsx(patternId, versionId), "eventual");
      return bytes === null ? null : toTsx(bytes);
    },
  };
}
