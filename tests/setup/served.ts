/** Starts the served endpoint once for the whole run; e2e tests read its URL with inject("servedUrl"). */
import type { TestProject } from "vitest/node";
import { startDevServer } from "../../scripts/lib/dev-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    servedUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dev = await startDevServer({ port: 0 });
  project.provide("servedUrl", dev.url);
  return () => dev.stop();
}
