import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    setupFiles: ["tests/setup/polyfills.ts"],
    // One served endpoint (the real edge function on Deno via @netlify/dev) for every e2e test file.
    globalSetup: ["tests/setup/served.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: files in parallel would fight the Deno workers of the served endpoint for CPU.
    maxWorkers: 2,
  },
});
