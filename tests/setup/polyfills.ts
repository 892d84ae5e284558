// msw 3 calls Promise.withResolvers, which Node 20 lacks (Node 22 has it).
if (!("withResolvers" in Promise)) {
  Object.assign(Promise, {
    withResolvers<T>() {
      let resolve!: (v: T | PromiseLike<T>) => void;
      let reject!: (e?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}

// msw 3 resets handlers with Set.prototype.intersection/difference (ES2025; Node 22 has them, Node 20 not).
const setProto = Set.prototype as unknown as Record<string, unknown>;
if (typeof setProto.intersection !== "function") {
  setProto.intersection = function <T>(this: Set<T>, other: { has(v: T): boolean }) {
    return new Set([...this].filter((v) => other.has(v)));
  };
}
if (typeof setProto.difference !== "function") {
  setProto.difference = function <T>(this: Set<T>, other: { has(v: T): boolean }) {
    return new Set([...this].filter((v) => !other.has(v)));
  };
}
