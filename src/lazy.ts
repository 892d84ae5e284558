/**
 * A load run on first use and kept once it succeeds; a failure is forgotten, so the next caller tries
 * again (one failed request, not a broken isolate). `value` is set once loaded, for hot paths that
 * skip an `await` when it is there.
 */
export interface Lazy<T> {
  get(): Promise<T>;
  value: T | undefined;
}

export function lazy<T>(load: () => Promise<T>): Lazy<T> {
  let pending: Promise<T> | undefined;
  const self: Lazy<T> = {
    value: undefined,
    get: () =>
      (pending ??= load().then(
        (v) => (self.value = v),
        (e) => {
          pending = undefined;
          throw e;
        },
      )),
  };
  return self;
}

/** `compute`, run on the first call only; every call returns its result. */
export function once<T>(compute: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) [done, value] = [true, compute()];
    return value;
  };
}
