/**
 * The two served endpoints of the run (tests/setup/served.ts): `npm start`'s local server, and
 * Netlify's own emulation (@netlify/dev). Every served case runs on the local server; the emulation
 * runs a representative subset of them, what only it can prove and one case per file and function
 * (docs/architecture.md, "The test projects").
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

export const [LOCAL, EMULATED] = SERVED;
