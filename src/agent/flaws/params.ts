import { randomUUID } from "node:crypto";
import { sendRpcError } from "../http/jsonrpc-front.js";
import type { AgentProtocol, FlawDefinition } from "../types.js";
import { isObject } from "../json.js";
import { getMethod, is, paramsOf } from "./rpc-call.js";

// Flaws in how request parameters are read: the spec's names refused, required members made up.

const BOTH: AgentProtocol[] = ["0.3", "1.0"];

export const PARAMS_FLAWS: FlawDefinition[] = [
  {
    name: "text-part-needs-type",
    category: "protocol",
    protocols: ["0.3"],
    description:
      "A text part's text is read only under 0.1's type: \"text\": a part with 0.3's kind alone reaches the agent empty (seen at first sight on three servers).",
    expect:
      "lifecycle.text-part-read fails: the agent repeats a code only when its part also carries type; lifecycle.history-content fails too, the message kept as the agent read it (empty)",
    rpc: (call, _res, kit) => {
      if (!is(call, kit, "send") && call.method !== kit.streamMethod) return false;
      const message = paramsOf(call).message;
      if (!isObject(message) || !Array.isArray(message.parts)) return false;
      message.parts = message.parts.map((part: unknown) => {
        if (!isObject(part) || part.kind !== "text") return part;
        const { type, ...rest } = part;
        return type === "text" ? rest : { ...rest, text: "" };
      });
      return false;
    },
  },
  {
    name: "task-id-param-renamed",
    category: "protocol",
    protocols: ["0.3"],
    description:
      "tasks/get, tasks/cancel and tasks/resubscribe want the task's id as `taskId`: the spec's {id} is refused -32602 (as the Inference Gateway ADK 0.16 does).",
    expect:
      "the checks of each refused call fail (lifecycle.get-task first); lifecycle.send-returns-task passes, since its Task came back, and the checks that need the task read back skip",
    rpc: (call, res) => {
      if (!["tasks/get", "tasks/cancel", "tasks/resubscribe"].includes(call.method)) return false;
      const params = paramsOf(call);
      if (typeof params.taskId === "string" && params.taskId !== "") {
        params.id = params.taskId;
        return false;
      }
      sendRpcError(res, call.id, { code: -32602, message: "invalid params: taskId is required" });
      return true;
    },
  },
  {
    name: "message-id-invented",
    category: "protocol",
    protocols: BOTH,
    description:
      "A send whose message has no messageId is accepted: the agent makes one up (as the Inference Gateway ADK 0.16 does).",
    expect: "errors.invalid-params fails: a missing required field is -32602",
    rpc: (call, _res, kit) => {
      if (!is(call, kit, "send") && call.method !== kit.streamMethod) return false;
      const message = paramsOf(call).message;
      if (isObject(message) && !("messageId" in message)) message.messageId = randomUUID();
      return false;
    },
  },
  {
    name: "list-tasks-status-ignored",
    category: "protocol",
    protocols: ["1.0"],
    description:
      "ListTasks ignores its status filter: every task of the context comes back, whatever its state.",
    expect: "lifecycle.list-tasks-filters fails",
    rpc: (call, _res, kit) => {
      if (is(call, kit, "list")) delete paramsOf(call).status;
      return false;
    },
  },
  {
    name: "get-without-params-crashes",
    category: "protocol",
    protocols: BOTH,
    description:
      "A get whose request has no params member crashes the handler: -32603 Internal error instead of -32602 (seen at first sight).",
    expect: "errors.invalid-params fails: -32603 for a get with no params",
    rpc: (call, res, kit) => {
      if (call.method !== getMethod(kit) || call.params !== undefined) return false;
      sendRpcError(res, call.id, {
        code: -32603,
        message: "Cannot read properties of undefined (reading 'id')",
      });
      return true;
    },
  },
];
