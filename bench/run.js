// Benchmarks with printed figures (targets from the issues). Run with `npm run bench` (builds first).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = (p) => import(join(root, "dist", p));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const fmt = (ms) => `${ms.toFixed(1)} ms`;
const row = (name, value, target, ok) =>
  console.log(
    `${name.padEnd(52)} ${value.padStart(14)}   target ${target.padEnd(12)} ${ok ? "ok" : "MISSED"}`,
  );

async function benchCardSmoke() {
  const { startReferenceAgent } = await dist("agent/index.js");
  const { runA2ATest } = await dist("runner/run-a2a-test.js");
  const { commandLinePolicy } = await dist("net/outbound-policy.js");
  const results = {};
  for (const protocol of ["1.0", "0.3"]) {
    const agent = await startReferenceAgent({ port: 0, protocol, workMs: 0 });
    const run = () =>
      runA2ATest({
        config: { agent_url: agent.url, headers: {}, strict_card: true, timeout_s: 30 },
        mode: "smoke",
        policy: commandLinePolicy,
        pollIntervalMs: 20,
      });
    for (let i = 0; i < 5; i++) await run(); // warm-up: JIT, sockets
    const times = [];
    for (let i = 0; i < 40; i++) {
      const t = performance.now();
      const r = await run();
      times.push(performance.now() - t);
      if (r.status !== "passed") throw new Error(`bench run did not pass: ${r.reason}`);
    }
    await agent.close();
    results[protocol] = median(times);
  }
  return results;
}

function benchVersion() {
  const bin = join(root, "dist", "cli", "main.js");
  for (let i = 0; i < 2; i++) execFileSync(process.execPath, [bin, "--version"]);
  const times = [];
  for (let i = 0; i < 15; i++) {
    const t = performance.now();
    execFileSync(process.execPath, [bin, "--version"]);
    times.push(performance.now() - t);
  }
  return median(times);
}

// Each area adds its figures in its own file; a missing file is simply skipped. Each runs in a process of its
// own, so that one area's servers and heap do not slow the next one's figures (measured: the load generator at
// 0.76x autocannon right after the web bench's 128 chats in the same process, 1.08x in a fresh one).
const areas = [
  "./start-bench.js",
  "./protocol-bench.js",
  "./conversation-bench.js",
  "./web-bench.js",
  "./load-bench.js",
  "./queue-bench.js",
  "./redteam-bench.js",
];
const here = fileURLToPath(import.meta.url);

if (process.argv[2] === "--area") {
  const { default: run } = await import(process.argv[3]);
  await run({ row, fmt, median, dist });
  const { closeIdleConnections } = await dist("net/http1.js");
  closeIdleConnections();
  process.exit(0);
}

console.log(`Plainwright benchmarks (node ${process.version}, ${new Date().toISOString()})\n`);
const cardSmoke = await benchCardSmoke();
for (const [protocol, ms] of Object.entries(cardSmoke)) {
  row(`in-process card+smoke run, reference agent A2A ${protocol} (median)`, fmt(ms), "< 25 ms", ms < 25);
}
const version = benchVersion();
row("plainwright --version, cold process (median)", fmt(version), "< 200 ms", version < 200);
for (const area of areas) {
  if (!existsSync(join(dirname(here), area))) continue;
  const done = spawnSync(process.execPath, [here, "--area", area], { stdio: "inherit" });
  if (done.status !== 0) throw new Error(`bench ${area} ended with ${done.status ?? done.signal}`);
}
const { closeIdleConnections } = await dist("net/http1.js");
closeIdleConnections();
