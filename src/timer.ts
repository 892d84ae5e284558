/**
 * A one-shot timer on `AbortSignal.timeout`, for deadlines on the request path. On Deno the first
 * `setTimeout` of an isolate loads the Node timers module (12-35 ms measured on a cold start here);
 * `AbortSignal.timeout` uses the runtime's own timer and costs well under a millisecond.
 */
export interface Timer {
  /** Aborts when the time is up: pass it on to fetches bounded by the same deadline. */
  signal: AbortSignal;
  /** Resolves when the time is up; never, once cancelled. */
  done: Promise<void>;
  cancel(): void;
}

export function timer(ms: number): Timer {
  const signal = AbortSignal.timeout(ms);
  let cancel = () => {};
  const done = new Promise<void>((resolve) => {
    const fire = () => resolve();
    signal.addEventListener("abort", fire, { once: true });
    cancel = () => signal.removeEventListener("abort", fire);
  });
  return { signal, done, cancel };
}

/**
 * `work` against a deadline: when `ms` pass first, its signal aborts and the promise rejects with
 * `late()`. A rejection once the signal has aborted (an aborted fetch can reject before the
 * deadline's own rejection wins the race) is `late()` too. The timer is cancelled when either settles.
 */
export async function withinDeadline<T>(
  ms: number,
  late: () => Error,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const deadline = timer(ms);
  const expired = deadline.done.then((): never => {
    throw late();
  });
  try {
    return await Promise.race([work(deadline.signal), expired]);
  } catch (e) {
    throw deadline.signal.aborted ? late() : e;
  } finally {
    deadline.cancel();
  }
}
