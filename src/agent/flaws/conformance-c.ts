import { sendRpcError } from "../http/jsonrpc-front.js";
import type { AgentProtocol, FlawDefinition, RpcHook } from "../types.js";

const BOTH: AgentProtocol[] = ["0.3", "1.0"];
const V10: AgentProtocol[] = ["1.0"];

const PUSH_GET = new Set(["tasks/pushNotificationConfig/get", "GetTaskPushNotificationConfig"]);

// 0.3 push get names the task `id`, 1.0 `taskId` (digest §2.2).
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

/** Flaws that fail conformance checks of batch C: card extras, auth, push, multi-transport. */
export const CONFORMANCE_C_FLAWS: FlawDefinition[] = [
  {
    name: "card-no-cache-headers",
    category: "card",
    protocols: V10,
    description: "The card is served without Cache-Control and ETag.",
    expect: "card.cache-headers fails (A2A 1.0 §8.6 SHOULD)",
    cardResponder: (location, _req, res, ctx) => {
      if (location !== "agent-card.json") return false;
      // res.end, not res.send: Express would add a weak ETag of its own.
      res.status(200).type("application/json").end(ctx.body);
      return true;
    },
  },
  {
    name: "auth-not-enforced",
    category: "protocol",
    protocols: BOTH,
    description: "The card requires a bearer token, but every task endpoint accepts requests without one.",
    expect:
      "auth.missing-credential-refused, auth.wrong-credential-refused and card.security-consistent fail",
    auth: { enforce: false },
  },
  {
    name: "auth-any-token",
    category: "protocol",
    protocols: BOTH,
    description: "Task endpoints refuse a missing bearer token but accept any token at all.",
    expect: "auth.wrong-credential-refused fails",
    auth: { checkToken: false },
  },
  {
    name: "auth-no-challenge",
    category: "protocol",
    protocols: BOTH,
    description: "Requests without the bearer token get 401 with no WWW-Authenticate header.",
    expect: "auth.challenge fails",
    auth: { challenge: false },
  },
  {
    name: "card-behind-auth",
    category: "card",
    protocols: BOTH,
    description: "The agent card itself requires the bearer token (401 without it).",
    expect: "card.public fails",
    auth: { protectCard: true },
  },
  {
    name: "auth-undeclared",
    category: "protocol",
    protocols: BOTH,
    description: "Task endpoints require a bearer token that the card does not declare.",
    expect: "card.security-consistent fails",
    auth: { declare: false },
  },
  {
    name: "push-config-not-stored",
    category: "protocol",
    protocols: BOTH,
    description: "Setting a push notification config succeeds, but it is never stored (get says not found).",
    expect: "push.config-crud and push.delivery fail",
    push: "config-not-stored",
  },
  {
    name: "push-no-delivery",
    category: "protocol",
    protocols: BOTH,
    description: "Push notification configs are stored, but the webhook is never called.",
    expect: "push.delivery fails",
    push: "no-delivery",
  },
  {
    name: "push-wrong-token",
    category: "protocol",
    protocols: BOTH,
    description: "The webhook is called with the wrong token and Authorization credentials.",
    expect: "push.delivery fails",
    push: "wrong-credentials",
  },
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
