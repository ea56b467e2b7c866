import { withOutputOptions } from "../option-sets.js";
import type { SubmitFlags } from "../submit-command.js";
import { defineCommand } from "./command.js";

/** `submit`: enqueue test files on a plainwright server. */
export const submitCommand = defineCommand("submit", (program, setExit) => {
  const command = program
    .command("submit")
    .description(
      "enqueue test files on a plainwright server (from CI); with --wait, print results and exit 0/1/2",
    )
    .argument("<files...>", "test definition files or folders")
    .option("--server <url>", "the server's URL (default: $PLAINWRIGHT_SERVER)")
    .option("--token <token>", "the server's API token (default: $PLAINWRIGHT_TOKEN)")
    .option("--project <name>", "project the tests go in (created when missing)", "CI")
    .option("--module <name>", "module for tests whose module_id is not a module on the server", "submitted")
    .option("--wait", "wait for the runs, print their results, exit 0 passed, 1 failed, 2 error")
    .option("--wait-timeout <seconds>", "give up waiting after this long (exit 2)", "3600");
  withOutputOptions(command).action(async (files: string[], flags: SubmitFlags) =>
    setExit(await (await import("../submit-command.js")).runSubmitCommand(files, flags)),
  );
});
