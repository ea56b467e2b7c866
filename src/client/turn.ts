import type { TrafficLog } from "../net/traffic.js";
import { foldStream } from "../protocol/fold-stream.js";
import type { Message, Task } from "../protocol/model.js";
import { describeFailure } from "./describe-failure.js";
import { everyMs, pollTask } from "./poll-task.js";
import { sentRequest, type SentRequest } from "./sent-request.js";
import type { A2AClient, SendInput } from "./types.js";

/**
 * One turn of the smoke check and of every conversation: one send over the client's binding, an
 * event-stream reply read to its last event, and a submitted or working task read again every second
 * until it settles or the budget is spent. The version was settled when the client was built.
 */
export interface TurnOptions {
  /** Absolute time (Date.now()) after which polling stops. */
  deadline: number;
  /** One read a second unless told otherwise. */
  pollIntervalMs?: number;
  /** The log the client records into: the request is read back from it. */
  traffic: TrafficLog;
}

export interface TurnOutcome {
  /** The send as it went on the wire, for reports. */
  request: SentRequest;
  /** The settled reply, when there was one. */
  reply?: Task | Message;
  /** Why the turn produced no usable reply; undefined when it did. */
  failure?: string;
  polls: number;
  trafficIds: string[];
}

function requestOf(traffic: TrafficLog, ids: readonly string[], client: A2AClient): SentRequest {
  const entry = traffic.entries().find((e) => e.id === ids[0]);
  return entry ? sentRequest(entry) : { method: `send (${client.target.binding})`, params: undefined };
}

/** Sends one message and waits for the reply to settle. Never throws for an agent's misbehaviour. */
export async function sendTurn(client: A2AClient, input: SendInput, opts: TurnOptions): Promise<TurnOutcome> {
  const budgetS = Math.max(0, Math.round((opts.deadline - Date.now()) / 1000));
  const sent = await client.send(input);
  const base = {
    request: requestOf(opts.traffic, sent.trafficIds, client),
    polls: 0,
    trafficIds: sent.trafficIds,
  };
  let reply: Task | Message | undefined;
  if (sent.ok) reply = sent.value;
  else if (sent.kind === "unreachable")
    return { ...base, failure: `the message couldn't be sent: ${sent.error.message}` };
  else if (sent.kind === "invalid" && sent.events) {
    // A send answered with an event stream is read to its last event.
    if (sent.events.length === 0) return { ...base, failure: "the event-stream reply carried no A2A event" };
    const folded = foldStream(sent.events);
    if (folded?.kind === "task" || folded?.kind === "message") reply = folded;
  } else if (sent.kind === "invalid" && sent.raw !== undefined) {
    return { ...base, failure: "the reply is neither a Message nor a Task" };
  } else return { ...base, failure: `the message was answered with ${describeFailure(sent)}` };
  if (reply === undefined) return { ...base, failure: "the reply is neither a Message nor a Task" };
  if (reply.kind === "message") return { ...base, reply };
  const polled = await pollTask(client, reply, {
    deadline: opts.deadline,
    delayMs: everyMs(opts.pollIntervalMs ?? 1000),
  });
  const done = {
    ...base,
    reply: polled.task,
    polls: polled.polls,
    trafficIds: [...sent.trafficIds, ...polled.trafficIds],
  };
  if (polled.ok) return done;
  if (polled.why === "timeout") {
    const method = client.target.generation === "1.0" ? "GetTask" : "tasks/get";
    return {
      ...done,
      failure: `the task never completed: still ${polled.task.state} after ${budgetS} s of polling ${method}`,
    };
  }
  return {
    ...done,
    failure: `polling task ${polled.task.id} failed: ${describeFailure(polled.failure)}`,
  };
}
