import { isObject } from "../exchange.js";
import type { BufferedReply, Exchange, GrpcReply, Json, Mutation } from "../types.js";
import { GRPC_NOT_FOUND, GRPC_STATE, grpcIsFinal, grpcTask } from "./grpc-shapes.js";
import {
  asTaskNotFound,
  GET_TASK_BY_VERSION,
  isFinalEvent,
  otherId,
  rpcParams,
  sendConfiguration,
  stateName,
  successBody,
  taskIn,
} from "./shapes.js";

const ALL = ["JSONRPC", "HTTP+JSON", "GRPC"] as const;

/** The history of the task a GetTask reply carries, on any binding. */
function historyOf(task: Json | undefined): unknown[] | undefined {
  return task && Array.isArray(task.history) && task.history.length ? task.history : undefined;
}

/** Rewrites the text of every text part of the user's messages in a history (JSON or decoded proto). */
function alterUserText(history: unknown[]): boolean {
  let changed = false;
  for (const m of history) {
    if (!isObject(m) || !(m.role === "user" || m.role === "ROLE_USER" || m.role === 1)) continue;
    // 0.3's HTTP+JSON (ProtoJSON of its proto) names the parts `content`.
    const parts = Array.isArray(m.parts) ? m.parts : Array.isArray(m.content) ? m.content : [];
    for (const p of parts as unknown[]) {
      if (!isObject(p)) continue;
      if (typeof p.text === "string") {
        p.text = `${p.text} (altered)`;
        changed = true;
      } else {
        // Decoded proto: 1.0 names the part's oneof `content`, 0.3 names it `part`.
        const oneof = isObject(p.content) ? p.content : isObject(p.part) ? p.part : undefined;
        if (oneof?.$case !== "text") continue;
        oneof.value = `${String(oneof.value)} (altered)`;
        changed = true;
      }
    }
  }
  return changed;
}

const getHook =
  (fn: (task: Json, request: unknown, x: Exchange) => boolean) =>
  (r: BufferedReply, x: Exchange): BufferedReply | undefined => {
    const task = x.verb === "get" ? taskIn(r, x) : undefined;
    return task && fn(task, x.binding === "jsonrpc" ? rpcParams(x) : undefined, x) ? r : undefined;
  };

const grpcGetHook =
  (fn: (task: Json, request: unknown) => boolean) =>
  (r: GrpcReply, x: { verb: string; request: unknown }): GrpcReply | undefined => {
    const task = x.verb === "get" ? grpcTask(r) : undefined;
    return task && fn(task, x.request) ? r : undefined;
  };

const reverseHistory = (task: Json) => {
  const h = historyOf(task);
  if (!h || h.length < 2) return false;
  h.reverse();
  return true;
};
const alterHistory = (task: Json) => {
  const h = historyOf(task);
  return h ? alterUserText(h) : false;
};
/** Gives the user's messages in a history ids of the agent's own, new on each read (seen at first sight). */
const renameUserMessages = (task: Json) => {
  let changed = false;
  for (const m of historyOf(task) ?? []) {
    if (!isObject(m) || !(m.role === "user" || m.role === "ROLE_USER" || m.role === 1)) continue;
    if (typeof m.messageId !== "string") continue;
    m.messageId = otherId();
    changed = true;
  }
  return changed;
};
/**
 * Puts a user message of another task first in a history: a copy of the first user message under another
 * messageId, as an agent that keeps its whole conversation in every task's history (seen at first sight).
 */
const strangerFirst = (task: Json) => {
  const h = historyOf(task);
  const user = h?.find((m) => isObject(m) && (m.role === "user" || m.role === "ROLE_USER" || m.role === 1));
  if (!h || !isObject(user) || typeof user.messageId !== "string") return false;
  const copy = structuredClone(user);
  copy.messageId = otherId();
  delete copy.taskId;
  h.unshift(copy);
  return true;
};
/** Empties a task's artifacts, as a store that keeps none does (seen at first sight on an A2A 0.1 server). */
const dropArtifacts = (task: Json) => {
  if (!Array.isArray(task.artifacts) || task.artifacts.length === 0) return false;
  task.artifacts = [];
  return true;
};
/** The text parts of a task's artifacts rewritten, as a read that runs the agent again (seen at first sight). */
const rewriteArtifacts = (task: Json) => {
  let changed = false;
  for (const artifact of Array.isArray(task.artifacts) ? task.artifacts : []) {
    if (!isObject(artifact) || !Array.isArray(artifact.parts)) continue;
    for (const part of artifact.parts)
      if (isObject(part) && typeof part.text === "string" && part.text.trim() !== "") {
        part.text = `${part.text} (answered again)`;
        changed = true;
      }
  }
  return changed;
};
const dropHistory = (task: Json) => {
  if (!historyOf(task)) return false;
  task.history = [];
  return true;
};

/** Deviations in reading tasks back: GetTask, ListTasks and the history a task keeps. */
/** The prefix of the task ids a 0.1 agent that ignores the client's id makes up (the client's id behind it). */
const OWN_ID = "server-made-";

export const taskMutations: Mutation[] = [
  {
    // Seen at first sight: tasks/send names a fresh UUID of the server's, whatever id the client gave. The
    // proxy hands the agent back its own id in later calls, so only the send's answer differs.
    id: "task-id-not-clients-0-1",
    bindings: ["JSONRPC"],
    generations: ["0.x"],
    protocols: ["0.1"],
    what: "a 0.1 send answers about a task id the server made up, not the id the client gave",
    clause:
      "A2A 0.1 §6.1 Task.id (generated by the client and MUST be used by the server to refer to this task)",
    check: "lifecycle.send-returns-task",
    request: (r) => {
      const params = isObject(r.body) && isObject(r.body.params) ? r.body.params : undefined;
      if (typeof params?.id !== "string" || !params.id.startsWith(OWN_ID)) return undefined;
      params.id = params.id.slice(OWN_ID.length);
      return r;
    },
    reply: (r, x) => {
      const task = x.verb === "send" ? taskIn(r, x) : undefined;
      if (!task || typeof task.id !== "string") return undefined;
      task.id = `${OWN_ID}${task.id}`;
      return r;
    },
  },
  {
    id: "send-answers-neither-task-nor-message",
    violates: ["CORE-SEND-001"],
    what: "a send is answered with an object that is neither a Task nor a Message",
    clause: "A2A 0.3 §7.1 (result: Task | Message); 1.0.1 §3.1.1 (SendMessage returns a Task or a Message)",
    check: "lifecycle.send-returns-task",
    bindings: ALL,
    reply: (r, x) => {
      if (x.verb !== "send" || !isObject(successBody(r, x))) return undefined;
      if (x.binding === "jsonrpc" && isObject(r.body)) r.body.result = {};
      else r.body = {};
      return r;
    },
    grpcReply: (r, x) => (x.verb === "send" && r.response ? { response: { payload: undefined } } : undefined),
  },
  {
    id: "known-task-not-found",
    violates: ["CORE-GET-001"],
    what: "reading a task the agent just created answers TaskNotFound",
    clause: "A2A 0.3 §7.3 tasks/get; 1.0.1 §3.1.3 GetTask",
    check: GET_TASK_BY_VERSION,
    bindings: ALL,
    reply: (r, x) => (x.verb === "get" && taskIn(r, x) ? asTaskNotFound(r, x, "Task") : undefined),
    grpcReply: (r, x) =>
      x.verb === "get" && r.response
        ? { error: { code: GRPC_NOT_FOUND, details: "Task not found", metadata: {} } }
        : undefined,
  },
  {
    // Seen at first sight: a 0.1 proxy that stores a task only once its backend has answered.
    id: "running-task-not-found",
    violates: ["CORE-GET-001"],
    what: "reading a task that still works answers TaskNotFound; the task is found once it is done",
    clause: "A2A 0.3 §7.3 tasks/get (the current state of a previously initiated task); 1.0.1 §3.1.3 GetTask",
    check: GET_TASK_BY_VERSION,
    bindings: ALL,
    reply: (r, x) => {
      const task = x.verb === "get" ? taskIn(r, x) : undefined;
      const state = task && isObject(task.status) ? task.status.state : undefined;
      const running = [stateName(x, "submitted"), stateName(x, "working")].includes(String(state));
      return running ? asTaskNotFound(r, x, "Task") : undefined;
    },
    grpcReply: (r, x) => {
      const state = x.verb === "get" ? grpcTask(r)?.status : undefined;
      const running =
        isObject(state) && (state.state === GRPC_STATE.submitted || state.state === GRPC_STATE.working);
      return running
        ? { error: { code: GRPC_NOT_FOUND, details: "Task not found", metadata: {} } }
        : undefined;
    },
  },
  {
    id: "get-artifact-id-dropped",
    what: "a task read back holds artifacts without their artifactId",
    clause: "A2A 0.3 §6.7 Artifact.artifactId (required); 1.0.1 §4.1.7 Artifact.artifact_id (REQUIRED)",
    check: GET_TASK_BY_VERSION,
    bindings: ["JSONRPC", "HTTP+JSON"],
    reply: (r, x) => {
      const task = x.verb === "get" ? taskIn(r, x) : undefined;
      const artifacts = Array.isArray(task?.artifacts) ? (task.artifacts as unknown[]).filter(isObject) : [];
      const named = artifacts.filter((a) => "artifactId" in a);
      if (!named.length) return undefined;
      for (const artifact of named) delete artifact.artifactId;
      return r;
    },
  },
  {
    id: "task-read-drops-artifacts",
    what: "a finished task read back holds none of the artifacts its send's reply or stream delivered",
    clause: "A2A 0.3 §7.3 tasks/get; 1.0.1 §3.1.3 GetTask (the current state, including status, artifacts)",
    check: "lifecycle.artifacts-kept",
    bindings: ALL,
    reply: getHook(dropArtifacts),
    grpcReply: grpcGetHook(dropArtifacts),
  },
  {
    id: "task-read-rewrites-artifacts",
    what: "a finished task read back holds artifacts whose text differs from what its send's reply delivered",
    clause: "A2A 0.3 §7.3 tasks/get; 1.0.1 §3.1.3 GetTask (the current state, including status, artifacts)",
    check: "lifecycle.artifacts-kept",
    // The text of a part in the JSON bindings' form; gRPC's decoded parts are not rewritten here.
    bindings: ["JSONRPC", "HTTP+JSON"],
    reply: getHook(rewriteArtifacts),
  },
  {
    id: "history-reversed",
    violates: ["CORE-HIST-005"],
    what: "a task's history lists the newest message first",
    clause: "A2A 1.0.1 §3.1.3, §5.4 (history in chronological order)",
    check: "lifecycle.history-order",
    bindings: ALL,
    reply: getHook(reverseHistory),
    grpcReply: grpcGetHook(reverseHistory),
  },
  {
    id: "history-altered",
    violates: ["CORE-HIST-006"],
    what: "the user's messages in a task's history are not the ones sent",
    clause: "A2A 1.0.1 §5.4 Task.history (the messages exchanged)",
    check: "lifecycle.history-content",
    bindings: ALL,
    reply: getHook(alterHistory),
    grpcReply: grpcGetHook(alterHistory),
  },
  {
    id: "history-message-ids-replaced",
    what: "the user's messages in a task's history carry ids the agent made up, not the ones they were sent with",
    clause: "A2A 0.3 §6.4 Message.messageId (generated by the sender); 1.0.1 §4.1.4 Message.message_id",
    check: "lifecycle.history-content",
    bindings: ALL,
    reply: getHook(renameUserMessages),
    grpcReply: grpcGetHook(renameUserMessages),
  },
  {
    id: "history-holds-other-tasks-messages",
    what: "a task's history holds a user message of another task (the agent's whole conversation)",
    clause:
      "A2A 1.0.1 §3.7 (The Task History field contains Messages exchanged during task execution); 0.3 §6.1 Task.history",
    check: "lifecycle.history-content",
    bindings: ALL,
    reply: getHook(strangerFirst),
    grpcReply: grpcGetHook(strangerFirst),
  },
  {
    id: "history-dropped",
    violates: ["CORE-HIST-004"],
    what: "a task read with a generous historyLength carries no history",
    clause: "A2A 1.0.1 §3.1.3 (history up to historyLength messages); 0.1 §7.3.1 (SHOULD include the last N)",
    check: {
      "0.1": "lifecycle.history-length-01",
      "0.x": "lifecycle.history-present",
      "1.0": "lifecycle.history-present",
    },
    bindings: ALL,
    reply: getHook(dropHistory),
    grpcReply: grpcGetHook(dropHistory),
  },
  {
    id: "history-zero-kept",
    violates: ["CORE-HIST-001"],
    what: "a task read with historyLength 0 carries a history field",
    clause: "A2A 1.0.1 §3.1.3 (historyLength 0: the history field SHOULD be omitted)",
    check: "lifecycle.history-field-omitted",
    generations: ["1.0"],
    bindings: ["JSONRPC", "HTTP+JSON"],
    reply: getHook((task, params, x) => {
      const zero =
        (isObject(params) && params.historyLength === 0) || /[?&]historyLength=0(&|$)/.test(x.path);
      if (!zero || "history" in task) return false;
      task.history = [];
      return true;
    }),
  },
  {
    id: "send-history-zero-kept",
    violates: ["CORE-HIST-003"],
    what: "a send with historyLength 0 answers a task that carries a history field",
    clause: "A2A 1.0.1 §3.2.2 SendMessageConfiguration.historyLength (0: no history in the reply)",
    check: "lifecycle.history-field-omitted",
    generations: ["1.0"],
    bindings: ["JSONRPC", "HTTP+JSON"],
    reply: (r, x) => {
      const params = x.binding === "jsonrpc" ? rpcParams(x) : x.request;
      const task =
        x.verb === "send" && sendConfiguration(params).historyLength === 0 ? taskIn(r, x) : undefined;
      if (!task || "history" in task) return undefined;
      task.history = [];
      return r;
    },
  },
  {
    id: "stream-without-task-first",
    violates: ["CORE-STREAM-003"],
    what: "a message stream leaves out the Task that must open it",
    clause: "A2A 1.0.1 §3.1.2 (the stream MUST begin with the Task object)",
    check: "streaming.first-event",
    generations: ["1.0"],
    bindings: ALL,
    event: (e, x) => {
      const result = isObject(e) && isObject(e.result) ? e.result : e;
      if (x.verb !== "stream" || !isObject(result) || !isObject(result.task) || isFinalEvent(e))
        return undefined;
      return { events: [] };
    },
    grpcEvent: (e, x) => {
      const payload = isObject(e) && isObject(e.payload) ? e.payload : undefined;
      if (x.verb !== "stream" || payload?.$case !== "task" || grpcIsFinal(e)) return undefined;
      return { events: [] };
    },
  },
];
