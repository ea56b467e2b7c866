import { withOutputOptions } from "../option-sets.js";
import type { CommonFlags } from "../options.js";
import { defineCommand } from "./command.js";

/** `demo`: the reference agent tested end to end. */
export const demoCommand = defineCommand("demo", (program, setExit) => {
  withOutputOptions(
    program.command("demo").description("start the reference agent in-process and test it end to end"),
  ).action(async (flags: CommonFlags) =>
    setExit(await (await import("../demo-command.js")).runDemoCommand(flags)),
  );
});
