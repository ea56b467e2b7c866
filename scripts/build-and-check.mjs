// What `npm test` does before the tests: the build (npm run build) and the static checks (npm run typecheck,
// npm run lint), two at a time. Each is one busy process; side by side on a 2-core machine they take about
// the time of the longest (eslint's type-aware rules) instead of the sum. The build emits without type
// checking (tsc --noCheck) because the typecheck below checks the same sources and the tests besides.
// Each step's output is printed whole when it ends; every step runs even when one fails, so one run shows
// every problem, and the exit code is 1 when any failed.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bin = (name) => path.join(root, "node_modules", ".bin", name);

/** Jobs, longest first; the commands of one job run in order, and it stops at the first that fails. */
const jobs = [
  [["eslint", "."]],
  [
    ["tsc", "-p", "tsconfig.build.json", "--noCheck"],
    [process.execPath, "scripts/bundle-cli.mjs"],
    ["vite", "build", "--config", "web/vite.config.ts"],
  ],
  [["tsc", "-p", "tsconfig.json", "--noEmit"]],
  [["prettier", "--check", "."]],
  [["tsc", "-p", "web/tsconfig.json"]],
  [["knip", "--no-progress"]],
];
const WORKERS = 2;

function runCommand([name, ...args]) {
  const label = [path.basename(name), ...args].join(" ");
  const started = performance.now();
  return new Promise((resolve) => {
    const command = path.isAbsolute(name) ? name : bin(name);
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => (output += `${error.message}\n`));
    child.on("close", (code) => {
      const ok = code === 0;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${ok ? "ok  " : "FAIL"} ${label} (${seconds} s)\n`);
      if (!ok && output !== "") process.stdout.write(output.endsWith("\n") ? output : `${output}\n`);
      resolve(ok);
    });
  });
}

async function runJob(commands) {
  for (const command of commands) if (!(await runCommand(command))) return false;
  return true;
}

const queue = [...jobs];
const results = [];
await Promise.all(
  Array.from({ length: WORKERS }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) results.push(await runJob(job));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
