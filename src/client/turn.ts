import { a2aCodes, jsonRpcCodes } from "../protocol/error-codes.js";
import { foldStream } from "../protocol/fold-stream.js";
import { activeStates, type Message, type Reply, type Task } from "../protocol/model.js";
import { normalizeReply } from "../protocol/normalize.js";
import type { A2AJsonRpcClient, Exchange, SendInput } from "./a2a-jsonrpc-client.js";
import { describeOutcome } from "./jsonrpc.js";

/**
 * One turn as seed 000's table describes it: a message/send (or the generation's equivalent), -32601
 * switching to tasks/send, an event-stream reply read to its last result, and a submitted or working
 * task polled with tasks/get until it settles or the budget is spent. Used by the smoke check and by
 * every conversation turn.
 */
export interface TurnOptions {
  /** Absolute time (Date.now()) after which polling stops. */
  deadline: number;
  /** Seed 000 polls every second. */
  pollIntervalMs?: number;
}

export interface TurnOutcome {
  /** The client to use for later turns (its generation may have changed by a fallback). */
  client: A2AJsonRpcClient;
  /** The first exchange's request, for reports. */
  request: { method: string; params: unknown };
  /** The settled reply, when there was one. */
  reply?: Task | Message;
  /** Why the turn produced no usable reply (the seed's wording); undefined when it did. */
  failure?: string;
  polls: number;
  warnings: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The single reply an exchange carries, folding an event stream. */
export function replyOf(exchange: Exchange): Reply | undefined {
  const outcome = exchange.outcome;
  if (outcome.kind === "stream") {
    return foldStream(outcome.results.map(normalizeReply).filter((r): r is Reply => r !== undefined));
  }
  return exchange.reply;
}

/** Sends, falling back to older method names when the agent says the newer ones do not exist. */
async function sendWithFallback(start: A2AJsonRpcClient, input: SendInput, warnings: string[]) {
  let client = start;
  let exchange = await client.send(input);
  const code = () => (exchange.outcome.kind === "error" ? exchange.outcome.error.code : undefined);
  if (client.generation === "1.0" && code() === a2aCodes.versionNotSupported) {
    warnings.push(
      `the card advertises A2A 1.0 but the agent refused A2A-Version 1.0 (-32009); retried as A2A 0.3`,
    );
    client = client.withGeneration("0.3");
    exchange = await client.send(input);
  }
  if (client.generation !== "0.1" && code() === jsonRpcCodes.methodNotFound) {
    warnings.push(
      `the card claims A2A ${start.generation} but ${exchange.method} is unknown to the agent (-32601); it answered only A2A 0.1's tasks/send`,
    );
    client = client.withGeneration("0.1");
    exchange = await client.send(input);
  }
  return { exchange, client };
}

async function settle(task: Task, client: A2AJsonRpcClient, opts: TurnOptions, budgetS: number) {
  let polls = 0;
  let current = task;
  while (activeStates.has(current.state)) {
    if (Date.now() >= opts.deadline) {
      const method = client.generation === "1.0" ? "GetTask" : "tasks/get";
      return {
        task: current,
        polls,
        failure: `the task never completed: still ${current.state} after ${budgetS} s of polling ${method}`,
      };
    }
    await sleep(Math.min(opts.pollIntervalMs ?? 1000, Math.max(0, opts.deadline - Date.now())));
    polls += 1;
    const exchange = await client.getTask(current.id);
    const reply = replyOf(exchange);
    if (exchange.outcome.kind !== "result" || reply?.kind !== "task") {
      const why =
        exchange.outcome.kind === "result" ? "the result is not a Task" : describeOutcome(exchange.outcome);
      return { task: current, polls, failure: `polling task ${current.id} failed: ${why}` };
    }
    current = reply;
  }
  return { task: current, polls, failure: undefined };
}

/** Sends one message and waits for the reply to settle. Never throws for an agent's misbehaviour. */
export async function sendTurn(
  client: A2AJsonRpcClient,
  input: SendInput,
  opts: TurnOptions,
): Promise<TurnOutcome> {
  const budgetS = Math.max(0, Math.round((opts.deadline - Date.now()) / 1000));
  const warnings: string[] = [];
  const sent = await sendWithFallback(client, input, warnings);
  const base = {
    client: sent.client,
    request: { method: sent.exchange.method, params: sent.exchange.params },
    polls: 0,
    warnings,
  };
  const outcome = sent.exchange.outcome;
  if (outcome.kind === "unreachable")
    return { ...base, failure: `the message couldn't be sent: ${outcome.error.message}` };
  if (outcome.kind !== "result" && outcome.kind !== "stream") {
    return { ...base, failure: `the message was answered with ${describeOutcome(outcome)}` };
  }
  if (outcome.kind === "stream" && outcome.results.length === 0) {
    const extra = [...outcome.errors.map((e) => `error ${e.code}: ${e.message}`), ...outcome.invalid].join(
      "; ",
    );
    return {
      ...base,
      failure: `the event-stream reply carried no JSON-RPC result${extra ? ` (${extra})` : ""}`,
    };
  }
  const reply = replyOf(sent.exchange);
  if (reply === undefined || (reply.kind !== "task" && reply.kind !== "message")) {
    return { ...base, failure: "the reply is neither a Message nor a Task" };
  }
  if (reply.kind === "message") return { ...base, reply };
  const settled = await settle(reply, sent.client, opts, budgetS);
  return {
    ...base,
    reply: settled.task,
    polls: settled.polls,
    ...(settled.failure ? { failure: settled.failure } : {}),
  };
}
