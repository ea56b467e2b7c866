import { Command, CommanderError } from "commander";
import { PlainwrightError } from "../runner/errors.js";
import { toolVersion } from "../runner/version.js";
import { exitCodes } from "./exit-codes.js";
import { terminalText } from "../report/terminal-text.js";
import { commands } from "./commands/index.js";
import { applyConfig, configFor } from "./config-apply.js";

/**
 * The program: its name, version and help, and the commands of commands/index.ts. When the first word
 * names a command, only that command is registered (its options are all it parses, and registering the
 * others' is a measurable part of a short command's start); otherwise all are, for the help and the
 * "unknown command" suggestion.
 */
function buildProgram(setExit: (code: number) => void, argv: readonly string[]): Command {
  const program = new Command("plainwright")
    .description("Test agents that speak the Agent2Agent (A2A) protocol.")
    .version(toolVersion, "-v, --version")
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride();
  const named = commands.find((c) => c.name === argv[2]);
  for (const command of named ? [named] : commands) command.register(program, setExit);
  // Every command that reads the config file (it has --config) gets its settings before its action runs.
  program.hook("preAction", async (_program, action) => {
    if (!action.options.some((o) => o.long === "--config") || action.name() === "config") return;
    const { config, project } = action.opts<{ config?: string; project?: string }>();
    applyConfig(action, await configFor({ cwd: process.cwd(), file: config, project }));
  });
  return program;
}

/** The only place that turns errors into exit codes (docs/architecture.md "Errors"). */
export async function main(argv: string[]): Promise<number> {
  let exit: number = exitCodes.passed;
  const program = buildProgram((code) => (exit = code), argv);
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
