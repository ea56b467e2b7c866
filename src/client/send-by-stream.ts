import { foldStream } from "../protocol/fold-stream.js";
import { jsonRpcCodes } from "../protocol/error-codes.js";
import type { Message, Task } from "../protocol/model.js";
import { describeFailure } from "./describe-failure.js";
import type { CallOutcome, LearnedEndpoints, StreamOutcome } from "./types.js";

/**
 * Read leniently: an agent that serves the streaming method but answers its send method as unknown
 * (-32601; seen at first sight: message/stream, tasks/get and tasks/cancel served, message/send not) still
 * has its tasks tested. Its messages go as streams, each folded into the reply it describes; the missing
 * send is one finding, lifecycle.send-returns-task's (through `readDespite`), and every other check goes on.
 * Learned once per endpoint in the run's store (learned-endpoints.ts), as the part forms are.
 */
export interface SendRoute {
  /** The send method's name and the streaming method's, for the finding. */
  send: string;
  stream: string;
  memory: LearnedEndpoints;
  key: string;
  /** The send as specified, and the same message as a stream. */
  sent: () => Promise<CallOutcome<Task | Message>>;
  streamed: () => Promise<StreamOutcome>;
}

/** Whether the endpoint was found to take its messages only as streams. */
export const sendsByStream = (memory: LearnedEndpoints, key: string): boolean =>
  memory.sendRefusal(key) !== undefined;

/** The send as specified, or, once its method proved unserved and the stream works, the message as a stream. */
export async function sendOrStream(route: SendRoute): Promise<CallOutcome<Task | Message>> {
  const known = route.memory.sendRefusal(route.key);
  if (known !== undefined) return byStream(route, known, []);
  const sent = await route.sent();
  if (sent.ok || sent.kind !== "error" || sent.error.code !== jsonRpcCodes.methodNotFound) return sent;
  const refusal = describeFailure(sent);
  const streamed = await byStream(route, refusal, sent.trafficIds);
  if (!streamed.ok) return sent;
  route.memory.learnSendByStream(route.key, refusal);
  return streamed;
}

/** The message as a stream, read as the one reply its events describe; a failure when it describes none. */
async function byStream(
  route: SendRoute,
  refusal: string,
  before: readonly string[],
): Promise<CallOutcome<Task | Message>> {
  const streamed = await route.streamed();
  if (streamed.failure) return streamed.failure;
  const folded = foldStream(streamed.events);
  // A message the agent refuses is refused in its stream: that error is the send's answer.
  const [refused] = streamed.errors;
  if (!folded && refused)
    return { ok: false, kind: "error", error: refused, trafficIds: [...streamed.trafficIds, ...before] };
  if (!folded)
    return {
      ok: false,
      kind: "invalid",
      reason: `${route.stream} delivered no task or message`,
      trafficIds: streamed.trafficIds,
    };
  return {
    ok: true,
    value: folded,
    raw: streamed.rawEvents.at(-1),
    trafficIds: [...streamed.trafficIds, ...before],
    readDespite: `${route.send} is not served (${refusal}), a core method the agent must implement (A2A 0.3 §11.1.2; 1.0.1 §3.1.1), and the agent took the message only as a stream (${route.stream})`,
  };
}
