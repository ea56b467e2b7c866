import type { ModelFlags } from "../llm/model-config.js";
import { PlainwrightError, usageError } from "../runner/errors.js";
import { runTestDefinition, type TestRunOptions } from "../runner/run-test.js";
import { parseTestDefinition, type TestKind } from "../runner/test-definition.js";
import { emitResults, exitCodeFor } from "./output.js";
import { withProgress, type PreparedRun } from "./prepare.js";

/** After Ctrl-C, how long a run may take to stop its work and return what it finished. */
export const INTERRUPT_GRACE_MS = 5000;

/**
 * The one door from the command line: the flags become the test definition a file would hold, checked
 * by the same schema (a flag and a file key cannot disagree), and run through the same path as `run`.
 * A problem the schema finds is a usage error; so is a target the run refuses before sending.
 */
export async function runFlagTest(
  kind: TestKind,
  config: Record<string, unknown>,
  prepared: PreparedRun,
  extra: Omit<TestRunOptions, "secrets" | "policy" | "onEvent" | "signal"> & { models?: ModelFlags } = {},
): Promise<number> {
  let test;
  try {
    test = parseTestDefinition(
      { name: `${kind} ${String(config.agent_url)}`, kind, config },
      "the command line",
    );
  } catch (error) {
    if (error instanceof PlainwrightError) throw usageError(error.message);
    throw error;
  }
  const result = await withProgress(prepared.output, (onEvent, signal) =>
    runTestDefinition(
      { ...test, fromFlags: true },
      {
        ...extra,
        secrets: prepared.secrets,
        policy: prepared.policy,
        redact: [...prepared.auth.secrets, ...(extra.redact ?? [])],
        abortGraceMs: INTERRUPT_GRACE_MS,
        onEvent,
        signal,
      },
    ),
  );
  await emitResults([result], prepared.output);
  return exitCodeFor([result]);
}
