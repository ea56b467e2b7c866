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
    // Three test files at once even on two cores (vitest's default would be one, cores − 1): most of a file's time
    // is waiting on loopback servers and child processes (measured: 1.3 cores busy on average with three), so the
    // suite takes 210 s instead of 280 s with two; `npm run test:stress` shows it holds with every core busy.
    maxWorkers: 3,
    reporters: ["default"],
  },
});
