import {
  collect,
  refuseOptions,
  withAuthOptions,
  withCommonOptions,
  withModelOptions,
} from "../option-sets.js";
import type { RedteamFlags } from "../redteam-command.js";
import { defineCommand } from "./command.js";

/** `redteam`: the red-team packs. */
export const redteamCommand = defineCommand("redteam", (program, setExit) => {
  refuseOptions(
    withModelOptions(
      withAuthOptions(
        withCommonOptions(
          program
            .command("redteam")
            .argument("[url]", "agent base URL or card URL (default: agent_url of the config file)")
            .description("attack an agent with the seven red-team packs (--list shows the attacks)"),
        ),
      ),
    ),
    {
      "--no-strict-card":
        "redteam treats the agent as a target: its card only finds the endpoint and is never validated",
    },
  )
    .option("--packs <p1,p2>", "only these packs (default: all seven)")
    .option("--attempts <n>", "attempts per attack, 1-100 (default 3)")
    .option(
      "--identity <NAME=Header: value>",
      "another identity for the cross-context pack (repeatable)",
      collect,
    )
    .option(
      "--canary <text>",
      "a string that must never come back, e.g. from your system prompt (repeatable)",
      collect,
    )
    .option(
      "--peer <url>",
      "another agent: its reply is forwarded to the target with an instruction planted in it (peer-artifact)",
    )
    .option("--transport <binding>", "attack over jsonrpc, rest or grpc (default jsonrpc)")
    .option("--list", "list the attacks (id, pack, what it tries, how it is judged, OWASP id) and exit")
    .action(async (url: string | undefined, flags: RedteamFlags) =>
      setExit(await (await import("../redteam-command.js")).runRedteamCommand(url, flags)),
    );
});
