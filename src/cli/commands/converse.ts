import { collect, withAuthOptions, withCommonOptions, withModelOptions } from "../option-sets.js";
import type { ConverseFlags } from "../converse-command.js";
import { defineCommand } from "./command.js";

/** `converse`: a conversation with a simulated user, graded by a judge. */
export const converseCommand = defineCommand("converse", (program, setExit) => {
  withAuthOptions(
    withModelOptions(
      withCommonOptions(
        program
          .command("converse")
          .argument("[url]", "agent base URL or card URL (default: agent_url of the config file)")
          .description("hold a conversation with a simulated user and grade it with a judge"),
      ),
    ),
  )
    .option("--persona <text>", "who the simulated user is")
    .option("--goal <text>", "what the simulated user wants")
    .option("--criterion <text>", "a success criterion the judge grades (repeatable)", collect)
    .option("--opening <text>", "the user's first message, sent as is")
    .option("--max-turns <n>", "user messages at most, 1-50 (default 8)")
    .option("--trials <n>", "repeat the whole conversation N times, 1-100 (default 1)")
    .option("--threshold <score>", "pass when this fraction of criteria is met, 0-1 (default: all)")
    .option("--min-pass-rate <rate>", "fraction of trials that must pass, 0-1 (default 1: every trial)")
    .option(
      "--transport <binding>",
      "talk over jsonrpc, rest or grpc (default: the --endpoint's, else jsonrpc)",
    )
    .action(async (url: string, flags: ConverseFlags) =>
      setExit(await (await import("../converse-command.js")).runConverseCommand(url, flags)),
    );
});
