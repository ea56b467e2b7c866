import type { ModelFlags } from "../llm/model-config.js";
import { readTestFiles, type LoadedTest } from "../runner/test-definition.js";
import { configError, usageError } from "../runner/errors.js";
import type { RunEventSink } from "../model/events.js";
import type { RunResult } from "../model/result.js";
import { connectionFlags, modelFlagsFrom, parseBail, type AuthFlags, type CommonFlags } from "./options.js";
import { emitResults, exitCodeFor } from "./output.js";
import { prepareRun, withProgress, type PreparedRun } from "./prepare.js";
import { exitCodes } from "./exit-codes.js";
import { terminalText } from "../report/terminal-text.js";
import { describeGrep, nameFilter, type GrepFlags } from "./name-filter.js";
import { INTERRUPT_GRACE_MS } from "./flag-test.js";
import { lastFailed, recordLastRun } from "./last-failed.js";
import { runWithCassette } from "./cassette-flags.js";
import { missingSecrets } from "../runner/secrets.js";

/** `run --list`: the tests a run would run, one a line: name, kind, file. */
function listing(tests: readonly LoadedTest[]): string {
  const rows = tests.map(
    (t) => `${terminalText(t.definition.name)}  (${t.definition.kind ?? "a2a"}, ${terminalText(t.source)})`,
  );
  return `${tests.length} test${tests.length === 1 ? "" : "s"}:\n${rows.map((r) => `  ${r}`).join("\n")}\n`;
}

/** Runs one loaded test with the command line's secrets, flags and policy. */
function runLoaded(
  test: LoadedTest,
  flags: CommonFlags & ModelFlags,
  prepared: PreparedRun,
  onEvent: RunEventSink,
  signal: AbortSignal,
): Promise<RunResult> {
  return runWithCassette(
    test,
    {
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
    },
    prepared.cassette,
    [...prepared.auth.secrets, ...Object.values(prepared.secrets.values)],
  );
}

/** --record or --replay with two tests of one name: refused before anything is sent (the cassette code loads only then). */
async function refuseSharedCassettes(tests: readonly LoadedTest[], prepared: PreparedRun): Promise<void> {
  const { record, replay } = prepared.cassette;
  const dir = record ?? replay;
  if (dir === undefined) return;
  const { cassetteClashes } = await import("../runner/cassette/session.js");
  const clashes = cassetteClashes(tests, dir);
  if (clashes.length > 0)
    throw usageError(
      `${record !== undefined ? "--record" : "--replay"} ${dir}: ${terminalText(clashes.join("; "))}: a cassette is named by its test's name, so give each test a name of its own`,
    );
}

/**
 * Every `{{secrets.NAME}}` of every chosen test (and of the command line's credentials) is looked up before
 * anything runs: a missing one is found now, with its file and field, not after the tests before it ran.
 */
function refuseMissingSecrets(tests: readonly LoadedTest[], prepared: PreparedRun): void {
  const missing = [
    ...missingSecrets(prepared.auth.headers, prepared.secrets).map(
      (m) => `the command line: header ${m.field}: ${m.problem}`,
    ),
    ...tests.flatMap((t) =>
      missingSecrets(t.definition.config, prepared.secrets).map(
        (m) => `${t.source}: config.${m.field}: ${m.problem}`,
      ),
    ),
  ];
  if (missing.length > 0)
    throw configError(
      `${missing.length} secret${missing.length === 1 ? " is" : "s are"} missing, so no test was run:\n${missing.map(terminalText).join("\n")}`,
    );
}

/** `run <file-or-dir>...`: every test definition found, one after another. */
export async function runFilesCommand(
  paths: string[],
  flags: CommonFlags &
    AuthFlags &
    ModelFlags &
    GrepFlags & { list?: boolean; bail?: string | boolean; lastFailed?: boolean },
): Promise<number> {
  if (paths.length === 0) throw configError("run needs at least one test file or folder");
  const prepared = await prepareRun(flags);
  modelFlagsFrom(flags);
  const bail = parseBail(flags.bail);
  const { tests, invalid } = await readTestFiles(paths);
  if (tests.length === 0) throw configError(invalid.map((f) => f.message).join("\n"));
  const keep = nameFilter(flags);
  const named = keep ? tests.filter((t) => keep(t.definition.name)) : tests;
  if (named.length === 0) throw usageError(`${describeGrep(flags)}: no test's name matches (see run --list)`);
  const chosen = flags.lastFailed ? await lastFailed(prepared.output.outDir, named) : named;
  if (chosen.length === 0) {
    process.stderr.write("plainwright: --last-failed: no test failed in the last run; nothing to re-run\n");
    return exitCodes.passed;
  }
  await refuseSharedCassettes(chosen, prepared);
  // Every valid file runs (or is listed); each invalid one is reported, and the exit code says some could not run.
  for (const file of invalid) process.stderr.write(`plainwright: ${terminalText(file.message)}\n`);
  if (flags.list) {
    process.stdout.write(listing(chosen));
    return invalid.length > 0 ? exitCodes.error : exitCodes.passed;
  }
  refuseMissingSecrets(chosen, prepared);
  const results = await withProgress(prepared.output, async (onEvent, signal) => {
    const done: RunResult[] = [];
    for (const test of chosen) {
      // After Ctrl-C no further test starts; the ones that did not run are not reported as run.
      if (signal.aborted) break;
      if (bail !== undefined && done.filter((r) => r.status !== "passed").length >= bail) {
        const left = chosen.length - done.length;
        process.stderr.write(`plainwright: --bail ${bail}: ${left} test(s) not run after ${bail} failed\n`);
        break;
      }
      done.push(await runLoaded(test, flags, prepared, onEvent, signal));
    }
    return done;
  });
  const emitted = await emitResults(results, prepared.output);
  await recordLastRun(prepared.output.outDir, results);
  if (invalid.length > 0) {
    process.stderr.write(
      `plainwright: ${invalid.length} test file${invalid.length === 1 ? " was" : "s were"} invalid and not run\n`,
    );
    return exitCodes.error;
  }
  return exitCodeFor(emitted, prepared.output.failOn);
}
