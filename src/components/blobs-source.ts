/** The default component source: the Components API's own Netlify Blobs store (same site, fewest hops). */
import type { KV, OpenOptions } from "../storage/blobs.ts";
import { deadlineFetch, withDeadline } from "./deadline.ts";
import { type ComponentSource, keys, toCode, versionIndexSchema } from "./model.ts";

export interface BlobsSourceOptions {
  open: (opts: Pick<OpenOptions, "fetch" | "consistency">) => KV;
  deadlineMs: number;
  fetch?: typeof fetch;
}

export function blobsSource({ open, deadlineMs, fetch: base = fetch }: BlobsSourceOptions): ComponentSource {
  const read = (key: string, consistency: "strong" | "eventual") =>
    withDeadline(deadlineMs, "The Components store", (signal) =>
      open({ fetch: deadlineFetch(base, signal), consistency }).get(key));
  return {
    async versions(patternId) {
      // Strong reads for the active pointer, so a regenerate is visible at once.
      const bytes = await read(keys.index(patternId), "strong");
      if (bytes === null) return null;
      return versionIndexSchema.parse(JSON.parse(new TextDecoder().decode(bytes)));
    },
    async code(patternId, versionId) {
      const bytes = await read(keys.code(patternId, versionId), "eventual");
      return bytes === null ? null : toCode(bytes);
    },
  };
}
