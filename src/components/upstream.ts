/**
 * One read of an upstream (the Components store or API) within one deadline, the retry included.
 *
 * An attempt returns what the upstream said: a value, or a failure to report as it is (a 4xx, bytes
 * that are not the model). It throws when no answer came (network error, 429, 5xx, a body cut off):
 * such an attempt is tried once more, after a short pause, while the deadline leaves room. Missing
 * the deadline is `upstream_timeout`; an attempt that still throws is `upstream_error`.
 */
import { domainError, failure } from "../errors.ts";
import { timer, withinDeadline } from "../timer.ts";
import type { Read } from "./model.ts";

/** Pause before the single retry: long enough for a blip to clear, short against a 3 s deadline. */
const RETRY_DELAY_MS = 100;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export async function readUpstream<T>(
  ms: number,
  what: string,
  attempt: (signal: AbortSignal) => Promise<Read<T>>,
): Promise<Read<T>> {
  const late = new Error("late");
  const started = Date.now();
  const run = async (signal: AbortSignal): Promise<Read<T>> => {
    try {
      return await attempt(signal);
    } catch (e) {
      const left = ms - (Date.now() - started);
      if (signal.aborted || left <= RETRY_DELAY_MS * 2) throw e;
      await timer(RETRY_DELAY_MS).done;
      return await attempt(signal);
    }
  };
  try {
    return await withinDeadline(ms, () => late, run);
  } catch (e) {
    if (e === late) return failure(domainError.upstream_timeout(`${what} did not answer within ${ms} ms`));
    return failure(domainError.upstream_error(`${what} failed: ${message(e)}`));
  }
}

/** A read's bytes through `parse` (a version index, code); a null (absent) or a failure passes through. */
export async function parseRead<T>(
  got: Read<Uint8Array | null>,
  parse: (bytes: Uint8Array) => Read<T> | Promise<Read<T>>,
): Promise<Read<T | null>> {
  return !got.ok || got.value === null ? (got as Read<null>) : parse(got.value);
}

/** A fetch bound to a signal that throws, as an attempt does when no answer came, on network failures and 429/5xx. */
export function deadlineFetch(base: typeof fetch, signal: AbortSignal): typeof fetch {
  return async (input, init) => {
    let res: Response;
    try {
      res = await base(input, { ...init, signal });
    } catch (e) {
      if (signal.aborted) throw e;
      throw new Error(`network error: ${message(e)}`);
    }
    if (res.status === 429 || res.status >= 500) {
      await res.body?.cancel().catch(() => {});
      throw new Error(`HTTP ${res.status}`);
    }
    return res;
  };
}
