/** One deadline per read, covering the retry: missing it is `upstream_timeout`, anything else `upstream_error`. */
import { UpstreamError } from "../errors.ts";
import { timer, withinDeadline } from "../timer.ts";

/** Thrown by adapters for failures a second attempt may fix (network, 429, 5xx). */
export class TransientError extends Error {}

/** Pause before the single retry: long enough for a blip to clear, short against a 3 s deadline. */
const RETRY_DELAY_MS = 100;

export async function withDeadline<T>(
  ms: number,
  what: string,
  attempt: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const late = () => new UpstreamError("upstream_timeout", `${what} did not answer within ${ms} ms`);
  const started = Date.now();
  const run = async (signal: AbortSignal): Promise<T> => {
    try {
      return await attempt(signal);
    } catch (e) {
      const left = ms - (Date.now() - started);
      if (!(e instanceof TransientError) || signal.aborted || left <= RETRY_DELAY_MS * 2) throw e;
      await timer(RETRY_DELAY_MS).done;
      return await attempt(signal);
    }
  };
  try {
    return await withinDeadline(ms, late, run);
  } catch (e) {
    if (e instanceof UpstreamError) throw e;
    throw new UpstreamError("upstream_error", `${what} failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** A fetch bound to a signal, whose network failures and 429/5xx count as transient. */
export function deadlineFetch(base: typeof fetch, signal: AbortSignal): typeof fetch {
  return async (input, init) => {
    let res: Response;
    try {
      res = await base(input, { ...init, signal });
    } catch (e) {
      if (signal.aborted) throw e;
      throw new TransientError(`network error: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (res.status === 429 || res.status >= 500) {
      await res.body?.cancel().catch(() => {});
      throw new TransientError(`HTTP ${res.status}`);
    }
    return res;
  };
}
