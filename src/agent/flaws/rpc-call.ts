import type { JsonObject, ProtocolKit, RpcCall } from "../types.js";
import { isObject } from "../json.js";

/** Small readers of JSON-RPC calls shared by the flaws that bend the JSON-RPC front. */
export const paramsOf = (call: RpcCall): JsonObject => (isObject(call.params) ? call.params : {});

/** The get-task method of the agent's protocol. */
export const getMethod = (kit: ProtocolKit): string => (kit.protocol === "1.0" ? "GetTask" : "tasks/get");
