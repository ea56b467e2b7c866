// Red team: Plainwright's own CPU time for a full no-model run (all seven packs, 3 attempts each) against the
// hardened reference agent. The agent runs in a child process so its CPU time is not counted.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

async function startAgent() {
  const child = spawn(process.execPath, [join(root, "dist", "cli", "main.js"), "agent", "--port", "0"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  const deadline = Date.now() + 20_000;
  while (!/at (http:\/\/\S+)/.test(out)) {
    if (Date.now() > deadline) throw new Error("the reference agent did not start in 20 s");
    out += (await once(child.stdout, "data"))[0].toString();
  }
  return { url: /at (http:\/\/\S+)/.exec(out)[1], stop: () => child.kill("SIGTERM") };
}

export default async function ({ row, fmt, dist }) {
  const { runRedteamTest } = await dist("runner/run-redteam-test.js");
  const agent = await startAgent();
  try {
    const config = {
      agent_url: agent.url,
      headers: { Authorization: "Bearer alice" },
      strict_card: false,
      timeout_s: 30,
      attempts: 3,
      identities: [{ name: "bob", headers: { Authorization: "Bearer bob" } }],
    };
    const policy = { allowLoopback: true, allowPrivate: true, allowHosts: [] };
    await runRedteamTest({ config: { ...config, attempts: 1 }, policy, env: {}, pollIntervalMs: 50 }); // warm-up
    const before = process.cpuUsage();
    const result = await runRedteamTest({ config, policy, env: {}, pollIntervalMs: 50 });
    const used = process.cpuUsage(before);
    if (result.status !== "passed") throw new Error(`red-team bench run did not pass: ${result.reason}`);
    const ms = (used.user + used.system) / 1000;
    row("red team, full no-model run, own CPU time", fmt(ms), "< 2000 ms", ms < 2000);
  } finally {
    agent.stop();
  }
}
