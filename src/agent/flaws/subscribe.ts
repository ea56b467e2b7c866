import type { Response } from "express";
import { sendRpcError } from "../http/jsonrpc-front.js";
import type { AgentProtocol, FlawDefinition, JsonObject, ProtocolKit } from "../types.js";
import { editReply, getMethod, paramsOf, stateOf, storedTask, TERMINAL } from "./rpc-call.js";
import { isObject } from "../json.js";

// Subscribe flaws (tasks/resubscribe, SubscribeToTask) and what a dropped stream does to its task.

const BOTH: AgentProtocol[] = ["0.3", "1.0"];

const subscribeMethod = (kit: ProtocolKit): string =>
  kit.protocol === "1.0" ? "SubscribeToTask" : "tasks/resubscribe";

/** The `result` of the JSON-RPC response an SSE chunk written by the SDK carries, or undefined. */
function resultInChunk(chunk: unknown): JsonObject | undefined {
  const line = String(chunk)
    .split("\n")
    .find((l) => l.startsWith("data:"));
  if (!line) return undefined;
  try {
    return (JSON.parse(line.slice(5)) as { result?: JsonObject }).result ?? {};
  } catch {
    return undefined;
  }
}

/** The task id an SSE chunk written by the SDK is about (Task, status or artifact event). */
function taskIdInChunk(chunk: unknown): string | undefined {
  const result = resultInChunk(chunk);
  if (!result) return undefined;
  const inner = [result.task, result.statusUpdate, result.artifactUpdate, result].find(isObject) ?? {};
  const id = inner.kind === "task" || "status" in inner ? (inner.id ?? inner.taskId) : inner.taskId;
  return typeof id === "string" ? id : undefined;
}

const lostTasks = new Set<string>();

/** Forgets a task whose stream's client went away before the stream ended. */
function forgetOnDrop(res: Response): void {
  let taskId: string | undefined;
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    taskId ??= taskIdInChunk(chunk);
    return write(chunk, ...rest);
  }) as Response["write"];
  res.on("close", () => {
    if (!res.writableFinished && taskId) lostTasks.add(taskId);
  });
}

/** Open SubscribeToTask streams per task (flaw second-subscriber-cut). */
const openSubscriptions = new Map<string, number>();

/** The open SubscribeToTask responses per task (flaw closing-stream-cuts-others). */
const subscribers = new Map<string, Set<Response>>();

/** When a subscriber of the task drops its connection, ends every other open subscription of the task. */
function cutOthersOnDrop(id: string, res: Response): void {
  const open = subscribers.get(id) ?? new Set<Response>();
  subscribers.set(id, open.add(res));
  res.on("close", () => {
    open.delete(res);
    if (res.writableFinished) return;
    for (const other of open) other.end();
  });
}

/** Ends an event stream right after its first event is written. */
function endAfterFirstEvent(res: Response): void {
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    const written = write(chunk, ...rest);
    if (String(chunk).includes("data:")) res.end();
    return written;
  }) as Response["write"];
}

/** The state of the event an SSE chunk carries (Task or status update, either protocol), lower-cased. */
function stateInChunk(chunk: unknown): string | undefined {
  const result = resultInChunk(chunk);
  if (!result) return undefined;
  const inner = [result.task, result.statusUpdate, result].find((v) => isObject(v) && "status" in v);
  return isObject(inner) ? stateOf(inner) : undefined;
}

/** Writes the chunk that carries a terminal state twice: an event follows the task's end. */
function repeatTerminalEvent(res: Response): void {
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    const state = stateInChunk(chunk);
    if (state !== undefined && TERMINAL.has(state)) write(chunk);
    return write(chunk, ...rest);
  }) as Response["write"];
}

/** Turns the error the SDK answers to a subscribe into an `event: error` inside an event stream. */
function errorsInsideStream(res: Response): void {
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    if (!isObject(body) || !("error" in body)) return json(body);
    res.status(200).setHeader("Content-Type", "text/event-stream");
    res.end(`event: error\ndata: ${JSON.stringify(body)}\n\n`);
    return res;
  };
}

export const SUBSCRIBE_FLAWS: FlawDefinition[] = [
  {
    name: "subscribe-refusals-in-stream",
    category: "protocol",
    protocols: ["1.0"],
    description:
      "SubscribeToTask refusals (a finished task, an unknown one) come as an event stream carrying the error (event: error), not as the response itself; 1.0.1 §9.4.2 frames each SSE event as a JSON-RPC Response.",
    expect:
      "no failure: streaming.subscribe-terminal and streaming.subscribe-unknown-task read the error inside the stream",
    allowed: true,
    rpc: (call, res, kit) => {
      if (call.method === subscribeMethod(kit)) errorsInsideStream(res);
      return false;
    },
  },
  {
    name: "subscribe-unknown-wrong-code",
    category: "protocol",
    protocols: ["0.3", "1.0"],
    description:
      "SubscribeToTask of an unknown id answers -32603 (internal error) instead of TaskNotFound -32001.",
    expect: "streaming.subscribe-unknown-task (0.x: streaming.subscribe-unknown-task-0x) fails",
    rpc: async (call, res, kit) => {
      if (call.method !== subscribeMethod(kit)) return false;
      if (await storedTask(kit, paramsOf(call).id)) return false;
      sendRpcError(res, call.id, { code: -32603, message: "Internal error: subscription failed." });
      return true;
    },
  },
  {
    name: "finished-resubscribe-silent",
    category: "protocol",
    protocols: ["0.3"],
    description:
      "tasks/resubscribe of a finished task answers an event stream that closes at once, with no event and no error.",
    expect: "streaming.subscribe-terminal-0x fails: the request got no response at all",
    rpc: async (call, res, kit) => {
      if (call.method !== subscribeMethod(kit)) return false;
      const task = await storedTask(kit, paramsOf(call).id);
      if (!task || !TERMINAL.has(stateOf(task))) return false;
      res.setHeader("content-type", "text/event-stream");
      res.status(200).end();
      return true;
    },
  },
  {
    name: "second-subscriber-cut",
    category: "protocol",
    protocols: ["1.0"],
    description:
      "A second SubscribeToTask on a task that already has one open gets the Task and is then closed, long before the task ends.",
    expect: "streaming.several-subscribers fails",
    rpc: (call, res, kit) => {
      if (call.method !== subscribeMethod(kit)) return false;
      const id = String(paramsOf(call).id);
      const open = openSubscriptions.get(id) ?? 0;
      openSubscriptions.set(id, open + 1);
      res.on("close", () => openSubscriptions.set(id, (openSubscriptions.get(id) ?? 1) - 1));
      if (open > 0) endAfterFirstEvent(res);
      return false;
    },
  },
  {
    name: "closing-stream-cuts-others",
    category: "protocol",
    protocols: ["1.0"],
    description:
      "When one SubscribeToTask stream of a task is dropped by its client, the agent closes every other open stream of the task too.",
    expect: "streaming.closed-stream-spares-others fails",
    rpc: (call, res, kit) => {
      if (call.method === subscribeMethod(kit)) cutOthersOnDrop(String(paramsOf(call).id), res);
      return false;
    },
  },
  {
    name: "subscription-events-after-final",
    category: "protocol",
    protocols: BOTH,
    description:
      "A subscription (tasks/resubscribe, SubscribeToTask) sends the task's terminal status event twice before it closes: an event follows the task's end.",
    expect:
      "streaming.subscribe-running (0.x: streaming.subscribe-running-0x) fails: an event follows the terminal one",
    rpc: (call, res, kit) => {
      if (call.method === subscribeMethod(kit)) repeatTerminalEvent(res);
      return false;
    },
  },
  {
    name: "subscribe-unsupported",
    category: "protocol",
    protocols: BOTH,
    description:
      "The card claims streaming, but resubscribe/SubscribeToTask always answers UnsupportedOperation (-32004).",
    expect: "streaming.subscribe-running fails: subscribing to a running task is refused",
    rpc: (call, res, kit) => {
      if (call.method !== subscribeMethod(kit)) return false;
      sendRpcError(res, call.id, { code: -32004, message: "Resubscribing is not supported." });
      return true;
    },
  },
  {
    name: "dropped-stream-loses-task",
    category: "protocol",
    protocols: BOTH,
    description:
      "When a client drops a message stream before it ends, the agent deletes the task: tasks/get says TaskNotFound.",
    expect: "streaming.dropped-stream-task-readable fails: the task is gone after the drop",
    rpc: (call, res, kit) => {
      if (call.method === kit.streamMethod) forgetOnDrop(res);
      const id = paramsOf(call).id;
      if (call.method !== getMethod(kit) || typeof id !== "string" || !lostTasks.has(id)) return false;
      sendRpcError(res, call.id, { code: -32001, message: `Task not found: ${id}` });
      return true;
    },
  },
  {
    name: "dropped-stream-cancels-task",
    category: "protocol",
    protocols: BOTH,
    description:
      "When a client drops a message stream before it ends, the agent stops the work: the task reads back canceled.",
    expect:
      "streaming.dropped-stream-task-readable fails: the drop ended the task the message otherwise completes",
    rpc: (call, res, kit) => {
      if (call.method === kit.streamMethod) forgetOnDrop(res);
      const id = paramsOf(call).id;
      if (call.method !== getMethod(kit) || typeof id !== "string" || !lostTasks.has(id)) return false;
      const canceled = kit.protocol === "1.0" ? "TASK_STATE_CANCELED" : "canceled";
      return editReply(res, (body) =>
        isObject(body.result) && isObject(body.result.status)
          ? { ...body, result: { ...body.result, status: { ...body.result.status, state: canceled } } }
          : body,
      );
    },
  },
];
