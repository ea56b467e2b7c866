import { withAuthOptions, withCommonOptions, withModelOptions } from "../option-sets.js";
import type { CommonFlags } from "../options.js";
import { defineCommand } from "./command.js";

/** `run`: run test definition files. */
export const runCommand = defineCommand("run", (program, setExit) => {
  withAuthOptions(
    withModelOptions(
      withCommonOptions(
        program
          .command("run")
          .argument("[paths...]", "test files (.json) or folders (default: tests of the config file)")
          .description(
            "run test definitions: JSON files of kind a2a, card, smoke, conversation, conformance, redteam or load",
          ),
      ),
    ),
  )
    .option("--grep <regex>", "run only the tests whose name matches (case-insensitive)")
    .option("--grep-invert <regex>", "leave out the tests whose name matches")
    .option("--bail [n]", "start no further test once n have failed or errored (default 1)")
    .option("--last-failed", "run only the tests that did not pass last time (kept in the --out-dir folder)")
    .option("--list", "list the tests the run would run, and exit")
    .action(async (paths: string[], flags: CommonFlags) =>
      setExit(await (await import("../test-commands.js")).runFilesCommand(paths, flags)),
    );
});
