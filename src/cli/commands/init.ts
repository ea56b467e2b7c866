import { defineCommand } from "./command.js";

/** `init`: a config, tests and a CI workflow for one agent. */
export const initCommand = defineCommand("init", (program, setExit) => {
  program
    .command("init")
    .description(
      "probe an agent and write a config file, a test per fitting kind, a .gitignore entry and a CI workflow",
    )
    .option("--url <url>", "the agent's URL (asked on a terminal; default http://127.0.0.1:9999)")
    .option(
      "--kinds <kinds>",
      "what to test: smoke,conformance,conversation,redteam (default smoke,conformance; all with --model)",
    )
    .option("--model <provider:name>", "the model for conversations and the red team")
    .option("--dir <dir>", "write into this folder inside the working folder (default: .)")
    .option("-y, --yes", "ask nothing: take the flags and the defaults")
    .option("--force", "overwrite files that exist")
    .action(async (flags: import("../init-command.js").InitFlags) =>
      setExit(await (await import("../init-command.js")).runInitCommand(flags)),
    );
});
