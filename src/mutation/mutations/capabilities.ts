import { isObject } from "../exchange.js";
import type {
  BufferedReply,
  Exchange,
  GrpcExchange,
  GrpcReply,
  Json,
  Mutation,
  MutationMemory,
} from "../types.js";
import { GRPC_INTERNAL, GRPC_STATE, grpcRequestMessage, grpcTask } from "./grpc-shapes.js";
import { requestMessage, rpcError, rpcParams, taskIn, pushOperation, sendConfiguration } from "./shapes.js";

const ALL = ["JSONRPC", "HTTP+JSON", "GRPC"] as const;
/** The states a blocking send may return in: terminal or interrupted (1.0.1 §3.2.2). */
const FINISHED_JSON = new Set([
  "TASK_STATE_COMPLETED",
  "TASK_STATE_FAILED",
  "TASK_STATE_CANCELED",
  "TASK_STATE_REJECTED",
  "TASK_STATE_INPUT_REQUIRED",
  "TASK_STATE_AUTH_REQUIRED",
]);

/** The ids of the tasks whose send replies showed them asking for input (input-required). */
function askingTasks(memory: MutationMemory): Set<string> {
  let asking = memory.get("asking-tasks") as Set<string> | undefined;
  if (!asking) memory.set("asking-tasks", (asking = new Set()));
  return asking;
}

/** True on the second and later deletes of the same config (keyed by what the request names). */
function deletedBefore(x: Exchange | GrpcExchange, memory: MutationMemory): boolean {
  let seen = memory.get("deleted-push-configs") as Set<string> | undefined;
  if (!seen) memory.set("deleted-push-configs", (seen = new Set()));
  const key =
    "binding" in x
      ? x.binding === "rest"
        ? x.path
        : JSON.stringify(rpcParams(x))
      : JSON.stringify(x.request);
  if (seen.has(key)) return true;
  seen.add(key);
  return false;
}

/** Whether a send asked to return at once (1.0.1 §3.2.2 returnImmediately), on any binding. */
function returnsAtOnce(params: unknown): boolean {
  return sendConfiguration(params).returnImmediately === true;
}

/**
 * A card that requires an HTTP bearer token it does not check: 0.3 names the requirement `security`,
 * 1.0 `securityRequirements` (1.0.1 §4.4.1); both name the scheme declared in `securitySchemes`.
 */
function claimBearer(card: Json): Json | undefined {
  const schemes: Json = isObject(card.securitySchemes) ? card.securitySchemes : {};
  if (Object.keys(schemes).length > 0) return undefined;
  const v10 = Array.isArray(card.supportedInterfaces);
  card.securitySchemes = {
    bearer: v10 ? { httpAuthSecurityScheme: { scheme: "Bearer" } } : { type: "http", scheme: "bearer" },
  };
  if (v10) card.securityRequirements = [{ schemes: { bearer: { list: [] } } }];
  else card.security = [{ bearer: [] }];
  return card;
}

/** Deviations in capabilities, push configs, ids and the blocking send. */
export const capabilityMutations: Mutation[] = [
  {
    id: "card-requires-bearer-not-checked",
    what: "the card requires a bearer token, but the agent serves task requests without any credentials",
    clause:
      "A2A 1.0.1 §7.4 (the server MUST authenticate every request against its declared requirements); 0.3 §4.4, §5.5 security",
    check: "card.security-consistent",
    card: claimBearer,
  },
  {
    id: "card-denies-push-it-serves",
    violates: ["CORE-CAP-001"],
    what: "the card says pushNotifications: false while the agent serves the push-config methods",
    clause: "A2A 1.0.1 §3.3.1 (operations of a capability the card does not declare return its error)",
    check: "errors.capability-errors",
    generations: ["1.0"],
    bindings: ALL,
    card: (card) => {
      const caps: Json = isObject(card.capabilities) ? card.capabilities : {};
      if (caps.pushNotifications !== true) return undefined;
      caps.pushNotifications = false;
      return card;
    },
  },
  {
    id: "push-delete-twice-fails",
    violates: ["PUSH-DEL-002"],
    what: "deleting a push config a second time is answered with an internal error",
    clause:
      "A2A 1.0.1 §3.1.10 (DeleteTaskPushNotificationConfig MUST be idempotent; a repeat may say not found)",
    check: "push.delete-idempotent",
    generations: ["1.0"],
    bindings: ALL,
    reply: (r: BufferedReply, x: Exchange, memory) => {
      if (pushOperation(x) !== "delete" || r.status >= 400 || rpcError(r) || !deletedBefore(x, memory))
        return undefined;
      if (x.binding === "jsonrpc" && isObject(r.body)) {
        delete r.body.result;
        r.body.error = { code: -32603, message: "config already deleted" };
        return r;
      }
      return {
        status: 500,
        contentType: "application/json",
        body: { error: { code: 500, status: "INTERNAL", message: "config already deleted" } },
      };
    },
    grpcReply: (r: GrpcReply, x: GrpcExchange, memory) =>
      pushOperation(x) === "delete" && !r.error && deletedBefore(x, memory)
        ? { error: { code: GRPC_INTERNAL, details: "config already deleted", metadata: {} } }
        : undefined,
  },
  {
    id: "task-ids-repeated",
    violates: ["CORE-MULTI-003"],
    what: "every new task gets the same id",
    clause: "A2A 1.0.1 §3.4 (the server generates a unique id for each new task)",
    check: "lifecycle.server-generated-ids",
    bindings: ALL,
    reply: (r, x) => {
      const task = x.verb === "send" && !requestMessage(x)?.taskId ? taskIn(r, x) : undefined;
      if (!task) return undefined;
      task.id = "mutation-task-1";
      return r;
    },
    grpcReply: (r, x) => {
      const task = x.verb === "send" && !grpcRequestMessage(x)?.taskId ? grpcTask(r) : undefined;
      if (!task) return undefined;
      task.id = "mutation-task-1";
      return r;
    },
  },
  {
    id: "blocking-answer-returns-early-0x",
    what: "a blocking send (blocking: true) that answers a task asking for input returns the task still working; the first send of a task waits as it should",
    clause:
      "A2A 0.3 §7.1 MessageSendConfiguration.blocking ('the client will wait for the task to complete'), which every message/send carries, a continuation too",
    check: { "0.x": "lifecycle.execution-mode-0x" },
    generations: ["0.x"],
    bindings: ["JSONRPC", "HTTP+JSON"],
    reply: (r, x, memory) => {
      if (x.verb !== "send") return undefined;
      const asking = askingTasks(memory);
      const task = taskIn(r, x);
      const status = isObject(task?.status) ? task.status : undefined;
      const continued = requestMessage(x)?.taskId;
      // Only the answer to a task that asked back is changed: other sends in a task (to a finished one) are
      // other checks' to judge.
      const answers = typeof continued === "string" && asking.has(continued);
      if (status && task && /input[-_]required/i.test(String(status.state))) asking.add(String(task.id));
      const params = x.binding === "jsonrpc" ? rpcParams(x) : x.request;
      if (!answers || !status || sendConfiguration(params).blocking !== true) return undefined;
      if (status.state === "working" || status.state === "TASK_STATE_WORKING") return undefined;
      status.state = x.binding === "jsonrpc" ? "working" : "TASK_STATE_WORKING";
      return r;
    },
  },
  {
    id: "blocking-follow-up-returns-working",
    violates: ["CORE-EXECUTION-MODE-001"],
    what: "a blocking 1.0 send that continues a task or a context (its message names a taskId or contextId) returns the task still working; a send that starts a conversation waits as it should",
    clause:
      "A2A 1.0.1 §3.2.2 (returnImmediately unset: the operation MUST wait until the task is terminal or interrupted)",
    check: { "1.0": "lifecycle.blocking-sends-settled" },
    generations: ["1.0"],
    bindings: ["JSONRPC", "HTTP+JSON"],
    reply: (r, x) => {
      const params = x.binding === "jsonrpc" ? rpcParams(x) : x.request;
      const message = requestMessage(x);
      const continues = typeof message?.taskId === "string" || typeof message?.contextId === "string";
      const task = x.verb === "send" && continues && !returnsAtOnce(params) ? taskIn(r, x) : undefined;
      const status = isObject(task?.status) ? task.status : undefined;
      if (!status || !FINISHED_JSON.has(String(status.state))) return undefined;
      status.state = "TASK_STATE_WORKING";
      return r;
    },
  },
  {
    id: "blocking-send-returns-early",
    violates: ["CORE-EXECUTION-MODE-001"],
    what: "a blocking send (1.0: no returnImmediately; 0.x: blocking: true) answers with the task still working",
    clause:
      "A2A 1.0.1 §3.2.2 (returnImmediately unset: wait until the task is terminal or interrupted); 0.3 MessageSendConfiguration.blocking ('the client will wait for the task to complete')",
    check: { "0.x": "lifecycle.execution-mode-0x", "1.0": "lifecycle.execution-mode" },
    bindings: ALL,
    // Played on the reply, so that it shows on every agent, also one that ignores a request not to block.
    reply: (r, x) => {
      const params = x.binding === "jsonrpc" ? rpcParams(x) : x.request;
      const blocking =
        x.generation === "1.0" ? !returnsAtOnce(params) : sendConfiguration(params).blocking === true;
      const task = x.verb === "send" && blocking ? taskIn(r, x) : undefined;
      const status = isObject(task?.status) ? task.status : undefined;
      if (!status) return undefined;
      if (x.generation === "1.0") {
        if (!FINISHED_JSON.has(String(status.state))) return undefined;
        status.state = "TASK_STATE_WORKING";
      } else {
        if (status.state === "working") return undefined;
        status.state = "working";
      }
      return r;
    },
    grpcReply: (r, x) => {
      // 0.3's a2a.v1 and 1.0's lf.a2a.v1 number the task states alike.
      const blocking =
        x.generation === "1.0" ? !returnsAtOnce(x.request) : sendConfiguration(x.request).blocking === true;
      const task = x.verb === "send" && blocking ? grpcTask(r) : undefined;
      const status = isObject(task?.status) ? task.status : undefined;
      if (!status || ![3, 4, 5, 6, 7, 8].includes(Number(status.state))) return undefined;
      status.state = GRPC_STATE.working;
      return r;
    },
  },
];
