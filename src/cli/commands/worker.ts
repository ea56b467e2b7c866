import type { WorkerFlags } from "../worker-command.js";
import { collect } from "../option-sets.js";
import { defineCommand } from "./command.js";

/** `worker`: take runs from the shared queue and execute them. */
export const workerCommand = defineCommand("worker", (program, setExit) => {
  program
    .command("worker")
    .description("take runs from the shared queue (PostgreSQL + pg-boss) and execute them; start any number")
    .option("--db <url>", "the postgres:// URL `serve --db` uses (default: $PLAINWRIGHT_DB)")
    .option("--concurrency <n>", "runs this worker executes at once", "4")
    .option("--per-host <n>", "runs executing at once against one agent host:port, over all workers", "2")
    .option("--per-project <n>", "runs executing at once for one project, over all workers", "3")
    .option("--run-timeout <seconds>", "a run still going after this is stopped and marked error", "900")
    .option("--heartbeat <seconds>", "how often the worker says its runs are alive", "2")
    .option(
      "--silent-after <seconds>",
      "a run not heard from this long lost its worker: retried once, then marked interrupted",
      "30",
    )
    .option("--allow-private", "let tests reach loopback and private addresses")
    .option("--allow-host <host>", "let tests reach this host even if private (repeatable)", collect)
    .option(
      "--server <url>",
      "the Plainwright server this worker runs tests for: a test aimed at it is refused (default: $PLAINWRIGHT_SERVER)",
    )
    .action(async (flags: WorkerFlags) =>
      setExit(await (await import("../worker-command.js")).runWorkerCommand(flags)),
    );
});
