import { withConfigOptions } from "../option-sets.js";
import { defineCommand } from "./command.js";

/** `config`: the config in force and where each value came from. */
export const configCommand = defineCommand("config", (program, setExit) => {
  withConfigOptions(
    program
      .command("config")
      .description(
        "print the config in force (plainwright.config.json), secrets redacted, with where each value came from",
      ),
  )
    .option("--json", "print it as JSON")
    .action(async (flags: { config?: string; project?: string; json?: boolean }) =>
      setExit(await (await import("../config-command.js")).runConfigCommand(flags)),
    );
});
