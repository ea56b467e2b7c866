import { isObject } from "../exchange.js";
import type { BufferedReply, Exchange, GrpcExchange, GrpcReply, Json, Mutation } from "../types.js";
import { GRPC_STATE, grpcRequestMessage, grpcTask } from "./grpc-shapes.js";
import { requestMessage, rpcParams, stateName, taskIn, sendConfiguration } from "./shapes.js";

// Deviations in how tasks end and what a send with historyLength 0 answers.

const ALL = ["JSONRPC", "HTTP+JSON", "GRPC"] as const;

/** Terminal states as each spelling names them (0.3 §6.3; 0.3's proto and 1.0.1 §4.1.3). */
const TERMINAL = /^(completed|failed|canceled|rejected|TASK_STATE_(COMPLETED|FAILED|CANCELL?ED|REJECTED))$/;
const TERMINAL_GRPC = new Set([3, 4, 5, 7]);

/** The status of a task a reply carries, when it is one of the given verbs. */
function statusIn(r: BufferedReply, x: Exchange, verbs: readonly string[]): Json | undefined {
  const task = verbs.includes(x.verb) ? taskIn(r, x) : undefined;
  return isObject(task?.status) ? task.status : undefined;
}

export const taskOutcomeMutations: Mutation[] = [
  {
    id: "task-never-finishes",
    what: "a task read back is always still working, though it finished (and the send's reply may have said so)",
    clause: "A2A 0.3 §6.3 TaskState; 1.0.1 §4.1.3 (a task moves on to a terminal state)",
    check: "lifecycle.reaches-terminal",
    bindings: ALL,
    reply: (r, x) => {
      const status = statusIn(r, x, ["get"]);
      if (!status || !TERMINAL.test(String(status.state))) return undefined;
      status.state = stateName(x, "working");
      return r;
    },
    grpcReply: (r: GrpcReply, x: GrpcExchange) => {
      const status = x.verb === "get" ? grpcTask(r)?.status : undefined;
      if (!isObject(status) || !TERMINAL_GRPC.has(Number(status.state))) return undefined;
      status.state = GRPC_STATE.working;
      return r;
    },
  },
  {
    id: "tasks-fail",
    what: "every task a send starts ends failed",
    clause: "A2A 0.3 §5.5.4, 1.0.1 AgentSkill.examples (prompts the skill can handle)",
    check: "lifecycle.skill-examples",
    bindings: ["JSONRPC"],
    reply: (r, x) => {
      const status = statusIn(r, x, ["send", "get"]);
      if (!status || !/^(completed|TASK_STATE_COMPLETED)$/.test(String(status.state))) return undefined;
      status.state = x.binding === "rest" || x.generation === "1.0" ? "TASK_STATE_FAILED" : "failed";
      return r;
    },
  },
  {
    id: "output-in-status-message",
    what: "a completed task carries its output only as its status message: the artifacts' parts moved there, no artifact left",
    clause:
      "A2A 1.0.1 §3.7 (results SHOULD be returned using Artifacts); 0.3 §6.1 (completed tasks SHOULD use artifacts)",
    check: "lifecycle.output-in-artifacts",
    bindings: ["JSONRPC", "HTTP+JSON"],
    generations: ["0.x", "1.0"],
    reply: (r, x) => {
      const task = ["send", "get"].includes(x.verb) ? taskIn(r, x) : undefined;
      const status = isObject(task?.status) ? task.status : undefined;
      if (!task || !status || !/^(completed|TASK_STATE_COMPLETED)$/.test(String(status.state)))
        return undefined;
      const artifacts = Array.isArray(task.artifacts) ? task.artifacts.filter(isObject) : [];
      const parts = artifacts.flatMap((a) => (Array.isArray(a.parts) ? (a.parts as unknown[]) : []));
      if (parts.length === 0) return undefined;
      const v10 = x.binding === "rest" || x.generation === "1.0";
      status.message = {
        ...(v10 ? {} : { kind: "message" }),
        messageId: `plainwright-proxy-${Date.now()}`,
        role: v10 ? "ROLE_AGENT" : "agent",
        parts,
      };
      delete task.artifacts;
      return r;
    },
  },
  {
    id: "send-history-zero-filled",
    violates: ["CORE-HIST-002"],
    what: "a send with historyLength 0 answers a task whose history holds the message sent",
    clause:
      "A2A 1.0.1 §3.2.2 SendMessageConfiguration.historyLength (0: no messages), GetTaskRequest.history_length",
    check: "lifecycle.history-length-zero",
    generations: ["1.0"],
    bindings: ALL,
    reply: (r, x) => {
      const params = x.binding === "jsonrpc" ? rpcParams(x) : x.request;
      const message = requestMessage(x);
      const task =
        x.verb === "send" && sendConfiguration(params).historyLength === 0 ? taskIn(r, x) : undefined;
      if (!task || !message) return undefined;
      task.history = [message];
      return r;
    },
    grpcReply: (r, x) => {
      const message = grpcRequestMessage(x);
      const task =
        x.verb === "send" && sendConfiguration(x.request).historyLength === 0 ? grpcTask(r) : undefined;
      if (!task || !message) return undefined;
      task.history = [message];
      return r;
    },
  },
];
