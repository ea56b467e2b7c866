import { parseTransport, type Transport } from "../model/transport.js";
import type { ModelFlags } from "../llm/model-config.js";
import type { OutboundPolicy } from "../net/outbound-policy.js";
import type { RunEventSink } from "../model/events.js";
import { startResult, type RunResult } from "../model/result.js";
import { connectionSettings } from "./endpoint-override.js";
import { runA2ATest } from "./run-a2a-test.js";
import { resolveSecrets, type SecretSource } from "./secrets.js";
import { isConversation, type A2ATestConfig, type LoadedTest } from "./test-definition.js";
import { toolVersion } from "./version.js";

/** How one test definition is run, wherever it came from (a file, the REST API, the web board). */
export interface TestRunOptions {
  secrets: SecretSource;
  policy: OutboundPolicy;
  /** Values to redact beyond the test's own secrets (credentials given as command-line flags). */
  redact?: readonly string[];
  /** Applied over the definition's config after secrets are resolved (command-line flags). */
  overrides?: Partial<A2ATestConfig>;
  /** What happens as it happens, for the console, the server's live stream and live reporters. */
  onEvent?: RunEventSink;
  pollIntervalMs?: number;
  /** Conversation tests: --model, --user-model, --judge-model. */
  models?: ModelFlags;
  /** Where model settings are read (PLAINWRIGHT_MODEL...); process.env by default. */
  env?: Record<string, string | undefined>;
  /** Stops the run (cancel, deadline, shutdown, Ctrl-C): the work in flight is told to stop, and the run ends with status error. */
  signal?: AbortSignal;
  /**
   * After an abort, how long the run may take to stop its work and return what it finished (the CLI
   * and the server's executor give it a few seconds) before it is ended without it; unset or 0 ends it at once.
   */
  abortGraceMs?: number;
}

/** A result for a test that could not run at all (status `error`). */
export function errorResult(test: LoadedTest, reason: string): RunResult {
  const result = startResult({
    kind: "a2a",
    toolVersion,
    agentUrl: null,
    name: test.definition.name,
    source: test.source,
    warnings: test.warnings,
  });
  return { ...result, status: "error", reason };
}

/** A test file of kind "conformance": the suite with the file's hints, bindings, categories and levels. */
async function runConformanceTest(
  test: LoadedTest,
  config: A2ATestConfig,
  used: string[],
  opts: TestRunOptions,
): Promise<RunResult> {
  const { runConformance } = await import("./run-conformance.js");
  const result = await runConformance({
    agentUrl: config.agent_url,
    headers: config.headers,
    credentialsGiven: Object.keys(config.headers).some((h) => /auth|key|token/i.test(h)),
    timeoutMs: config.timeout_s * 1000,
    policy: opts.policy,
    secrets: used,
    hints: { ...config.hints },
    ...(config.transports
      ? { transports: config.transports.map((t) => parseTransport(t) as Transport) }
      : {}),
    ...(config.categories ? { categories: config.categories } : {}),
    ...(config.levels ? { levels: config.levels } : {}),
    ...(config.peer_url ? { peerUrl: config.peer_url } : {}),
    ...(config.identities?.length ? { identities: config.identities } : {}),
    name: test.definition.name,
    source: test.source,
    ...(opts.onEvent ? { onEvent: opts.onEvent } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(connectionSettings(config).endpointOverride
      ? { endpointOverride: connectionSettings(config).endpointOverride }
      : {}),
  });
  result.warnings.unshift(...test.warnings);
  return result;
}

/**
 * Runs one test definition: secrets resolved (a missing one is an `error` naming it), then the smoke
 * check or, when persona/goal/success_criteria are set, the conversation. An aborted `signal` ends it
 * with status error, at once or after `abortGraceMs`.
 */
export async function runTestDefinition(test: LoadedTest, opts: TestRunOptions): Promise<RunResult> {
  const { signal } = opts;
  if (!signal) return runDefinition(test, opts);
  const stopped = () => errorResult(test, `the run was stopped: ${abortReason(signal)}`);
  if (signal.aborted) return stopped();
  let onAbort: (() => void) | undefined;
  let grace: ReturnType<typeof setTimeout> | undefined;
  const aborted = new Promise<RunResult>((resolve) => {
    onAbort = () => {
      if (!opts.abortGraceMs) return resolve(stopped());
      grace = setTimeout(() => resolve(stopped()), opts.abortGraceMs);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([runDefinition(test, opts), aborted]);
  } finally {
    if (onAbort) signal.removeEventListener("abort", onAbort);
    clearTimeout(grace);
  }
}

function abortReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name !== "AbortError") return reason.message;
  return typeof reason === "string" ? reason : "aborted";
}

async function runDefinition(test: LoadedTest, opts: TestRunOptions): Promise<RunResult> {
  let config: A2ATestConfig;
  let used: string[];
  try {
    ({ value: config, used } = resolveSecrets(test.definition.config, opts.secrets));
  } catch (error) {
    const result = errorResult(test, `${test.source}: ${(error as Error).message}`);
    const { name } = test.definition;
    opts.onEvent?.({ type: "run-started", kind: result.kind, agent_url: null, name, source: test.source });
    opts.onEvent?.({ type: "run-finished", result });
    return result;
  }
  config = { ...config, ...opts.overrides, headers: { ...config.headers, ...opts.overrides?.headers } };
  used = [...used, ...(opts.redact ?? [])];
  if (test.definition.kind === "conformance") return runConformanceTest(test, config, used, opts);
  if (test.definition.kind === "load") {
    // Loaded on demand, as the other heavy kinds: only load tests need the load generator.
    const { runLoadTest } = await import("./run-load-test.js");
    return runLoadTest(test, config, used, opts);
  }
  if (test.definition.kind === "redteam") {
    const { runRedteamTest } = await import("./run-redteam-test.js");
    const result = await runRedteamTest({
      config,
      policy: opts.policy,
      secrets: used,
      name: test.definition.name,
      source: test.source,
      secretValues: opts.secrets.values,
      ...(opts.models ? { models: opts.models } : {}),
      ...(opts.env ? { env: opts.env } : {}),
      ...(opts.onEvent ? { onEvent: opts.onEvent } : {}),
      ...(opts.pollIntervalMs ? { pollIntervalMs: opts.pollIntervalMs } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    result.warnings.unshift(...test.warnings);
    return result;
  }
  const common = {
    config,
    policy: opts.policy,
    secrets: used,
    name: test.definition.name,
    source: test.source,
    ...(opts.onEvent ? { onEvent: opts.onEvent } : {}),
    ...(opts.pollIntervalMs ? { pollIntervalMs: opts.pollIntervalMs } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
  };
  if (isConversation(config)) {
    // Loaded on demand: the model SDKs are only needed by conversations.
    const { runConversationTest } = await import("./run-conversation-test.js");
    const result = await runConversationTest({
      ...common,
      ...(opts.models ? { models: opts.models } : {}),
      ...(opts.env ? { env: opts.env } : {}),
      secretValues: opts.secrets.values,
      ...(test.targetOnly ? { targetOnly: true } : {}),
    });
    result.warnings.unshift(...test.warnings);
    return result;
  }
  const result = await runA2ATest({ ...common, mode: "smoke" });
  result.warnings.unshift(...test.warnings);
  return result;
}
