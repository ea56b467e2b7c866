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
    // Two test files at once even on two cores (vitest's default would be one, cores − 1): most of a file's time
    // is waiting on loopback servers and child processes, so the suite takes half as long, and
    // `npm run test:stress` shows it holds with every core busy.
    maxWorkers: 2,
    reporters: ["default"],
  },
});
