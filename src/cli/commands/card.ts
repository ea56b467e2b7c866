import { collect, withAuthOptions, withCommonOptions } from "../option-sets.js";
import type { CommonFlags } from "../options.js";
import { defineCommand } from "./command.js";

/** `card`: find and validate the agent card. */
export const cardCommand = defineCommand("card", (program, setExit) => {
  withAuthOptions(
    withCommonOptions(
      program
        .command("card")
        .argument("[url]", "agent base URL or card URL (default: agent_url of the config file)")
        .description("find and validate the agent card and its signatures; no message is sent")
        .option(
          "--card-key <file>",
          "a public key for the card's signatures: JWK, JWK Set or PEM (repeatable; else the signature's jku is fetched)",
          collect,
        ),
    ),
  ).action(async (url: string, flags: CommonFlags) =>
    setExit(await (await import("../url-command.js")).runUrlCommand("card", url, flags)),
  );
});
