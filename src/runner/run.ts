import { RateLimitGate, type RateLimitSummary } from "../net/rate-limit.js";
import type { ClientContext } from "../client/types.js";
import type { RunEventSink } from "../model/events.js";
import { startResult, type RunKind, type RunResult } from "../model/result.js";
import type { OutboundPolicy } from "../net/outbound-policy.js";
import { MIN_SECRET_LENGTH } from "../model/limits.js";
import { TaskLedger } from "../client/task-ledger.js";
import { LearnedEndpointsMemory } from "../client/learned-endpoints.js";
import { TrafficLog, type TrafficRetention } from "../net/traffic.js";
import { explainAuthRefusal } from "./auth-refusal.js";
import { redactSecrets } from "./redact-result.js";
import { shortSecretWarning, tooShortToRedact } from "./secrets.js";
import { toolVersion } from "./version.js";

/** What a run is opened with: its kind, its agent, who hears it, and what must never be shown. */
export interface RunInit {
  kind: RunKind;
  agentUrl: string | null;
  name?: string | undefined;
  source?: string | undefined;
  /** What the test's author is told before anything runs (a test file's own warnings). */
  warnings?: readonly string[] | undefined;
  /** Values redacted from every event, the traffic and the result. */
  secrets?: readonly string[] | undefined;
  /** The names of secret values (`{{secrets.NAME}}`), so that a warning can name a secret without showing it. */
  secretNames?: ReadonlyMap<string, string> | undefined;
  onEvent?: RunEventSink | undefined;
  signal?: AbortSignal | undefined;
  /** A traffic log the caller keeps (the inspector reads it as it grows); else the run makes its own. */
  traffic?: TrafficLog | undefined;
  /** How much traffic a long run keeps (a load run keeps its first exchanges and its failures). */
  retention?: TrafficRetention | undefined;
}

/**
 * One run's life, the same for every kind: its result, its traffic, its events with secrets redacted,
 * `run-started` when it opens and `run-finished` when it is closed, which happens once, one way.
 */
export class Run {
  readonly result: RunResult;
  readonly traffic: TrafficLog;
  readonly signal: AbortSignal | undefined;
  /** The tasks the agent started for this run and has not finished, cancelled when the run is stopped. */
  readonly tasks = new TaskLedger();
  /** The message part form each endpoint takes, learned once for the whole run (src/client/part-forms.ts). */
  readonly learned = new LearnedEndpointsMemory();
  /** An agent that limits its rate is waited out, for the whole run (src/net/rate-limit.ts). */
  readonly rateLimit = new RateLimitGate();
  private readonly secrets: string[];
  private readonly started = Date.now();
  private readonly listener: RunEventSink | undefined;
  private closed: RunResult | undefined;

  constructor(init: RunInit) {
    this.secrets = [...(init.secrets ?? [])];
    this.signal = init.signal;
    this.listener = init.onEvent;
    this.traffic =
      init.traffic ??
      new TrafficLog({
        secrets: this.secrets,
        ...(init.retention ? { retention: init.retention } : {}),
      });
    for (const secret of this.secrets) this.traffic.addSecret(secret);
    this.result = startResult({
      kind: init.kind,
      toolVersion,
      agentUrl: init.agentUrl,
      startedAt: this.started,
      ...(init.name ? { name: init.name } : {}),
      ...(init.source ? { source: init.source } : {}),
      ...(init.warnings ? { warnings: init.warnings } : {}),
    });
    this.emit({
      type: "run-started",
      kind: init.kind,
      agent_url: init.agentUrl,
      ...(init.name ? { name: init.name } : {}),
      ...(init.source ? { source: init.source } : {}),
    });
    const short = this.secrets.filter((s) => s.length > 0 && s.length < MIN_SECRET_LENGTH);
    const named = [...new Set(short.flatMap((s) => init.secretNames?.get(s) ?? []))];
    for (const name of named) this.warn(shortSecretWarning(name));
    const unnamed = short.filter((s) => !init.secretNames?.has(s)).length;
    if (unnamed > 0)
      this.warn(
        `${unnamed === 1 ? "a secret value is" : `${unnamed} secret values are`} shorter than ${MIN_SECRET_LENGTH} characters, too short to redact from text safely: headers that carry credentials are still redacted by name, but the value may appear elsewhere in the output`,
      );
  }

  /** Something the user should know that does not change the status: in the result, and told as it happens. */
  warn(message: string): void {
    if (this.result.warnings.includes(message)) return;
    this.result.warnings.push(message);
    this.emit({ type: "warning", message });
  }

  /** Tells the run's listener what happened, with every secret known so far redacted. */
  readonly emit: RunEventSink = (event) => {
    this.listener?.(redactSecrets(event, this.secrets));
  };

  /**
   * A value learnt during the run (a model key, a canary) that must be redacted from then on; `name` says
   * which one in the warning given when it is too short to redact reliably.
   */
  addSecret(value: string, name: string): void {
    if (value.length === 0 || this.secrets.includes(value)) return;
    this.secrets.push(value);
    this.traffic.addSecret(value);
    if (tooShortToRedact(value)) this.warn(shortSecretWarning(name));
  }

  /** The closed result once the run has finished, else undefined. */
  get finished(): RunResult | undefined {
    return this.closed;
  }

  /** How this run's requests reach the agent: its headers, timeout, policy, traffic log and signal. */
  clientContext(opts: {
    headers: Record<string, string>;
    timeoutMs: number;
    policy: OutboundPolicy;
    query?: Record<string, string> | undefined;
  }): ClientContext {
    return {
      headers: opts.headers,
      ...(opts.query ? { query: opts.query } : {}),
      timeoutMs: opts.timeoutMs,
      policy: opts.policy,
      traffic: this.traffic,
      tasks: this.tasks,
      learned: this.learned,
      rateLimit: this.rateLimit,
      ...(this.signal ? { signal: this.signal } : {}),
    };
  }

  /**
   * Closes the run: status and reason, the duration, the traffic, why the agent refused it when it asked
   * for credentials, and every secret redacted. A second call returns the result the first one closed.
   */
  finish(status: RunResult["status"], reason?: string): RunResult {
    if (this.closed) return this.closed;
    const { result } = this;
    result.status = status;
    if (reason) result.reason = reason;
    result.duration_ms = Date.now() - this.started;
    const limit = rateLimitWarning(this.rateLimit.summary());
    if (limit) result.warnings.push(limit);
    result.traffic = [...this.traffic.entries()];
    const refused = explainAuthRefusal(result);
    if (refused)
      result.reason =
        (result.kind === "conformance" || result.kind === "load") && result.reason
          ? `${refused}; ${result.reason}`
          : refused;
    this.closed = redactSecrets(result, this.secrets);
    this.listener?.({ type: "run-finished", result: this.closed });
    return this.closed;
  }
}

/** What the run says of an agent that limited its rate, or undefined when it never did. */
function rateLimitWarning(summary: RateLimitSummary): string | undefined {
  if (summary.limited === 0) return undefined;
  const resent = `${summary.resent} sent again after waiting ${Math.round(summary.waitedMs / 1000)} s in all`;
  const givenUp =
    summary.givenUp.length > 0
      ? `; ${summary.givenUp.length} still refused, and the checks that rest on them not judged`
      : "";
  return `the agent limited the rate: ${summary.limited} response(s) HTTP 429 Too Many Requests, ${resent}${givenUp}`;
}
