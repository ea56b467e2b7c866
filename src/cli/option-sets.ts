import { Option, type Command } from "commander";
import { usageError } from "../runner/errors.js";

/** Collects a repeatable option's values. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** How the agent is reached: headers, timeout, endpoint, card strictness, secrets, outbound policy. */
export function withConnectionOptions(cmd: Command): Command {
  return cmd
    .option(
      "-H, --header <header>",
      "send 'Name: value' with every request (repeatable; {{secrets.NAME}} works)",
      collect,
    )
    .option("--timeout <seconds>", "seconds to wait for each request, 1-300", undefined)
    .option(
      "--endpoint <url[@binding]>",
      "test this endpoint whatever the card says, or without a card (binding jsonrpc, rest or grpc; default jsonrpc)",
    )
    .option("--no-strict-card", "report card errors without failing")
    .option("--secrets <file>", "secrets file (JSON object or KEY=VALUE lines) for {{secrets.NAME}}")
    .option("--allow-private", "allow loopback and private addresses (the command-line default)")
    .option("--deny-private", "refuse loopback and private addresses")
    .option("--allow-host <host>", "always allow this host name (repeatable)", collect);
}

/** What a run prints and writes: the result JSON, report files, colour and live progress. */
export function withOutputOptions(cmd: Command): Command {
  return cmd
    .option("--json", "print the result JSON on stdout and nothing else")
    .option(
      "--report <formats>",
      "also write reports: json, markdown, junit, html, console (comma-separated)",
    )
    .option("--out-dir <dir>", "folder for --report files (default: reports)")
    .option(
      "--keep-reports <n>",
      "run folders kept in --out-dir, newest first; older ones are deleted (default: 20; 0 keeps all)",
    )
    .addOption(
      new Option(
        "--progress <mode>",
        "live progress on stderr: auto (a status line on a terminal, lines elsewhere), tty, plain or none (default: auto; none with --json)",
      ),
    )
    .option("--no-color", "plain console output")
    .option(
      "--baseline <file|last>",
      "compare with an earlier result of the same test: a results JSON, or last (the newest run in --out-dir)",
    )
    .option(
      "--fail-on <which>",
      "new: fail only on verdicts that failed now and not in --baseline; any (default)",
    )
    .option(
      "--otel-endpoint <url>",
      "export the run as OpenTelemetry spans over OTLP/HTTP to this collector (default: $OTEL_EXPORTER_OTLP_ENDPOINT)",
    );
}

/** The common options of every command that reaches an agent: how to reach the agent and what to print. */
export function withCommonOptions(cmd: Command): Command {
  return withCassetteOptions(withConfigOptions(withOutputOptions(withConnectionOptions(cmd))));
}

/** Record a run as a cassette, replay one offline, and the model cache (docs/config.md "Record and replay"). */
export function withCassetteOptions(cmd: Command): Command {
  return cmd
    .option("--record <dir>", "keep every exchange and model call of the run as a cassette in DIR")
    .option(
      "--replay <dir>",
      "run offline against the cassette in DIR: a stand-in agent and the recorded model replies",
    )
    .option("--no-cache", "ask the model every time (model replies are otherwise cached between runs)");
}

/** Which config file, and which of its projects, a command reads (docs/config.md). */
export function withConfigOptions(cmd: Command): Command {
  return cmd
    .option("--config <file>", "the config file (default: plainwright.config.json here or in a folder above)")
    .option("--project <name>", "lay this project of the config file over its settings");
}

/**
 * Credentials, the same on every command that reaches an agent. `query` adds --api-key-in for the
 * commands whose client can put an API key in the query string.
 */
export function withAuthOptions(cmd: Command, opts: { query?: boolean } = {}): Command {
  cmd
    .option("--bearer <token>", "send Authorization: Bearer TOKEN ({{secrets.NAME}} works)")
    .option("--basic <user:password>", "send HTTP basic credentials")
    .option("--api-key <name=value>", "send an API key header NAME: VALUE (repeatable)", collect);
  return opts.query
    ? cmd.option("--api-key-in <where>", "where API keys go: header or query", "header")
    : cmd;
}

/** Model choices for conversation tests (README "Conversation tests"). */
export function withModelOptions(cmd: Command): Command {
  return cmd
    .option("--model <provider:name>", "model for the simulated user and the judge (or PLAINWRIGHT_MODEL)")
    .option("--user-model <provider:name>", "model for the simulated user only (or PLAINWRIGHT_USER_MODEL)")
    .option("--judge-model <provider:name>", "model for the judge only (or PLAINWRIGHT_JUDGE_MODEL)");
}

/**
 * Options a command takes from a shared set but cannot honour: given on the command line, each is refused
 * before anything is sent (exit 64), with the rule. Keys are option specs ("--report <formats>"); options
 * the command lacks are added, hidden, so the refusal names them instead of commander's "unknown option".
 */
export function refuseOptions(cmd: Command, rules: Record<string, string>): Command {
  const longOf = (spec: string) => spec.split(" ")[0] ?? spec;
  for (const spec of Object.keys(rules)) {
    const existing = cmd.options.find((o) => o.long === longOf(spec));
    // A refused option is not advertised: hidden from --help, whether the shared set added it or not.
    if (existing) existing.hideHelp();
    else cmd.addOption(new Option(spec).hideHelp());
  }
  return cmd.hook("preAction", (_program, action) => {
    for (const [spec, rule] of Object.entries(rules)) {
      const option = action.options.find((o) => o.long === longOf(spec));
      if (option && action.getOptionValueSource(option.attributeName()) === "cli")
        throw usageError(`${action.name()} ${longOf(spec)}: ${rule}`);
    }
  });
}
