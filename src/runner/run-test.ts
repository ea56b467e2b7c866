import type { ModelFlags } from "../llm/model-config.js";
import type { OutboundPolicy } from "../net/outbound-policy.js";
import type { RunEventSink } from "../model/events.js";
import type { RunResult } from "../model/result.js";
import { PlainwrightError } from "./errors.js";
import { executeRun } from "./execute-run.js";
import type { RunRequest } from "./kinds/define.js";
import { resultKindOf, runKinds, type RunKindName } from "./kinds/index.js";
import { Run } from "./run.js";
import { headerSecrets } from "./credential-headers.js";
import { resolveSecrets, type SecretSource } from "./secrets.js";
import { isConversation } from "./kinds/conversation.js";
import type { A2ATestConfig, LoadedTest } from "./test-definition.js";

/** How one test definition is run, wherever it came from (a file, the command line, the REST API, the web board). */
export interface TestRunOptions extends Pick<
  RunRequest,
  | "onEvent"
  | "pollIntervalMs"
  | "env"
  | "signal"
  | "abortGraceMs"
  | "protocolOverride"
  | "cardKeys"
  | "query"
  | "credentialsGiven"
  | "catalogue"
  | "concurrency"
  | "bail"
  | "traffic"
  | "modelWrap"
  | "redteamSeeds"
  | "honeypotReplayed"
> {
  secrets: SecretSource;
  policy: OutboundPolicy;
  /** Values to redact beyond the test's own secrets (credentials given as command-line flags). */
  redact?: readonly string[];
  /** Applied over the definition's config after secrets are resolved (command-line flags). */
  overrides?: Partial<A2ATestConfig>;
  /** Conversation and red-team tests: --model, --user-model, --judge-model. */
  models?: ModelFlags;
}

/** The values an identity's headers carry, the token alone too ("Bearer T"): kept out of every output. */
/** The run kind a test definition names: "a2a" is a smoke test, or a conversation when it holds one. */
export function runKindOf(test: LoadedTest): RunKindName {
  const { kind, config } = test.definition;
  if (kind === "a2a") return isConversation(config) ? "conversation" : "smoke";
  return kind;
}

/** A result for a test that could not run at all (status `error`), told to `onEvent` as a run. */
export function errorResult(test: LoadedTest, reason: string, onEvent?: RunEventSink): RunResult {
  const run = new Run({
    kind: resultKindOf[runKindOf(test)],
    agentUrl: null,
    name: test.definition.name,
    source: test.source,
    warnings: test.warnings,
    onEvent,
  });
  return run.finish("error", reason);
}

/**
 * Runs one test definition through its kind: secrets resolved (a missing one is an `error` naming it),
 * the command line's flags applied, then the one Run. A usage error of the test (a load target the
 * confirm-target rule refuses) is the test's `error`, not the end of the whole run.
 */
export async function runTestDefinition(test: LoadedTest, opts: TestRunOptions): Promise<RunResult> {
  let config: A2ATestConfig;
  let used: string[];
  let names: Map<string, string>;
  try {
    ({ value: config, used, names } = resolveSecrets(test.definition.config, opts.secrets));
  } catch (error) {
    return errorResult(test, `${test.source}: ${(error as Error).message}`, opts.onEvent);
  }
  // The command line's values take {{secrets.NAME}} too (--bearer '{{secrets.TOKEN}}', a config file's credentials).
  let overrides: Partial<A2ATestConfig> = {};
  try {
    const resolved = resolveSecrets(opts.overrides ?? {}, opts.secrets);
    overrides = resolved.value;
    used = [...used, ...resolved.used];
    names = new Map([...names, ...resolved.names]);
  } catch (error) {
    return errorResult(test, `the command line: ${(error as Error).message}`, opts.onEvent);
  }
  config = { ...config, ...overrides, headers: { ...config.headers, ...overrides.headers } };
  const { secrets, redact, overrides: _overrides, ...rest } = opts;
  const inHeaders = [
    ...headerSecrets(config.headers),
    ...(config.identities ?? []).flatMap((identity) =>
      headerSecrets(identity.headers, `identity ${identity.name} `),
    ),
  ];
  const request: RunRequest = {
    ...rest,
    config,
    secrets: [...used, ...(redact ?? []), ...inHeaders.map((s) => s.value)],
    // A {{secrets.NAME}} keeps its own name; a value typed into a header is named by its header.
    secretNames: new Map([...inHeaders.map((s): [string, string] => [s.value, s.name]), ...names]),
    secretValues: secrets.values,
    ...(test.fromFlags ? {} : { name: test.definition.name, source: test.source }),
    warnings: test.warnings,
    ...(test.targetOnly ? { targetOnly: true } : {}),
  };
  let heard = false;
  const onEvent = opts.onEvent;
  if (onEvent)
    request.onEvent = (event) => {
      if (event.type === "run-started") heard = true;
      onEvent(event);
    };
  try {
    return await executeRun(await runKinds[runKindOf(test)](), request);
  } catch (error) {
    if (!(error instanceof PlainwrightError) || test.fromFlags) throw error;
    // Refused before the run opened: it is told as a run that ended at once; else it was closed already.
    const result = errorResult(test, `${test.source}: ${error.message}`, heard ? undefined : onEvent);
    return result;
  }
}
