import { Command, CommanderError, Option } from "commander";
import { PlainwrightError } from "../runner/errors.js";
import { toolVersion } from "../runner/version.js";
import type { AgentFlags } from "./agent-command.js";
import type { ConverseFlags } from "./converse-command.js";
import type { ChatFlags } from "./chat-command.js";
import type { ConformFlags } from "./conform-command.js";
import type { LoadFlags } from "./load-command.js";
import type { CommonFlags } from "./options.js";
import type { ServeFlags } from "./serve-command.js";
import type { RedteamFlags } from "./redteam-command.js";
import { exitCodes } from "./exit-codes.js";
import { terminalText } from "../report/terminal-text.js";
import { registerSubmitCommand } from "./submit-command.js";
import { registerWorkerCommand } from "./worker-command.js";
import {
  refuseOptions,
  withAuthOptions,
  withCommonOptions,
  withConnectionOptions,
  withModelOptions,
  withOutputOptions,
} from "./option-sets.js";

// Commands load their modules on demand so that `--version` and `--help` start fast (benchmarked).
const testCommands = () => import("./test-commands.js");

const collect = (value: string, previous: string[] = []) => [...previous, value];

// chat is a conversation in the terminal, not a run: it has no result to print or write.
const chatRefuses = {
  "--json":
    "chat has no result JSON: it prints the conversation (smoke --json or converse --json give a result)",
  "--report <formats>": "chat writes no reports: it prints the conversation (use smoke, converse or conform)",
  "--out-dir <dir>": "chat writes no reports, so it has no output folder",
  "--progress <mode>": "chat shows the conversation itself; --raw shows its traffic",
  "--no-strict-card": "chat does not judge the card (card or smoke do)",
};

function buildProgram(setExit: (code: number) => void): Command {
  const program = new Command("plainwright")
    .description("Test agents that speak the Agent2Agent (A2A) protocol.")
    .version(toolVersion, "-v, --version")
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride();
  withAuthOptions(
    withCommonOptions(
      program
        .command("card")
        .argument("<url>", "agent base URL or card URL")
        .description("find and validate the agent card and its signatures; no message is sent")
        .option(
          "--card-key <file>",
          "a public key for the card's signatures: JWK, JWK Set or PEM (repeatable; else the signature's jku is fetched)",
          collect,
        ),
    ),
  ).action(async (url: string, flags: CommonFlags) =>
    setExit(await (await import("./url-command.js")).runUrlCommand("card", url, flags)),
  );
  withAuthOptions(
    withCommonOptions(
      program
        .command("smoke")
        .argument("<url>", "agent base URL or card URL")
        .description("validate the card, then send one smoke message"),
    ),
  )
    .option("--message <text>", "the smoke message (default: a short greeting)")
    .option(
      "--transport <binding>",
      "send over jsonrpc, rest or grpc (default: the --endpoint's, else jsonrpc)",
    )
    .action(async (url: string, flags: CommonFlags & { message?: string; transport?: string }) =>
      setExit(await (await import("./url-command.js")).runUrlCommand("smoke", url, flags)),
    );
  withAuthOptions(
    withModelOptions(
      withCommonOptions(
        program
          .command("run")
          .argument("<paths...>", "test files (.json) or folders")
          .description("run test definitions: JSON files of kind a2a, conversation or conformance"),
      ),
    ),
  )
    .option("--grep <regex>", "run only the tests whose name matches (case-insensitive)")
    .option("--grep-invert <regex>", "leave out the tests whose name matches")
    .option("--list", "list the tests the run would run, and exit")
    .action(async (paths: string[], flags: CommonFlags) =>
      setExit(await (await testCommands()).runFilesCommand(paths, flags)),
    );
  withAuthOptions(
    withModelOptions(
      withCommonOptions(
        program
          .command("converse")
          .argument("<url>", "agent base URL or card URL")
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
      setExit(await (await import("./converse-command.js")).runConverseCommand(url, flags)),
    );
  refuseOptions(
    withAuthOptions(
      withConnectionOptions(
        program
          .command("chat")
          .argument("<url>", "agent base URL or card URL")
          .description(
            "talk to the agent in the terminal (one message per line when stdin is not a terminal)",
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
      setExit(await (await import("./chat-command.js")).runChatCommand(url, flags)),
    );
  refuseOptions(
    withAuthOptions(
      withCommonOptions(
        program
          .command("conform")
          .argument("[url]", "agent base URL or card URL")
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
    .option(
      "--hint <key=message>",
      'a message that triggers behaviour: input-required="..." or slow="..." (repeatable)',
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
      setExit(await (await import("./conform-command.js")).runConformCommand(url, flags)),
    );
  refuseOptions(
    withModelOptions(
      withAuthOptions(
        withCommonOptions(
          program
            .command("redteam")
            .argument("[url]", "agent base URL or card URL")
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
    .option("--transport <binding>", "attack over jsonrpc, rest or grpc (default jsonrpc)")
    .option("--list", "list the attacks (id, pack, what it tries, how it is judged, OWASP id) and exit")
    .action(async (url: string | undefined, flags: RedteamFlags) =>
      setExit(await (await import("./redteam-command.js")).runRedteamCommand(url, flags)),
    );
  withAuthOptions(
    withCommonOptions(
      program
        .command("load")
        .argument("<url>", "agent base URL or card URL")
        .description("load and soak: concurrent sends or streams; latency percentiles, errors, throughput"),
    ),
  )
    .option("--concurrency <n>", "requests in flight at most, 1-1000 (default 10)")
    .option("--duration <time>", "how long to send: 30s, 5m, 1h (default 10s; at most 24h)")
    .option("--requests <n>", "stop after this many requests (and after 1h unless --duration)")
    .option("--rate <r/s>", "open loop: start this many requests per second (default: closed loop)")
    .option("--ramp <time>", "grow from one to full concurrency or rate over this long")
    .option("--stream", "send streaming messages and time the first event and the terminal state")
    .option("--message <text>", "the message every request sends")
    .option("--threshold <expr>", 'pass/fail rule, e.g. "p99 < 2s", "errors < 1%" (repeatable)', collect)
    .option("--confirm-target <host>", "required to load a host other than loopback: name that host")
    .option("--transport <binding>", "jsonrpc, rest or grpc (default: the --endpoint's, else jsonrpc)")
    .option("--protocol <version>", "force the A2A version instead of negotiating")
    .action(async (url: string, flags: LoadFlags) =>
      setExit(await (await import("./load-command.js")).runLoadCommand(url, flags)),
    );
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
    .option("--vuln <modes>", "red-team weaknesses, comma-separated (see --list-vuln)")
    .option("--list-vuln", "list the red-team vulnerable modes and exit")
    .option("--no-sign-card", "serve the card unsigned (by default it is signed and its JWK Set served)")
    .action(async (flags: AgentFlags) =>
      setExit(await (await import("./agent-command.js")).runAgentCommand(flags)),
    );
  program
    .command("serve")
    .description("web inspector, project board and REST API (SQLite by default; PostgreSQL with workers)")
    .option("--port <port>", "port to listen on (0 = any)", "5001")
    .option("--host <host>", "address to bind (non-loopback needs --token)", "127.0.0.1")
    .option(
      "--db <file|url>",
      "SQLite file (default: $XDG_DATA_HOME/plainwright/plainwright.sqlite) or postgres:// URL",
    )
    .option("--token <token>", "require Authorization: Bearer <token> on every API call")
    .option("--allow-private", "let tests reach loopback and private addresses")
    .option("--allow-host <host>", "let tests reach this host even if private (repeatable)", collect)
    .option("--concurrency <n>", "runs executing at once (SQLite; workers have their own)", "4")
    .option("--per-host <n>", "runs executing at once against one agent host:port", "2")
    .option("--per-project <n>", "runs executing at once for one project", "3")
    .action(async (flags: ServeFlags) =>
      setExit(await (await import("./serve-command.js")).runServeCommand(flags)),
    );
  registerWorkerCommand(program, setExit);
  registerSubmitCommand(program, setExit);
  withOutputOptions(
    program.command("demo").description("start the reference agent in-process and test it end to end"),
  ).action(async (flags: CommonFlags) =>
    setExit(await (await import("./demo-command.js")).runDemoCommand(flags)),
  );
  return program;
}

/** The only place that turns errors into exit codes (docs/architecture.md "Errors"). */
export async function main(argv: string[]): Promise<number> {
  let exit: number = exitCodes.passed;
  const program = buildProgram((code) => (exit = code));
  try {
    await program.parseAsync(argv);
    return exit;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : exitCodes.usage;
    if (error instanceof PlainwrightError) {
      process.stderr.write(`plainwright: ${terminalText(error.message)}\n`);
      return error.code === "usage" ? exitCodes.usage : exitCodes.error;
    }
    process.stderr.write(
      `plainwright: internal error: ${terminalText((error as Error).stack ?? String(error))}\n`,
    );
    return exitCodes.error;
  }
}
