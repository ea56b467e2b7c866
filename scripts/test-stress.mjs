// `npm run test:stress`: the whole suite N times (default 5) while other processes keep every core busy, as
// on a loaded CI machine; prints each pass's outcome and time and exits 1 unless every pass passed.
// Not part of CI's every run: it takes N times as long as `npm test`.
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

const runs = Number(process.argv[2] ?? 5);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`test-stress: the number of passes must be a whole number from 1 up, got ${process.argv[2]}`);
  process.exit(64);
}

// One busy loop per core, each its own process, stopped when the passes end.
const burners = Array.from({ length: availableParallelism() }, () =>
  spawn(process.execPath, ["-e", "for (;;) Math.sqrt(Math.random());"], { stdio: "ignore" }),
);
const stop = () => burners.forEach((b) => b.kill("SIGKILL"));
process.on("exit", stop);
process.on("SIGINT", () => process.exit(130));

const outcomes = [];
for (let i = 1; i <= runs; i++) {
  const started = Date.now();
  const code = await new Promise((resolve) => {
    const child = spawn("npm", ["test"], { stdio: ["ignore", "inherit", "inherit"] });
    child.on("exit", (c) => resolve(c ?? 1));
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  outcomes.push({ pass: i, passed: code === 0, seconds });
  console.log(
    `test-stress: pass ${i} of ${runs}: ${code === 0 ? "passed" : `FAILED (exit ${code})`} in ${seconds} s`,
  );
}
const failed = outcomes.filter((o) => !o.passed).length;
console.log(
  `test-stress: ${runs - failed} of ${runs} passes passed under load on ${burners.length} busy core(s)`,
);
process.exit(failed === 0 ? 0 : 1);
