import { loadRequestOf, resolveLoadSettings } from "../load/settings.js";
import { parseThresholds } from "../load/thresholds.js";
import { startResult, type RunResult } from "../model/result.js";
import { PlainwrightError } from "./errors.js";
import { runLoad } from "./run-load.js";
import type { TestRunOptions } from "./run-test.js";
import type { A2ATestConfig, LoadedTest } from "./test-definition.js";
import { toolVersion } from "./version.js";

/** A load test that could not start (bad settings, a target the confirm-target rule refuses): status error. */
function loadError(
  test: LoadedTest,
  agentUrl: string,
  reason: string,
  opts: TestRunOptions,
  alreadyStarted = false,
): RunResult {
  const result: RunResult = {
    ...startResult({
      kind: "load",
      toolVersion,
      agentUrl,
      name: test.definition.name,
      source: test.source,
      warnings: test.warnings,
    }),
    status: "error",
    reason,
  };
  const { name } = test.definition;
  if (!alreadyStarted)
    opts.onEvent?.({ type: "run-started", kind: "load", agent_url: agentUrl, name, source: test.source });
  opts.onEvent?.({ type: "run-finished", result });
  return result;
}

/**
 * A test file of kind "load": config.load sets the load and its thresholds decide pass or fail
 * (docs/load.md). The confirm-target rule applies as on the command line, with config.load.confirm_target.
 */
export async function runLoadTest(
  test: LoadedTest,
  config: A2ATestConfig,
  used: string[],
  opts: TestRunOptions,
): Promise<RunResult> {
  const load = config.load ?? {};
  let settings;
  let thresholds;
  try {
    settings = resolveLoadSettings(loadRequestOf(load), config.timeout_s * 1000);
    thresholds = parseThresholds(load.thresholds ?? []);
  } catch (error) {
    return loadError(
      test,
      config.agent_url,
      `${test.source}: config.load: ${(error as Error).message}`,
      opts,
    );
  }
  // A target refused once the card is read comes after run-started: the listener hears it once.
  let started = false;
  const onEvent = opts.onEvent;
  try {
    const result = await runLoad({
      config,
      settings,
      thresholds,
      ...(load.confirm_target !== undefined ? { confirmTarget: load.confirm_target } : {}),
      confirmOption: "config.load.confirm_target",
      policy: opts.policy,
      secrets: used,
      name: test.definition.name,
      source: test.source,
      // A cancel, the worker's deadline or a shutdown stops the load itself, not only the wait for it.
      ...(opts.signal ? { signal: opts.signal } : {}),
      ...(onEvent
        ? {
            onEvent: (event) => {
              if (event.type === "run-started") started = true;
              onEvent(event);
            },
          }
        : {}),
    });
    result.warnings.unshift(...test.warnings);
    return result;
  } catch (error) {
    if (!(error instanceof PlainwrightError)) throw error;
    return loadError(test, config.agent_url, `${test.source}: ${error.message}`, opts, started);
  }
}
