import { isObject } from "../exchange.js";
import type { BufferedReply, Exchange, Mutation } from "../types.js";
import { pushOperation, rpcParams } from "./shapes.js";

// Deviations in which ids a push config request must name: forms the 0.x spec leaves optional, refused.

/**
 * Why a 0.x JSON-RPC push request leaves out an id the agent insists on: a set whose config has no id, or a
 * get naming the task alone. Undefined for any other request.
 */
function missingId(x: Exchange): string | undefined {
  const params = rpcParams(x);
  if (x.binding !== "jsonrpc" || x.generation !== "0.x" || !params) return undefined;
  const operation = pushOperation(x);
  const config = params.pushNotificationConfig;
  if (operation === "create" && isObject(config) && !config.id)
    return "pushNotificationConfig.id is required";
  if (operation === "get" && !params.pushNotificationConfigId) return "pushNotificationConfigId is required";
  return undefined;
}

/** The agent's reply replaced by -32602 Invalid params, as an agent with its own stricter schema answers. */
function invalidParams(r: BufferedReply, x: Exchange, message: string): BufferedReply {
  const id = isObject(x.request) ? x.request.id : null;
  return {
    ...r,
    status: 200,
    body: { jsonrpc: "2.0", id, error: { code: -32602, message: `Invalid params: ${message}` } },
  };
}

/** Deviations in the ids of push config requests. */
export const pushIdMutations: Mutation[] = [
  {
    id: "push-config-ids-required",
    what: "tasks/pushNotificationConfig/set without a config id, and tasks/pushNotificationConfig/get with the task's id alone, are refused -32602 (seen at first sight: tangle-network/agent-gateway)",
    clause:
      "A2A 0.2.5 §6.8 (PushNotificationConfig.id optional), §7.6.1 (pushNotificationConfigId optional: one of the task's configs is returned); 0.3.0 §6.8, §7.6, §7.6.1",
    check: { "0.x": "push.config-id-optional-0x" },
    generations: ["0.x"],
    bindings: ["JSONRPC"],
    reply: (r, x) => {
      const missing = missingId(x);
      return missing ? invalidParams(r, x, missing) : undefined;
    },
  },
];
