import { collect, refuseOptions, withAuthOptions, withCommonOptions } from "../option-sets.js";
import type { ConformFlags } from "../conform-command.js";
import { defineCommand } from "./command.js";

/** `conform`: the conformance suite. */
export const conformCommand = defineCommand("conform", (program, setExit) => {
  refuseOptions(
    withAuthOptions(
      withCommonOptions(
        program
          .command("conform")
          .argument("[url]", "agent base URL or card URL (default: agent_url of the config file)")
          .description("run the conformance suite on every binding the card advertises"),
      ),
      { query: true },
    ),
    {
      "--no-strict-card":
        "conform judges the card with its card checks and has no strict mode; leave them out with --category",
    },
  )
    .option("--list", "print the catalogue of checks and exit")
    .option("--coverage", "print which official TCK requirements the checks cover, and exit")
    .option("--peer <url>", "a second agent for the interop checks")
    .option(
      "--identity <NAME=Header: value>",
      "a second caller's credential, e.g. 'bob=Authorization: Bearer T2': the task-scope checks create a task with the run's own credentials and try to read, list, cancel and subscribe to it as this caller (repeatable; the same NAME again adds a header)",
      collect,
    )
    .option("--transport <bindings>", "test only these bindings: jsonrpc,rest,grpc")
    .option(
      "--category <names>",
      "only these categories: card,lifecycle,streaming,errors,auth,push,interop,transport (old names such as error-handling are accepted too)",
    )
    .option("--level <levels>", "only these levels: must,should,may")
    .option("--grep <regex>", "only the checks whose id or title matches (case-insensitive)")
    .option("--grep-invert <regex>", "leave out the checks whose id or title matches")
    .option("--bail [n]", "start no further check once n have failed (default 1)")
    .option(
      "--hint <key=message>",
      'a message that triggers behaviour: input-required="..." or slow="...", or message="..." for the one every check sends (repeatable)',
      collect,
    )
    .option("--protocol <version>", "force the A2A version instead of negotiating")
    .option("--concurrency <n>", "checks run at once (default 12)")
    .option(
      "--card-key <file>",
      "a public key for the card's signatures: JWK, JWK Set or PEM (repeatable; else the signature's jku is fetched)",
      collect,
    )
    .action(async (url: string | undefined, flags: ConformFlags) =>
      setExit(await (await import("../conform-command.js")).runConformCommand(url, flags)),
    );
});
