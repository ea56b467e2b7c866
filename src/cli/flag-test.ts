import type { ModelFlags } from "../llm/model-config.js";
import { PlainwrightError, usageError } from "../runner/errors.js";
import type { TestRunOptions } from "../runner/run-test.js";
import { runWithCassette } from "./cassette-flags.js";
import type { A2ATestDefinition, LoadedTest, TestKind } from "../runner/test-definition.js";
import { timeoutBounds } from "../runner/timeout-bounds.js";
import { emitResults, exitCodeFor } from "./output.js";
import { withProgress, type PreparedRun } from "./prepare.js";

/** After Ctrl-C, how long a run may take to stop its work and return what it finished. */
export const INTERRUPT_GRACE_MS = 5000;

/**
 * The definition the flags describe. `card` and `smoke` take only the connection keys (and the smoke
 * message), each already read by the option parsers the schema's own rules come from (timeout bounds,
 * endpoint and binding readers): they skip the schema library, which costs them a third of their start.
 * Every other kind is read by the test-file schema, as a file is.
 */
async function definitionOf(kind: TestKind, config: Record<string, unknown>): Promise<LoadedTest> {
  const name = `${kind} ${String(config.agent_url)}`;
  if (kind === "card" || kind === "smoke") {
    const definition = {
      name,
      kind,
      config: { headers: {}, strict_card: true, timeout_s: timeoutBounds.default, ...config },
    } as A2ATestDefinition;
    return { source: "the command line", definition, warnings: [] };
  }
  const { parseTestDefinition } = await import("../runner/test-definition.js");
  try {
    return parseTestDefinition({ name, kind, config }, "the command line");
  } catch (error) {
    if (error instanceof PlainwrightError) throw usageError(error.message);
    throw error;
  }
}

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
  const test = await definitionOf(kind, config);
  const redact = [...prepared.auth.secrets, ...(extra.redact ?? [])];
  const result = await withProgress(prepared.output, (onEvent, signal) =>
    runWithCassette(
      { ...test, fromFlags: true },
      {
        ...extra,
        secrets: prepared.secrets,
        policy: prepared.policy,
        redact,
        abortGraceMs: INTERRUPT_GRACE_MS,
        onEvent,
        signal,
      },
      prepared.cassette,
      [...redact, ...Object.values(prepared.secrets.values)],
    ),
  );
  return exitCodeFor(await emitResults([result], prepared.output), prepared.output.failOn);
}
