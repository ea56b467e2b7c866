import { withAuthOptions, withCommonOptions } from "../option-sets.js";
import type { CommonFlags } from "../options.js";
import { defineCommand } from "./command.js";

/** `smoke`: validate the card, then send one smoke message. */
export const smokeCommand = defineCommand("smoke", (program, setExit) => {
  withAuthOptions(
    withCommonOptions(
      program
        .command("smoke")
        .argument("[url]", "agent base URL or card URL (default: agent_url of the config file)")
        .description("validate the card, then send one smoke message"),
    ),
  )
    .option("--message <text>", "the smoke message (default: a short greeting)")
    .option(
      "--transport <binding>",
      "send over jsonrpc, rest or grpc (default: the --endpoint's, else jsonrpc)",
    )
    .action(async (url: string, flags: CommonFlags & { message?: string; transport?: string }) =>
      setExit(await (await import("../url-command.js")).runUrlCommand("smoke", url, flags)),
    );
});
