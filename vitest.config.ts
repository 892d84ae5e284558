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
          // In process: no server, no child process (tests/setup/no-servers.ts).
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          setupFiles: ["tests/setup/polyfills.ts", "tests/setup/no-servers.ts"],
          // In every project a worker runs file after file and imports what they share once: a fresh
          // worker per file cost a third of the unit project's CPU. Each test file is evaluated afresh
          // and mocks are restored between files; no test may rely on module state another file left.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Real local parts each file starts itself (a Blobs server, a fault proxy, a CLI or Deno child).
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "tests/benchmark/**/*.test.ts"],
          setupFiles: ["tests/setup/polyfills.ts"],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "served",
          include: ["tests/served/**/*.test.ts"],
          setupFiles: ["tests/setup/polyfills.ts"],
          // The served endpoint (the real edge function on Deno: `npm start` and @netlify/dev), once for the run.
          globalSetup: ["tests/setup/served.ts"],
          isolate: false,
        },
      },
    ],
  },
});
