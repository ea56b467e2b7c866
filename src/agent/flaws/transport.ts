import { sendRpcError } from "../http/jsonrpc-front.js";
import type { AgentProtocol, FlawDefinition, RpcHook } from "../types.js";

const BOTH: AgentProtocol[] = ["0.3", "1.0"];

const PUSH_GET = new Set(["tasks/pushNotificationConfig/get", "GetTaskPushNotificationConfig"]);

// The 0.3 push get names the task `id`, the 1.0 one `taskId` (each version's JSON-RPC params).
function pushTaskId(params: unknown): string {
  const p = (params ?? {}) as { id?: unknown; taskId?: unknown };
  const id = p.taskId ?? p.id;
  return typeof id === "string" ? id : "";
}

/** JSON-RPC push get of an unknown task answers InvalidParams while REST and gRPC say TaskNotFound. */
const inconsistentPushErrors: RpcHook = async (call, res, kit) => {
  if (!PUSH_GET.has(call.method)) return false;
  const known = await kit.getTask({ id: pushTaskId(call.params) }).then(
    () => true,
    () => false,
  );
  if (known) return false;
  sendRpcError(res, call.id, { code: -32602, message: "Invalid params: no such push notification config." });
  return true;
};

/** Multi-transport flaws: bindings that do not share tasks or answer the same mistake differently. */
export const TRANSPORT_FLAWS: FlawDefinition[] = [
  {
    name: "separate-task-stores",
    category: "protocol",
    protocols: BOTH,
    description: "The HTTP+JSON binding keeps its own task store, so tasks do not cross bindings.",
    expect: "transport.task-visible-everywhere fails",
    separateRestStore: true,
  },
  {
    name: "inconsistent-push-errors",
    category: "protocol",
    protocols: BOTH,
    description:
      "Over JSON-RPC a push config get for an unknown task answers -32602; other bindings say TaskNotFound.",
    expect: "transport.consistent-errors fails",
    rpc: inconsistentPushErrors,
  },
];
