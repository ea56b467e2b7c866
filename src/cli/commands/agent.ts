import { Option } from "commander";
import type { AgentFlags } from "../agent-command.js";
import { collect } from "../option-sets.js";
import { defineCommand } from "./command.js";

/** `agent`: the bundled reference agent. */
export const agentCommand = defineCommand("agent", (program, setExit) => {
  program
    .command("agent")
    .description("run the bundled reference agent, optionally with one injected flaw")
    .option("--port <port>", "port to listen on (0 = any)", "9999")
    .option("--host <host>", "address to bind", "127.0.0.1")
    .addOption(new Option("--protocol <version>", "A2A version").choices(["0.3", "1.0"]).default("1.0"))
    .option("--flaw <name>", "inject one defect (see --list-flaws)")
    .option("--list-flaws", "list the flaws and exit")
    .option(
      "--bearer-token <token>",
      "require Authorization: Bearer TOKEN on the task endpoints; repeat for more callers, each seeing only its own tasks",
      collect,
    )
    .option("--required-extension", "mark an extension required in the card and refuse requests without it")
    .option(
      "--extended-card",
      "claim and serve an extended agent card (one skill more) to callers with the bearer token (1.0; needs --bearer-token)",
    )
    .option("--vuln <modes>", "red-team weaknesses, comma-separated (see --list-vuln)")
    .option("--list-vuln", "list the red-team vulnerable modes and exit")
    .option("--no-sign-card", "serve the card unsigned (by default it is signed and its JWK Set served)")
    .action(async (flags: AgentFlags) =>
      setExit(await (await import("../agent-command.js")).runAgentCommand(flags)),
    );
});
