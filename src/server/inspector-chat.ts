import { A2AJsonRpcClient, userMessage, type SendInput } from "../client/a2a-jsonrpc-client.js";
import { describeOutcome } from "../client/jsonrpc.js";
import { replyOf, sendTurn } from "../client/turn.js";
import type { OutboundPolicy } from "../net/outbound-policy.js";
import { foldStream } from "../protocol/fold-stream.js";
import { activeStates, type Message, type Reply, type Task } from "../protocol/model.js";
import { normalizeReply } from "../protocol/normalize.js";
import { replyText } from "../protocol/reply-text.js";
import type { ProtocolGeneration } from "../protocol/generation.js";
import type { TrafficLog } from "../net/traffic.js";

/** What the chat shows for one reply: text (always rendered as text), task state and the ids to continue. */
export interface ChatReply {
  kind?: "message" | "task";
  text: string;
  state?: string;
  task_id?: string;
  context_id?: string;
  failure?: string;
  warnings: string[];
  generation: ProtocolGeneration;
}

export interface ChatTurn {
  endpointUrl: string;
  generation: ProtocolGeneration;
  headers: Record<string, string>;
  policy: OutboundPolicy;
  traffic: TrafficLog;
  timeoutMs: number;
  input: SendInput;
}

/** A reply as the chat shows it. */
export function chatReply(
  reply: Task | Message | undefined,
  generation: ProtocolGeneration,
  extra: { failure?: string; warnings?: string[] } = {},
): ChatReply {
  const base: ChatReply = { text: reply ? replyText(reply) : "", warnings: extra.warnings ?? [], generation };
  if (extra.failure) base.failure = extra.failure;
  if (!reply) return base;
  base.kind = reply.kind;
  if (reply.contextId) base.context_id = reply.contextId;
  if (reply.kind === "task") {
    base.state = reply.state;
    base.task_id = reply.id;
  } else if (reply.taskId) {
    base.task_id = reply.taskId;
  }
  return base;
}

function clientFor(turn: ChatTurn): A2AJsonRpcClient {
  return new A2AJsonRpcClient({
    url: turn.endpointUrl,
    generation: turn.generation,
    headers: turn.headers,
    timeoutMs: turn.timeoutMs,
    policy: turn.policy,
    traffic: turn.traffic,
  });
}

/** One blocking turn (message/send, falling back and polling as seed 000 describes). */
export async function blockingTurn(turn: ChatTurn): Promise<ChatReply> {
  const outcome = await sendTurn(clientFor(turn), turn.input, {
    deadline: Date.now() + turn.timeoutMs,
    pollIntervalMs: 500,
  });
  return chatReply(outcome.reply, outcome.client.generation, {
    ...(outcome.failure ? { failure: outcome.failure } : {}),
    warnings: outcome.warnings,
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls a task that the stream left submitted or working, until it settles or time runs out. */
async function settle(client: A2AJsonRpcClient, task: Task, deadline: number): Promise<Task> {
  let current = task;
  while (activeStates.has(current.state) && Date.now() < deadline) {
    await sleep(500);
    const reply = replyOf(await client.getTask(current.id));
    if (reply?.kind !== "task") break;
    current = reply;
  }
  return current;
}

/**
 * One streaming turn (message/stream or SendStreamingMessage): `onUpdate` hears the reply as it
 * grows, at most every 50 ms, so a flooding agent cannot flood the browser too.
 */
export async function streamingTurn(
  turn: ChatTurn,
  onUpdate: (reply: ChatReply) => void,
): Promise<ChatReply> {
  const client = clientFor(turn);
  const replies: Reply[] = [];
  let lastSent = 0;
  const params = {
    message: userMessage(turn.generation, turn.input),
    ...(turn.generation === "0.2" ? { configuration: { acceptedOutputModes: ["text/plain"] } } : {}),
  };
  const exchange = await client.call("stream", params, (raw) => {
    const reply = normalizeReply(raw);
    if (!reply) return;
    replies.push(reply);
    if (Date.now() - lastSent < 50) return;
    lastSent = Date.now();
    onUpdate(chatReply(foldStream(replies), turn.generation));
  });
  const outcome = exchange.outcome;
  if (outcome.kind !== "result" && outcome.kind !== "stream") {
    return chatReply(undefined, turn.generation, { failure: describeOutcome(outcome) });
  }
  const reply = replyOf(exchange);
  if (reply === undefined || (reply.kind !== "task" && reply.kind !== "message")) {
    return chatReply(undefined, turn.generation, { failure: "the reply is neither a Message nor a Task" });
  }
  const settled = reply.kind === "task" ? await settle(client, reply, Date.now() + turn.timeoutMs) : reply;
  return chatReply(settled, turn.generation);
}
