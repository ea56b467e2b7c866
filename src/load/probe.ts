import type { A2AClient, CallOutcome, StreamOutcome } from "../client/types.js";
import type { LoadErrorKind } from "../model/load.js";
import type { ProtocolGeneration } from "../model/generation.js";
import { terminalStates, type Message, type Reply, type Task } from "../protocol/model.js";
import { replyShapeProblem, stateOrderProblem } from "../protocol/validate-reply.js";
import type { Clock } from "./clock.js";

/** Why one request of a load run failed, grouped by `kind` and `key`. */
export interface ProbeError {
  kind: LoadErrorKind;
  key: string;
  message: string;
  trafficId?: string;
}

/** One request of a load run as the recorder needs it. Times in ms from when the request was due. */
export interface ProbeResult {
  latencyMs: number;
  firstEventMs?: number;
  /** When a reply or event carried a terminal state (or the reply was a Message). */
  terminalMs?: number;
  /** The reply left the task in a non-terminal state. */
  unsettled: boolean;
  error?: ProbeError;
}

export interface ProbeOptions {
  client: A2AClient;
  mode: "send" | "stream";
  message: string;
  /** The message as the client prepared it to be sent again and again (A2AClient.prepareSend). */
  send: () => Promise<CallOutcome<Task | Message>>;
  clock: Clock;
  /** The HTTP status recorded for a traffic entry (the client's outcomes do not all carry it). */
  statusOf: (trafficId: string) => number | undefined;
}

/** Keys stay short (at most 120 characters) so that like failures group together. */
function keyOf(text: string): string {
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

type Failure = Exclude<CallOutcome<unknown>, { ok: true }>;

/** Sorts a failed call into the error kinds of a load report. */
export function classifyFailure(failure: Failure, statusOf: ProbeOptions["statusOf"]): ProbeError {
  const trafficId = failure.trafficIds.at(-1);
  const at = trafficId ? { trafficId } : {};
  switch (failure.kind) {
    case "unreachable": {
      const kind = failure.error.rule.startsWith("timeout") ? "timeout" : "network";
      return { kind, key: failure.error.rule, message: failure.error.message, ...at };
    }
    case "error": {
      const { code, name, httpStatus } = failure.error;
      const status = httpStatus && httpStatus >= 400 ? ` (HTTP ${httpStatus})` : "";
      return { kind: "jsonrpc", key: `${code} ${name}${status}`, message: failure.error.message, ...at };
    }
    case "invalid": {
      const status = trafficId ? statusOf(trafficId) : undefined;
      if (status !== undefined && status >= 400)
        return { kind: "http", key: `HTTP ${status}`, message: failure.reason, ...at };
      return { kind: "protocol", key: keyOf(failure.reason), message: failure.reason, ...at };
    }
    case "unsupported":
      return { kind: "protocol", key: keyOf(failure.reason), message: failure.reason, ...at };
  }
}

const isTerminal = (reply: Reply) =>
  reply.kind === "message" ||
  ((reply.kind === "task" || reply.kind === "status-update") && terminalStates.has(reply.state));

/** A task that ended failed or rejected: the call worked, the agent's work did not. */
function taskFailure(reply: Reply, trafficId: string | undefined): ProbeError | undefined {
  if (
    (reply.kind !== "task" && reply.kind !== "status-update") ||
    (reply.state !== "failed" && reply.state !== "rejected")
  )
    return undefined;
  return {
    kind: "task",
    key: `task ${reply.state}`,
    message: `the task ended ${reply.state}`,
    ...(trafficId ? { trafficId } : {}),
  };
}

function probeSend(opts: ProbeOptions, since: number, generation: ProtocolGeneration): Promise<ProbeResult> {
  // A promise chain rather than an async frame: this runs for every request of a load run.
  return opts.send().then((outcome) => judgeSend(opts, outcome, opts.clock.now() - since, generation));
}

/** One send's result: the reply's time, and the first thing wrong with it (the call, its schema, the task). */
function judgeSend(
  opts: ProbeOptions,
  outcome: CallOutcome<Task | Message>,
  latencyMs: number,
  generation: ProtocolGeneration,
): ProbeResult {
  if (!outcome.ok) return { latencyMs, unsettled: false, error: classifyFailure(outcome, opts.statusOf) };
  const trafficId = outcome.trafficIds.at(-1);
  // The same reply validation the conformance suite applies: the version's schema decides a violation.
  const problem = replyShapeProblem(outcome.raw, generation, outcome.value);
  if (problem)
    return {
      latencyMs,
      unsettled: false,
      error: { kind: "protocol", key: keyOf(problem), message: problem, ...(trafficId ? { trafficId } : {}) },
    };
  const reply = outcome.value;
  const error = taskFailure(reply, trafficId);
  const terminal = isTerminal(reply);
  // Built field by field: this runs for every request of a load run.
  const result: ProbeResult = { latencyMs, unsettled: !terminal };
  if (terminal) result.terminalMs = latencyMs;
  if (error) result.error = error;
  return result;
}

/** The first thing wrong with a stream that arrived: unreadable events, schema breaks, in-stream errors, order. */
function streamProblem(outcome: StreamOutcome, generation: ProtocolGeneration): ProbeError | undefined {
  const trafficId = outcome.trafficIds.at(-1);
  const at = trafficId ? { trafficId } : {};
  const invalid = outcome.invalidEvents[0];
  if (invalid)
    return { kind: "protocol", key: keyOf(invalid.replace(/^event \d+: /, "")), message: invalid, ...at };
  for (const raw of outcome.rawEvents) {
    const problem = replyShapeProblem(raw, generation);
    if (problem) return { kind: "protocol", key: keyOf(problem), message: problem, ...at };
  }
  const inStream = outcome.errors[0];
  if (inStream)
    return { kind: "jsonrpc", key: `${inStream.code} ${inStream.name}`, message: inStream.message, ...at };
  const backwards = stateOrderProblem(outcome.events);
  if (backwards) return { kind: "protocol", key: keyOf(backwards), message: backwards, ...at };
  if (outcome.end.reason === "idle-timeout")
    return {
      kind: "timeout",
      key: "timeout.idle",
      message: outcome.end.message ?? "the stream went silent",
      ...at,
    };
  if (outcome.end.reason !== "closed")
    return {
      kind: "network",
      key: `stream ${outcome.end.reason}`,
      message: outcome.end.message ?? `the stream ended: ${outcome.end.reason}`,
      ...at,
    };
  return undefined;
}

async function probeStream(
  opts: ProbeOptions,
  since: number,
  generation: ProtocolGeneration,
): Promise<ProbeResult> {
  let firstEventMs: number | undefined;
  let terminalMs: number | undefined;
  const outcome = await opts.client.stream({ text: opts.message }, (event) => {
    const at = opts.clock.now() - since;
    firstEventMs ??= at;
    if (terminalMs === undefined && isTerminal(event)) terminalMs = at;
  });
  const latencyMs = opts.clock.now() - since;
  if (outcome.failure)
    return { latencyMs, unsettled: false, error: classifyFailure(outcome.failure, opts.statusOf) };
  // Bindings that hand events over only at the end still time them by arrival.
  if (firstEventMs === undefined && outcome.arrivalsMs.length > 0) firstEventMs = outcome.arrivalsMs[0];
  if (terminalMs === undefined) {
    const index = outcome.events.findIndex(isTerminal);
    if (index >= 0) terminalMs = outcome.arrivalsMs[index];
  }
  const last = outcome.events.at(-1);
  const error =
    streamProblem(outcome, generation) ?? (last ? taskFailure(last, outcome.trafficIds.at(-1)) : undefined);
  return {
    latencyMs,
    unsettled: terminalMs === undefined,
    ...(firstEventMs !== undefined ? { firstEventMs } : {}),
    ...(terminalMs !== undefined ? { terminalMs } : {}),
    ...(error ? { error } : {}),
  };
}

/**
 * One request of a load run through the same client every other command uses, judged as every other
 * command judges it. A misbehaving agent is a ProbeResult with an error, never an exception.
 */
export function probeOnce(opts: ProbeOptions, since: number): Promise<ProbeResult> {
  const generation = opts.client.target.generation;
  return opts.mode === "stream" ? probeStream(opts, since, generation) : probeSend(opts, since, generation);
}
