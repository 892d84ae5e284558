/**
 * What the Netlify runtime provides before an edge function's module is evaluated: the `Netlify.env`
 * global, over Deno's environment. The bench's Deno children install it before importing a bundle.
 */
declare const Deno: {
  env: {
    get(k: string): string | undefined;
    set(k: string, v: string): void;
    delete(k: string): void;
    toObject(): Record<string, string>;
  };
};

export function installNetlifyEnv() {
  const env = {
    get: (k: string) => Deno.env.get(k),
    has: (k: string) => Deno.env.get(k) !== undefined,
    set: (k: string, v: string) => Deno.env.set(k, v),
    delete: (k: string) => Deno.env.delete(k),
    toObject: () => Deno.env.toObject(),
  };
  Object.assign(globalThis, { Netlify: { env } });
}
