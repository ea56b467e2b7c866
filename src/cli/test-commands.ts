import type { ModelFlags } from "../llm/model-config.js";
import { readTestFiles, type LoadedTest } from "../runner/test-definition.js";
import { runTestDefinition } from "../runner/run-test.js";
import { configError } from "../runner/errors.js";
import type { RunEventSink } from "../model/events.js";
import type { RunResult } from "../model/result.js";
import { connectionFlags, modelFlagsFrom, type AuthFlags, type CommonFlags } from "./options.js";
import { emitResults, exitCodeFor } from "./output.js";
import { prepareRun, withProgress, type PreparedRun } from "./prepare.js";
import { exitCodes } from "./exit-codes.js";
import { terminalText } from "../report/terminal-text.js";

/** Runs one loaded test with the command line's secrets, flags and policy. */
function runLoaded(
  test: LoadedTest,
  flags: CommonFlags & ModelFlags,
  prepared: PreparedRun,
  onEvent: RunEventSink,
  signal: AbortSignal,
): Promise<RunResult> {
  return runTestDefinition(test, {
    signal,
    // Ctrl-C: the test's own runner stops sending and returns what finished; a runner that cannot is ended.
    abortGraceMs: INTERRUPT_GRACE_MS,
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

const INTERRUPT_GRACE_MS = 5000;

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
  const results = await withProgress(prepared.output, async (onEvent, signal) => {
    const done: RunResult[] = [];
    for (const test of tests) {
      // After Ctrl-C no further test starts; the ones that did not run are not reported as run.
      if (signal.aborted) break;
      done.push(await runLoaded(test, flags, prepared, onEvent, signal));
    }
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
