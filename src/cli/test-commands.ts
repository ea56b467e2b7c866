import type { ModelFlags } from "../llm/model-config.js";
import { readTestFiles, type A2ATestConfig, type LoadedTest } from "../runner/test-definition.js";
import { runTestDefinition } from "../runner/run-test.js";
import { runA2ATest } from "../runner/run-a2a-test.js";
import { configError } from "../runner/errors.js";
import type { RunResult } from "../model/result.js";
import { resolveSecrets } from "../runner/secrets.js";
import {
  connectionFlags,
  modelFlagsFrom,
  parseAgentUrl,
  parseHeaders,
  parseTimeout,
  policyFrom,
  progressTo,
  secretSourceFrom,
  type CommonFlags,
} from "./options.js";
import { emitResults, exitCodeFor } from "./output.js";
import { exitCodes } from "./exit-codes.js";
import { terminalText } from "../report/terminal-text.js";

/** `card <url>` and `smoke <url>`: one ad-hoc test built from flags. */
export async function runUrlCommand(
  mode: "card" | "smoke",
  rawUrl: string,
  flags: CommonFlags & { message?: string; transport?: string },
): Promise<number> {
  const source = await secretSourceFrom(flags, process.env);
  const raw: A2ATestConfig = {
    agent_url: rawUrl,
    ...connectionFlags(flags),
    headers: parseHeaders(flags.header),
    strict_card: flags.strictCard !== false,
    timeout_s: parseTimeout(flags.timeout),
    ...(flags.message !== undefined ? { smoke_message: flags.message } : {}),
  };
  const { value: config, used } = resolveSecrets(raw, source);
  parseAgentUrl(config.agent_url);
  const result = await runA2ATest({
    config,
    mode,
    policy: policyFrom(flags),
    secrets: used,
    onEvent: progressTo(flags),
  });
  await emitResults([result], flags);
  return exitCodeFor([result]);
}

/** Runs one loaded test with the command line's secrets, flags and policy. */
async function runLoaded(test: LoadedTest, flags: CommonFlags & ModelFlags): Promise<RunResult> {
  return runTestDefinition(test, {
    models: modelFlagsFrom(flags),
    secrets: await secretSourceFrom(flags, process.env),
    policy: policyFrom(flags),
    overrides: {
      headers: parseHeaders(flags.header),
      ...(flags.timeout ? { timeout_s: parseTimeout(flags.timeout) } : {}),
      ...connectionFlags({ ...(flags.endpoint !== undefined ? { endpoint: flags.endpoint } : {}) }),
      ...(flags.strictCard === false ? { strict_card: false } : {}),
    },
    onEvent: progressTo(flags),
  });
}

/** `run <file-or-dir>...`: every test definition found, one after another. */
export async function runFilesCommand(paths: string[], flags: CommonFlags & ModelFlags): Promise<number> {
  if (paths.length === 0) throw configError("run needs at least one test file or folder");
  const { tests, invalid } = await readTestFiles(paths);
  if (tests.length === 0) throw configError(invalid.map((f) => f.message).join("\n"));
  // Every valid file runs; each invalid one is reported, and the exit code says some could not run.
  for (const file of invalid) process.stderr.write(`plainwright: ${terminalText(file.message)}\n`);
  const results: RunResult[] = [];
  for (const test of tests) {
    results.push(await runLoaded(test, flags));
  }
  await emitResults(results, flags);
  if (invalid.length > 0) {
    process.stderr.write(
      `plainwright: ${invalid.length} test file${invalid.length === 1 ? " was" : "s were"} invalid and not run\n`,
    );
    return exitCodes.error;
  }
  return exitCodeFor(results);
}
