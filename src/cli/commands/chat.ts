import { refuseOptions, withAuthOptions, withConfigOptions, withConnectionOptions } from "../option-sets.js";
import type { ChatFlags } from "../chat-command.js";
import { defineCommand } from "./command.js";

// chat is a conversation in the terminal, not a run: it has no result to print or write.
const chatRefuses = {
  "--json":
    "chat has no result JSON: it prints the conversation (smoke --json or converse --json give a result)",
  "--report <formats>": "chat writes no reports: it prints the conversation (use smoke, converse or conform)",
  "--out-dir <dir>": "chat writes no reports, so it has no output folder",
  "--progress <mode>": "chat shows the conversation itself; --raw shows its traffic",
  "--no-strict-card": "chat does not judge the card (card or smoke do)",
};

/** `chat`: talk to the agent in the terminal. */
export const chatCommand = defineCommand("chat", (program, setExit) => {
  refuseOptions(
    withAuthOptions(
      withConfigOptions(
        withConnectionOptions(
          program
            .command("chat")
            .argument("[url]", "agent base URL or card URL (default: agent_url of the config file)")
            .description(
              "talk to the agent in the terminal (one message per line when stdin is not a terminal)",
            ),
        ),
      ),
      { query: true },
    ),
    chatRefuses,
  )
    .option("--transport <binding>", "jsonrpc, rest or grpc (default: the --endpoint's, else jsonrpc)")
    .option("--protocol <version>", "force the A2A version (0.1, 0.2, 0.3, 1.0) instead of negotiating")
    .option("--no-color", "plain output")
    .option("--raw", "show the raw traffic from the start (toggle with /raw)")
    .option("--no-stream", "use plain sends even when the card says streaming")
    .action(async (url: string, flags: ChatFlags) =>
      setExit(await (await import("../chat-command.js")).runChatCommand(url, flags)),
    );
});
