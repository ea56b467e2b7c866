import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Concurrent tests (the flaw table) each start a reference agent and a suite of 8 checks at a time: on a 2-core
    // CI machine, 3 at once keeps each within its timeouts.
    maxConcurrency: 3,
    pool: "forks",
    reporters: ["default"],
  },
});
