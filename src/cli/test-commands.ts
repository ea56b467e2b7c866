import {
  isConversation,
  loadTestFiles,
  type A2ATestConfig,
  type LoadedTest,
} from "../runner/test-definition.js";
import { runA2ATest } from "../runner/run-a2a-test.js";
import { configError } from "../runner/errors.js";
import type { RunResult } from "../runner/result.js";
import { resolveSecrets } from "../runner/secrets.js";
import { toolVersion } from "../runner/version.js";
import {
  parseAgentUrl,
  parseHeaders,
  parseTimeout,
  policyFrom,
  secretSourceFrom,
  type CommonFlags,
} from "./options.js";
import { emitResults, exitCodeFor } from "./output.js";

const progress = (flags: CommonFlags) => (line: string) => {
  if (!flags.json) process.stderr.write(`${line}\n`);
};

/** `card <url>` and `smoke <url>`: one ad-hoc test built from flags. */
export async function runUrlCommand(
  mode: "card" | "smoke",
  rawUrl: string,
  flags: CommonFlags & { message?: string },
): Promise<number> {
  const source = await secretSourceFrom(flags, process.env);
  const raw: A2ATestConfig = {
    agent_url: rawUrl,
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
    onProgress: progress(flags),
  });
  await emitResults([result], flags);
  return exitCodeFor([result]);
}

function errorResult(test: LoadedTest, reason: string): RunResult {
  return {
    tool: { name: "plainwright", version: toolVersion },
    kind: "a2a",
    name: test.definition.name,
    source: test.source,
    status: "error",
    reason,
    started_at: new Date().toISOString(),
    duration_ms: 0,
    agent_url: null,
    scores: {},
    warnings: test.warnings,
    traffic: [],
  };
}

/** Runs one loaded test; a config problem (missing secret, conversation) becomes an `error` result. */
async function runLoaded(test: LoadedTest, flags: CommonFlags): Promise<RunResult> {
  const config = test.definition.config;
  if (isConversation(config)) {
    return errorResult(
      test,
      `${test.source}: conversation tests (persona, goal, success_criteria) are not available in this version yet; remove them to run the smoke check`,
    );
  }
  const source = await secretSourceFrom(flags, process.env);
  let resolved: A2ATestConfig;
  let used: string[];
  try {
    ({ value: resolved, used } = resolveSecrets(config, source));
  } catch (error) {
    return errorResult(test, `${test.source}: ${(error as Error).message}`);
  }
  const overrides: Partial<A2ATestConfig> = {
    headers: { ...resolved.headers, ...parseHeaders(flags.header) },
    ...(flags.timeout ? { timeout_s: parseTimeout(flags.timeout) } : {}),
    ...(flags.strictCard === false ? { strict_card: false } : {}),
  };
  const result = await runA2ATest({
    config: { ...resolved, ...overrides },
    mode: "smoke",
    policy: policyFrom(flags),
    secrets: used,
    name: test.definition.name,
    source: test.source,
    onProgress: progress(flags),
  });
  result.warnings.unshift(...test.warnings);
  return result;
}

/** `run <file-or-dir>...`: every test definition found, one after another. */
export async function runFilesCommand(paths: string[], flags: CommonFlags): Promise<number> {
  if (paths.length === 0) throw configError("run needs at least one test file or folder");
  const tests = await loadTestFiles(paths);
  const results: RunResult[] = [];
  for (const test of tests) {
    progress(flags)(`Running ${test.definition.name} (${test.source})`);
    results.push(await runLoaded(test, flags));
  }
  await emitResults(results, flags);
  return exitCodeFor(results);
}
