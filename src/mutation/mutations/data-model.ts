import { isObject } from "../exchange.js";
import type { BufferedReply, Exchange, Json, Mutation } from "../types.js";
import { grpcIsFinal, grpcPayload } from "./grpc-shapes.js";
import { rpcResult, taskIn } from "./shapes.js";

// Deviations from the A2A 1.0 JSON data model (1.0.1 §5.5 naming and enums, §5.7 REQUIRED fields,
// §4.1 core objects), each put into the task a GetTask reply carries: lifecycle.wire-format reads
// GetTask, and a deviation there is one the agent's own serialiser would make everywhere.

const JSON_BINDINGS = ["JSONRPC", "HTTP+JSON"] as const;
const CHECK = { "1.0": "lifecycle.wire-format" } as const;

/** The task of a GetTask reply, when the reply carries one. */
const readTask = (r: BufferedReply, x: Exchange): Json | undefined =>
  x.verb === "get" ? taskIn(r, x) : undefined;

/** The objects of one list member of the GetTask task (its history or artifacts). */
function membersOf(task: Json | undefined, key: "history" | "artifacts"): Json[] {
  const list = task?.[key];
  return Array.isArray(list) ? list.filter(isObject) : [];
}

/** A mutation of every member of one list of the GetTask task; none when the list is empty. */
function eachMember(key: "history" | "artifacts", change: (member: Json) => boolean) {
  return (r: BufferedReply, x: Exchange): BufferedReply | undefined => {
    const changed = membersOf(readTask(r, x), key).filter(change);
    return changed.length > 0 ? r : undefined;
  };
}

/**
 * A 1.0 send's reply as a Message: a Message reply loses its contextId (withContext false), a Task reply is
 * answered as the Message an agent that answers with Messages sends, named by the task's context or not.
 */
function asMessageReply(r: BufferedReply, x: Exchange, withContext: boolean): BufferedReply | undefined {
  if (x.verb !== "send") return undefined;
  const top = x.binding === "jsonrpc" ? rpcResult(r) : isObject(r.body) ? r.body : undefined;
  if (!top) return undefined;
  if (isObject(top.message)) {
    if (withContext || !("contextId" in top.message)) return undefined;
    delete top.message.contextId;
    return r;
  }
  if (!isObject(top.task)) return undefined;
  const { contextId } = top.task;
  delete top.task;
  top.message = {
    messageId: `plainwright-proxy-${Date.now()}`,
    role: "ROLE_AGENT",
    parts: [{ text: "Done." }],
    ...(withContext && typeof contextId === "string" ? { contextId } : {}),
  };
  return r;
}

export const dataModelMutations: Mutation[] = [
  {
    id: "message-reply-context-dropped",
    what: "a SendMessage answered with a Message: the Message carries no contextId",
    clause: "A2A 1.0.1 a2a.proto Message ('For server messages, context_id must be provided'), §3.4.1",
    check: "lifecycle.message-reply-context",
    generations: ["1.0"],
    bindings: JSON_BINDINGS,
    reply: (r, x) => asMessageReply(r, x, false),
    // An agent that answers with Tasks is played as one that answers with Messages, which name their context.
    correct: { reply: (r, x) => asMessageReply(r, x, true) },
  },
  {
    id: "message-id-dropped",
    violates: ["DM-MSG-001", "DM-SERIAL-004"],
    what: "the messages of a task's history carry no messageId",
    clause: "A2A 1.0.1 §4.1.4 Message.message_id (REQUIRED), §5.7",
    check: CHECK,
    generations: ["1.0"],
    bindings: JSON_BINDINGS,
    reply: eachMember("history", (m) => "messageId" in m && delete m.messageId),
  },
  {
    id: "role-misspelled",
    violates: ["DM-MSG-002"],
    what: 'the messages of a task\'s history name their role "ROLE_BOT"',
    clause: "A2A 1.0.1 §4.1.4 Role (ROLE_USER, ROLE_AGENT), §5.5 enum names",
    check: CHECK,
    generations: ["1.0"],
    bindings: JSON_BINDINGS,
    reply: eachMember("history", (m) => {
      if (typeof m.role !== "string") return false;
      m.role = "ROLE_BOT";
      return true;
    }),
  },
  {
    id: "finished-answer-in-0x-shape",
    violates: ["DM-MSG-001", "DM-MSG-002"],
    what: 'a finished task read back carries its answer in status.message in the 0.3 shape: role "agent", no messageId',
    clause: "A2A 1.0.1 §4.1.4 Message.message_id (REQUIRED), Role enum names; §5.5, §5.7",
    check: CHECK,
    generations: ["1.0"],
    bindings: JSON_BINDINGS,
    // Only a finished task's answer: an agent whose serialiser differs for the final status writes it once a
    // task ends, which a read of a working task never shows.
    reply: (r, x) => {
      const status = readTask(r, x)?.status;
      if (!isObject(status) || !/COMPLETED|FAILED|CANCELED|REJECTED/.test(String(status.state)))
        return undefined;
      const message = isObject(status.message) ? status.message : undefined;
      status.message = {
        role: "agent",
        parts: Array.isArray(message?.parts) ? message.parts : [{ text: "Done." }],
      };
      return r;
    },
  },
  {
    id: "part-with-two-contents",
    violates: ["DM-PART-001"],
    what: "a text part of a task's history also carries a data member",
    clause: "A2A 1.0.1 §4.1.6 Part (oneof content: exactly one of text, raw, url, data)",
    check: CHECK,
    generations: ["1.0"],
    bindings: JSON_BINDINGS,
    reply: eachMember("history", (m) => {
      const parts = Array.isArray(m.parts) ? m.parts.filter(isObject) : [];
      const text = parts.find((p) => typeof p.text === "string");
      if (!text) return false;
      text.data = { also: "data" };
      return true;
    }),
  },
  {
    id: "artifact-parts-dropped",
    violates: ["DM-ART-001", "DM-SERIAL-004"],
    what: "the artifacts of a task carry no parts",
    clause: "A2A 1.0.1 §4.1.7 Artifact.parts (REQUIRED), §5.7",
    check: CHECK,
    generations: ["1.0"],
    bindings: JSON_BINDINGS,
    reply: eachMember("artifacts", (a) => "parts" in a && delete a.parts),
  },
  {
    id: "status-state-dropped",
    violates: ["DM-STATUS-001", "DM-SERIAL-004"],
    what: "a task read back has a status without its state",
    clause: "A2A 1.0.1 §4.1.2 TaskStatus.state (REQUIRED), §5.7",
    check: CHECK,
    generations: ["1.0"],
    bindings: JSON_BINDINGS,
    reply: (r, x) => {
      const status = readTask(r, x)?.status;
      if (!isObject(status) || !("state" in status)) return undefined;
      delete status.state;
      return r;
    },
  },
  {
    id: "task-id-dropped",
    violates: ["DM-TASK-001", "DM-SERIAL-004"],
    what: "a task read back has no id",
    clause: "A2A 1.0.1 §4.1.1 Task.id (REQUIRED), §5.7",
    check: CHECK,
    generations: ["1.0"],
    bindings: JSON_BINDINGS,
    reply: (r, x) => {
      const task = readTask(r, x);
      if (!task) return undefined;
      delete task.id;
      return r;
    },
  },
  {
    id: "state-not-an-enum-name",
    violates: ["DM-TASK-002", "DM-SERIAL-002"],
    what: "a task read back gives its state as the enum's number (3) instead of its name",
    clause: "A2A 1.0.1 §5.5 (enum values as their ProtoJSON names), §4.1.3 TaskState",
    check: CHECK,
    generations: ["1.0"],
    bindings: JSON_BINDINGS,
    reply: (r, x) => {
      const status = readTask(r, x)?.status;
      if (!isObject(status) || typeof status.state !== "string") return undefined;
      status.state = 3;
      return r;
    },
  },
  {
    id: "field-in-snake-case",
    violates: ["DM-SERIAL-001"],
    what: "a task read back names its context context_id instead of contextId",
    clause: "A2A 1.0.1 §5.5 (JSON field names MUST be camelCase)",
    check: CHECK,
    generations: ["1.0"],
    bindings: JSON_BINDINGS,
    reply: (r, x) => {
      const task = readTask(r, x);
      if (!task || typeof task.contextId !== "string") return undefined;
      task.context_id = task.contextId;
      delete task.contextId;
      return r;
    },
  },
  {
    id: "reply-as-text-plain",
    violates: ["JSONRPC-FMT-002", "HTTP_JSON-SVC-001"],
    what: "a GetTask reply is sent as text/plain",
    clause:
      "A2A 1.0.1 §9.1 (JSON-RPC: application/json), §11.1 (HTTP+JSON: application/json or application/a2a+json)",
    check: CHECK,
    generations: ["1.0"],
    bindings: JSON_BINDINGS,
    reply: (r, x) => {
      if (!readTask(r, x)) return undefined;
      r.contentType = "text/plain";
      return r;
    },
  },
  {
    id: "jsonrpc-reply-as-text-plain-0x",
    what: "JSON-RPC: the reply to a send or a task read is sent as text/plain",
    clause: "A2A 0.3 §3.1 (JSON-RPC payloads MUST be sent as application/json; the same in 0.1 and 0.2)",
    check: "lifecycle.wire-format-0x",
    generations: ["0.x"],
    bindings: ["JSONRPC"],
    reply: (r, x) => {
      if (x.binding !== "jsonrpc" || (x.verb !== "send" && x.verb !== "get")) return undefined;
      r.contentType = "text/plain";
      return r;
    },
  },
  {
    id: "grpc-stream-task-id-empty",
    violates: ["DM-TASK-001", "DM-SERIAL-004"],
    what: "gRPC: the Task that opens a message stream has an empty id",
    clause: "A2A 1.0.1 §4.1.1 Task.id (REQUIRED), §5.7 (REQUIRED fields are present and set)",
    check: "streaming.events-well-formed",
    generations: ["1.0"],
    bindings: ["GRPC"],
    grpcEvent: (e, x) => {
      const task = grpcPayload(e, "task");
      if (x.verb !== "stream" || !task?.id) return undefined;
      task.id = "";
      return { events: [e] };
    },
  },
  {
    id: "grpc-stream-state-unspecified",
    violates: ["DM-TASK-002", "DM-STATUS-001"],
    what: "gRPC: the status updates of a message stream carry TASK_STATE_UNSPECIFIED",
    clause: "A2A 1.0.1 §4.1.2 TaskStatus.state (REQUIRED; UNSPECIFIED is no state), §4.1.3 TaskState",
    check: "streaming.events-well-formed",
    generations: ["1.0"],
    bindings: ["GRPC"],
    grpcEvent: (e, x) => {
      const update = grpcPayload(e, "statusUpdate");
      const status = isObject(update?.status) ? update.status : undefined;
      if (x.verb !== "stream" || !status || grpcIsFinal(e)) return undefined;
      status.state = 0;
      return { events: [e] };
    },
  },
  {
    id: "grpc-stream-artifact-id-empty",
    violates: ["DM-ART-001"],
    what: "gRPC: the artifact updates of a message stream carry artifacts with an empty artifactId",
    clause: "A2A 1.0.1 §4.1.7 Artifact.artifact_id (REQUIRED), §5.7",
    check: "streaming.events-well-formed",
    generations: ["1.0"],
    bindings: ["GRPC"],
    grpcEvent: (e, x) => {
      const artifact = grpcPayload(e, "artifactUpdate")?.artifact;
      if (x.verb !== "stream" || !isObject(artifact) || !artifact.artifactId) return undefined;
      artifact.artifactId = "";
      return { events: [e] };
    },
  },
];
