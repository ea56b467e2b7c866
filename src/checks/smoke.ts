import type { A2AJsonRpcClient, Exchange } from "../client/a2a-jsonrpc-client.js";
import { describeOutcome } from "../client/jsonrpc.js";
import { a2aCodes, jsonRpcCodes } from "../protocol/error-codes.js";
import { foldStream } from "../protocol/fold-stream.js";
import type { ProtocolGeneration } from "../protocol/generation.js";
import { activeStates, type Message, type Reply, type Task } from "../protocol/model.js";
import { normalizeReply } from "../protocol/normalize.js";
import { replyText } from "../protocol/reply-text.js";

/** Seed 000's default smoke message. */
export const defaultSmokeMessage = "Hello! In one or two sentences, what can you help me with?";

export interface SmokeOptions {
  client: A2AJsonRpcClient;
  message: string;
  /** Overall budget for settling a submitted/working task (the test's timeout_s). */
  timeoutMs: number;
  /** Seed 000 polls every second. */
  pollIntervalMs?: number;
}

export interface SmokeOutcome {
  passed: boolean;
  /** Why it did not pass, in the seed's words. */
  reason?: string;
  request: { method: string; params: unknown };
  reply_kind?: "message" | "task";
  task_state?: string;
  task_id?: string;
  context_id?: string;
  text: string;
  /** The generation the agent answered in (may differ from the card's after a fallback). */
  generation: ProtocolGeneration;
  warnings: string[];
  polls: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The single reply an exchange carries, folding an event stream (seed: "reads the last JSON-RPC result"). */
function replyOf(exchange: Exchange): Reply | undefined {
  const outcome = exchange.outcome;
  if (outcome.kind === "stream") {
    const replies = outcome.results.map(normalizeReply).filter((r): r is Reply => r !== undefined);
    return foldStream(replies);
  }
  return exchange.reply;
}

/** Sends, falling back to older method names when the agent says the newer ones do not exist. */
async function sendWithFallback(
  opts: SmokeOptions,
  warnings: string[],
): Promise<{ exchange: Exchange; client: A2AJsonRpcClient }> {
  let client = opts.client;
  let exchange = await client.send({ text: opts.message });
  const code = () => (exchange.outcome.kind === "error" ? exchange.outcome.error.code : undefined);
  if (client.generation === "1.0" && code() === a2aCodes.versionNotSupported) {
    warnings.push(
      `the card advertises A2A 1.0 but the agent refused A2A-Version 1.0 (-32009); retried as A2A 0.3`,
    );
    client = client.withGeneration("0.3");
    exchange = await client.send({ text: opts.message });
  }
  if (client.generation !== "0.1" && code() === jsonRpcCodes.methodNotFound) {
    warnings.push(
      `the card claims A2A ${opts.client.generation} but ${exchange.method} is unknown to the agent (-32601); it answered only A2A 0.1's tasks/send`,
    );
    client = client.withGeneration("0.1");
    exchange = await client.send({ text: opts.message });
  }
  return { exchange, client };
}

/** Polls tasks/get every interval until the task leaves submitted/working or the budget is spent. */
async function settle(
  task: Task,
  client: A2AJsonRpcClient,
  opts: SmokeOptions,
  deadline: number,
): Promise<{ task: Task; polls: number; failure?: string }> {
  let polls = 0;
  let current = task;
  while (activeStates.has(current.state)) {
    if (Date.now() >= deadline) {
      return {
        task: current,
        polls,
        failure: `the task never completed: still ${current.state} after ${Math.round(opts.timeoutMs / 1000)} s of polling ${client.generation === "1.0" ? "GetTask" : "tasks/get"}`,
      };
    }
    await sleep(Math.min(opts.pollIntervalMs ?? 1000, Math.max(0, deadline - Date.now())));
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
  return { task: current, polls };
}

function judge(reply: Task | Message): string | undefined {
  if (reply.kind === "task" && reply.state === "failed") {
    const said = reply.statusMessage ? replyText({ ...reply, artifacts: [], history: [] }) : "";
    return `the task failed${said ? `: "${said.slice(0, 200)}"` : ""}`;
  }
  if (replyText(reply) === "") return `the reply contains no text`;
  return undefined;
}

/** Seed 000 "Smoke check": one message; passes on a Message or Task that did not fail and has text. */
export async function runSmoke(opts: SmokeOptions): Promise<SmokeOutcome> {
  const deadline = Date.now() + opts.timeoutMs;
  const warnings: string[] = [];
  const { exchange, client } = await sendWithFallback(opts, warnings);
  const base = {
    request: { method: exchange.method, params: exchange.params },
    generation: client.generation,
    warnings,
    polls: 0,
    text: "",
  };
  const outcome = exchange.outcome;
  if (outcome.kind === "unreachable")
    return { ...base, passed: false, reason: `the smoke message couldn't be sent: ${outcome.error.message}` };
  if (outcome.kind !== "result" && outcome.kind !== "stream") {
    return {
      ...base,
      passed: false,
      reason: `the smoke message was answered with ${describeOutcome(outcome)}`,
    };
  }
  if (outcome.kind === "stream" && outcome.results.length === 0) {
    const extra = [...outcome.errors.map((e) => `error ${e.code}: ${e.message}`), ...outcome.invalid].join(
      "; ",
    );
    return {
      ...base,
      passed: false,
      reason: `the event-stream reply carried no JSON-RPC result${extra ? ` (${extra})` : ""}`,
    };
  }
  let reply = replyOf(exchange);
  if (reply === undefined || (reply.kind !== "task" && reply.kind !== "message")) {
    return { ...base, passed: false, reason: "the reply is neither a Message nor a Task" };
  }
  let polls = 0;
  if (reply.kind === "task") {
    const settled = await settle(reply, client, opts, deadline);
    polls = settled.polls;
    reply = settled.task;
    if (settled.failure) return { ...describe(reply, base), polls, passed: false, reason: settled.failure };
  }
  const failure = judge(reply);
  return {
    ...describe(reply, base),
    polls,
    passed: failure === undefined,
    ...(failure ? { reason: failure } : {}),
  };
}

function describe<T extends object>(
  reply: Task | Message,
  base: T,
): T & Pick<SmokeOutcome, "reply_kind" | "task_state" | "task_id" | "context_id" | "text"> {
  return {
    ...base,
    reply_kind: reply.kind,
    text: replyText(reply),
    ...(reply.kind === "task" ? { task_state: reply.state, task_id: reply.id } : {}),
    ...(reply.contextId ? { context_id: reply.contextId } : {}),
  };
}
