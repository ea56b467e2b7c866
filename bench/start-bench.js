// Start-up of whole CLI processes, as a ratio to a bare `node -e 0` timed in the same rounds (A B A B …),
// so the figures hold on a machine whose speed drifts. The agent runs in this process; the commands run
// asynchronously so it keeps answering while they do.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "dist", "cli", "main.js");

async function timed(args) {
  const t = performance.now();
  await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }).catch((e) => {
    if (typeof e.code !== "number") throw e;
  });
  return performance.now() - t;
}

export default async function ({ row, median, dist }) {
  const { startReferenceAgent } = await dist("agent/index.js");
  const agent = await startReferenceAgent({ port: 0, protocol: "1.0", workMs: 0 });
  const commands = [
    { name: "plainwright --version", args: [bin, "--version"], target: 1.2 },
    { name: "plainwright card URL", args: [bin, "card", agent.url], target: 2 },
    { name: "plainwright smoke URL", args: [bin, "smoke", agent.url], target: 2.5 },
  ];
  try {
    for (const c of commands) {
      await timed(c.args);
      await timed(["-e", "0"]);
      const ratios = [];
      for (let i = 0; i < 11; i++) {
        const own = await timed(c.args);
        const bare = await timed(["-e", "0"]);
        ratios.push(own / bare);
      }
      const ratio = median(ratios);
      row(
        `${c.name}, whole process ÷ node -e 0 (median)`,
        `${ratio.toFixed(2)}×`,
        `≤ ${c.target}×`,
        ratio <= c.target,
      );
    }
  } finally {
    await agent.close();
  }
}
