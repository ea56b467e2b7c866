import type { ModelFlags } from "../llm/model-config.js";
import { readTestFiles, type A2ATestConfig, type LoadedTest } from "../runner/test-definition.js";
import { runTestDefinition } from "../runner/run-test.js";
import { runA2ATest } from "../runner/run-a2a-test.js";
import { configError, usageError } from "../runner/errors.js";
import type { RunEventSink } from "../model/events.js";
import type { RunResult } from "../model/result.js";
import { resolveSecrets } from "../runner/secrets.js";
import { timeoutBounds } from "../runner/test-definition.js";
import {
  connectionFlags,
  modelFlagsFrom,
  parseAgentUrl,
  type AuthFlags,
  type CommonFlags,
} from "./options.js";
import { emitResults, exitCodeFor } from "./output.js";
import { prepareRun, withProgress, type PreparedRun } from "./prepare.js";
import { exitCodes } from "./exit-codes.js";
import { terminalText } from "../report/terminal-text.js";
import { readCardKeys } from "./card-keys.js";

/** `card <url>` and `smoke <url>`: one ad-hoc test built from flags. */
export async function runUrlCommand(
  mode: "card" | "smoke",
  rawUrl: string,
  flags: CommonFlags & AuthFlags & { message?: string; transport?: string; cardKey?: string[] },
): Promise<number> {
  const prepared = await prepareRun(flags);
  const cardKeys = readCardKeys(flags.cardKey);
  if (flags.message !== undefined && flags.message.trim() === "")
    throw usageError("--message: must not be empty (leave it out for the default greeting)");
  const raw: A2ATestConfig = {
    agent_url: rawUrl,
    ...connectionFlags(flags),
    headers: prepared.auth.headers,
    strict_card: flags.strictCard !== false,
    timeout_s: prepared.timeoutS ?? timeoutBounds.default,
    ...(flags.message !== undefined ? { smoke_message: flags.message } : {}),
  };
  const { value: config, used } = resolveSecrets(raw, prepared.secrets);
  parseAgentUrl(config.agent_url);
  const result = await withProgress(prepared.output, (onEvent) =>
    runA2ATest({
      config,
      mode,
      policy: prepared.policy,
      secrets: [...used, ...prepared.auth.secrets],
      ...(cardKeys.length > 0 ? { cardKeys } : {}),
      onEvent,
    }),
  );
  await emitResults([result], prepared.output);
  return exitCodeFor([result]);
}

/** Runs one loaded test with the command line's secrets, flags and policy. */
function runLoaded(
  test: LoadedTest,
  flags: CommonFlags & ModelFlags,
  prepared: PreparedRun,
  onEvent: RunEventSink,
): Promise<RunResult> {
  return runTestDefinition(test, {
    models: modelFlagsFrom(flags),
    secrets: prepared.secrets,
    policy: prepared.policy,
    redact: prepared.auth.secrets,
    overrides: {
      headers: prepared.auth.headers,
      ...(prepared.timeoutS ? { timeout_s: prepared.timeoutS } : {}),
      ...connectionFlags({ ...(flags.endpoint !== undefined ? { endpoint: flags.endpoint } : {}) }),
      ...(flags.strictCard === false ? { strict_card: false } : {}),
    },
    onEvent,
  });
}

/** `run <file-or-dir>...`: every test definition found, one after another. */
export async function runFilesCommand(
  paths: string[],
  flags: CommonFlags & AuthFlags & ModelFlags,
): Promise<number> {
  if (paths.length === 0) throw configError("run needs at least one test file or folder");
  const prepared = await prepareRun(flags);
  modelFlagsFrom(flags);
  const { tests, invalid } = await readTestFiles(paths);
  if (tests.length === 0) throw configError(invalid.map((f) => f.message).join("\n"));
  // Every valid file runs; each invalid one is reported, and the exit code says some could not run.
  for (const file of invalid) process.stderr.write(`plainwright: ${terminalText(file.message)}\n`);
  const results = await withProgress(prepared.output, async (onEvent) => {
    const done: RunResult[] = [];
    for (const test of tests) done.push(await runLoaded(test, flags, prepared, onEvent));
    return done;
  });
  await emitResults(results, prepared.output);
  if (invalid.length > 0) {
    process.stderr.write(
      `plainwright: ${invalid.length} test file${invalid.length === 1 ? " was" : "s were"} invalid and not run\n`,
    );
    return exitCodes.error;
  }
  return exitCodeFor(results);
}
