import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: files in parallel would fight the Deno workers of the served endpoint for CPU.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          setupFiles: ["tests/setup/polyfills.ts", "tests/setup/no-servers.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/**/*.test.ts"],
          exclude: ["tests/unit/**"],
          setupFiles: ["tests/setup/polyfills.ts"],
          // One served endpoint (the real edge function on Deno via @netlify/dev) for every e2e test file.
          globalSetup: ["tests/setup/served.ts"],
        },
      },
    ],
  },
});
