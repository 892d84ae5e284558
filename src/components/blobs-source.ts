/** The default component source: the Components API's own Netlify Blobs store (same site, fewest hops). */
import { domainError, failure } from "../errors.ts";
import type { KV, OpenOptions } from "../storage/blobs.ts";
import { blobKeys, type ComponentSource, found, parseIndex, toTsx } from "./model.ts";
import { deadlineFetch, parseRead, readUpstream } from "./upstream.ts";

export interface BlobsSourceOptions {
  open: (opts: Pick<OpenOptions, "fetch" | "consistency">) => KV;
  deadlineMs: number;
  fetch?: typeof fetch;
}

const WHAT = "The Components store";

/**
 * Status handed to the Blobs client in place of a failure. Its own retry loop retries thrown errors,
 * 429 and 5xx five times, 5 s apart (1 ms under NODE_ENV=test, which hides it in tests): far past any
 * deadline, and it would turn a failing store into `upstream_timeout`. A 4xx it does not retry makes it
 * give up at once; the real failure is kept and rethrown, so the single retry is ours, within the deadline.
 */
const GIVE_UP = 499;

export function blobsSource({ open, deadlineMs, fetch: base = fetch }: BlobsSourceOptions): ComponentSource {
  const get = (key: string, consistency: "strong" | "eventual") =>
    readUpstream<Uint8Array | null>(deadlineMs, WHAT, async (signal) => {
      let thrown: unknown;
      const bounded = deadlineFetch(base, signal);
      const guarded: typeof fetch = async (input, init) => {
        try {
          return await bounded(input, init);
        } catch (e) {
          thrown ??= e;
          return new Response(null, { status: GIVE_UP });
        }
      };
      try {
        return found(await open({ fetch: guarded, consistency }).get(key));
      } catch (e) {
        // No answer came (our fetch threw): worth the retry. The store answered with a refusal: reported as is.
        if (thrown !== undefined) throw thrown;
        return failure(domainError.upstream_error(`${WHAT} failed: ${e instanceof Error ? e.message : String(e)}`));
      }
    });
  return {
    // Strong reads for the active pointer, so a regenerate is visible at once.
    versions: async (patternId) => parseRead(await get(blobKeys.index(patternId), "strong"), parseIndex),
    tsx: async (patternId, versionId) => parseRead(await get(blobKeys.tsx(patternId, versionId), "eventual"), toTsx),
  };
}
