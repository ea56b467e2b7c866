import type { Command } from "commander";

/** Where a command's action leaves its exit code (the program's one exit path reads it). */
export type SetExit = (code: number) => void;

/** One command of the CLI: it adds itself, its options and its action to the program. */
export interface CliCommand {
  name: string;
  register: (program: Command, setExit: SetExit) => void;
}

/** Declares a command; its action loads the command's own module on demand, so `--help` starts fast. */
export function defineCommand(name: string, register: CliCommand["register"]): CliCommand {
  return { name, register };
}
