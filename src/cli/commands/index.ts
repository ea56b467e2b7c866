import { agentCommand } from "./agent.js";
import { cardCommand } from "./card.js";
import { chatCommand } from "./chat.js";
import type { CliCommand } from "./command.js";
import { configCommand } from "./config.js";
import { initCommand } from "./init.js";
import { conformCommand } from "./conform.js";
import { converseCommand } from "./converse.js";
import { demoCommand } from "./demo.js";
import { loadCommand } from "./load.js";
import { redteamCommand } from "./redteam.js";
import { runCommand } from "./run.js";
import { serveCommand } from "./serve.js";
import { showReportCommand } from "./show-report.js";
import { smokeCommand } from "./smoke.js";
import { submitCommand } from "./submit.js";
import { workerCommand } from "./worker.js";

/** Every command, in the order `--help` lists them: a new command is its module and its entry here. */
export const commands: readonly CliCommand[] = [
  initCommand,
  cardCommand,
  smokeCommand,
  runCommand,
  converseCommand,
  chatCommand,
  conformCommand,
  redteamCommand,
  loadCommand,
  agentCommand,
  serveCommand,
  workerCommand,
  submitCommand,
  showReportCommand,
  configCommand,
  demoCommand,
];
