/**
 * The two served endpoints of the run (tests/setup/served.ts): `npm start`'s local server, and
 * Netlify's own emulation (@netlify/dev), for the tests of tests/served/ that check the function on
 * both.
 */
import { inject } from "vitest";

export interface ServedTarget {
  name: string;
  /** The origin, e.g. http://127.0.0.1:PORT; the endpoint is `${url}/mcp`. */
  url: string;
  /** Netlify's emulation: a fresh Deno worker per request, so each request costs far more. */
  emulated: boolean;
}

export const SERVED: ServedTarget[] = [
  { name: "npm start (Deno.serve)", url: inject("servedUrl"), emulated: false },
  { name: "@netlify/dev emulation", url: inject("emulatedUrl"), emulated: true },
];

export const EMULATED = SERVED[1];
