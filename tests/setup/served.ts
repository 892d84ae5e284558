/**
 * Starts the served endpoint twice for the whole run: `npm start`'s local server in a child process,
 * as a user runs it (served tests read its URL with inject("servedUrl"), and its processes with
 * inject("servedPids")), and Netlify's own emulation, @netlify/dev (inject("emulatedUrl")), through
 * which a subset of the served tests checks the function on Netlify's runtime too.
 */
import type { TestProject } from "vitest/node";
import { spawnNpmStart } from "../../scripts/local/spawn.ts";
import { startDevServer } from "../../scripts/local/dev-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    servedUrl: string;
    /** The local server's Node process and its Deno edge process. */
    servedPids: { node: number; edge: number };
    emulatedUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const [started, emulated] = await Promise.allSettled([spawnNpmStart(), startDevServer({ port: 0 })]);
  // One failed to start: stop the other, or its processes and timers would hold the run open.
  if (started.status === "rejected" || emulated.status === "rejected") {
    if (started.status === "fulfilled") await started.value.stop();
    if (emulated.status === "fulfilled") await emulated.value.stop();
    throw started.status === "rejected" ? started.reason : (emulated as PromiseRejectedResult).reason;
  }
  const [local, dev] = [started.value, emulated.value];
  project.provide("servedUrl", local.value.url);
  project.provide("servedPids", local.value.pids);
  project.provide("emulatedUrl", dev.url);
  return async () => {
    await local.stop(20_000);
    await dev.stop();
  };
}
