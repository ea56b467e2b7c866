import { isObject } from "../exchange.js";
import type { BufferedReply, Exchange, GrpcError, Json, Mutation, MutationHooks } from "../types.js";
import {
  a2aErrorReply,
  EXTENSION_SUPPORT_REQUIRED,
  grpcA2aError,
  headerValue,
  mark,
  marked,
  PUSH_NOT_SUPPORTED,
  withCapability,
} from "./answers.js";
import { pushOperation, rpcError, UNSUPPORTED_OPERATION } from "./shapes.js";

// Refusals a card makes necessary: push methods of an agent that claims no push, and messages that do not
// activate an extension the card marks required. The agent behind the proxy claims neither, so the proxy
// plays the correct agent (its `correct` twin) and the deviation departs from it.

const ALL = ["JSONRPC", "HTTP+JSON", "GRPC"] as const;

/** The card claiming no push notifications. */
const denyPush = (card: Json) => withCapability(card, "pushNotifications", false);

const NO_PUSH = "push notifications are not supported";

/** An agent without push: every push-config method answered PushNotificationNotSupported (0.3 §8.2, 1.0.1 §3.3.4). */
const refusesPush: MutationHooks = {
  card: denyPush,
  reply: (r, x) => (x.verb === "push" ? a2aErrorReply(r, x, PUSH_NOT_SUPPORTED, NO_PUSH) : undefined),
  grpcReply: (_r, x) =>
    x.verb === "push" ? { error: grpcA2aError(PUSH_NOT_SUPPORTED, NO_PUSH) } : undefined,
};

// An extension URI of our own, which no agent implements: only the proxy knows it is required.
const EXTENSION = "https://plainwright.dev/extensions/mutation-lab-terms/v1";
const NOT_ACTIVATED = "extension-not-activated";
const REQUIRED_MESSAGE = `this agent requires the extension ${EXTENSION}: activate it with the A2A-Extensions header`;

/** The card marking the extension required (capabilities.extensions, the same shape in 0.3 and 1.0). */
function requireExtension(card: Json): Json | undefined {
  const caps: Json = isObject(card.capabilities) ? card.capabilities : {};
  const declared = Array.isArray(caps.extensions) ? (caps.extensions as unknown[]) : [];
  if (declared.some((e) => isObject(e) && e.uri === EXTENSION)) return undefined;
  const extension = { uri: EXTENSION, description: "Every message accepts the lab's terms.", required: true };
  caps.extensions = [...declared, extension];
  card.capabilities = caps;
  return card;
}

/** Whether a request activates the extension: 1.0.1 §3.2.6 A2A-Extensions, 0.3's X-A2A-Extensions. */
function activates(headers: Record<string, string | string[] | Buffer>): boolean {
  return ["a2a-extensions", "x-a2a-extensions"].some((name) =>
    (headerValue(headers, name) ?? "").split(",").some((uri) => uri.trim() === EXTENSION),
  );
}

/** How a refusal is spelt on each binding. */
interface Refusal {
  reply(r: BufferedReply, x: Exchange): BufferedReply;
  grpc: GrpcError;
}

const extensionRequired: Refusal = {
  reply: (r, x) => a2aErrorReply(r, x, EXTENSION_SUPPORT_REQUIRED, REQUIRED_MESSAGE),
  grpc: grpcA2aError(EXTENSION_SUPPORT_REQUIRED, REQUIRED_MESSAGE),
};

// JSON-RPC InvalidRequest (JSON-RPC 2.0 §5.1); HTTP 400 and gRPC INVALID_ARGUMENT without an ErrorInfo.
const GRPC_INVALID_ARGUMENT = 3;
const invalidRequest: Refusal = {
  reply: (r, x) => {
    if (x.binding !== "jsonrpc")
      return {
        ...r,
        status: 400,
        contentType: "application/json",
        body: { error: { code: 400, status: "INVALID_ARGUMENT", message: REQUIRED_MESSAGE } },
      };
    const id = isObject(x.request) ? (x.request.id ?? null) : null;
    const body = { jsonrpc: "2.0", id, error: { code: -32600, message: REQUIRED_MESSAGE } };
    return { ...r, status: 200, contentType: "application/json", body };
  },
  grpc: { code: GRPC_INVALID_ARGUMENT, details: REQUIRED_MESSAGE, metadata: {} },
};

/**
 * The agent that requires the extension: a message that does not activate it is refused (buffered sends
 * only: the reply hook never sees a stream, and the run's own client activates the extension on every
 * request).
 */
function refusesUnactivated(refusal: Refusal): MutationHooks {
  return {
    card: requireExtension,
    request: (r, x) => {
      if (x.verb === "send" && !activates(r.headers)) mark(x, NOT_ACTIVATED);
      return undefined;
    },
    reply: (r, x) => (marked(x, NOT_ACTIVATED) ? refusal.reply(r, x) : undefined),
    grpcRequest: (call, x) => {
      if (x.verb === "send" && !activates(call.metadata)) mark(x, NOT_ACTIVATED);
      return undefined;
    },
    grpcReply: (_r, x) => (marked(x, NOT_ACTIVATED) ? { error: refusal.grpc } : undefined),
  };
}

const requiresExtension = refusesUnactivated(extensionRequired);

/**
 * Creating a push config refused with PushNotificationNotSupported, as the card's lack of push calls for, while
 * the JSON-RPC list method is answered with `answer` (a result or an error member) instead.
 */
function listAnsweredDespiteRefusal(answer: Record<string, Json>): MutationHooks["reply"] {
  return (r, x) => {
    const operation = pushOperation(x);
    if (operation === "create") return a2aErrorReply(r, x, PUSH_NOT_SUPPORTED, NO_PUSH);
    if (operation !== "list") return undefined;
    const id = isObject(x.request) && "id" in x.request ? x.request.id : null;
    return { ...r, status: 200, contentType: "application/json", body: { jsonrpc: "2.0", id, ...answer } };
  };
}

/** Deviations in the refusals a card's declarations call for (A2A 1.0.1 §3.3.4; 0.3 §8.2). */
export const declaredRefusalMutations: Mutation[] = [
  {
    id: "push-unclaimed-served",
    what: "the card says pushNotifications: false, but tasks/pushNotificationConfig/set is served (or refused with UnsupportedOperation, not PushNotificationNotSupported)",
    clause:
      "A2A 0.3 §8.2 (-32003 PushNotificationNotSupportedError: the client used push features but the agent does not support them, i.e. AgentCard.capabilities.pushNotifications is false)",
    check: { "0.x": "errors.push-not-supported-0x" },
    generations: ["0.x"],
    bindings: ["JSONRPC"],
    card: denyPush,
    // An agent that refuses the push methods as it should by itself gets its refusal respelled.
    reply: (r, x) =>
      x.verb === "push" && rpcError(r)?.code === PUSH_NOT_SUPPORTED.code
        ? a2aErrorReply(r, x, UNSUPPORTED_OPERATION, "this operation is not supported")
        : undefined,
    correct: refusesPush,
  },
  {
    id: "push-unclaimed-list-served",
    violates: ["CORE-CAP-001"],
    what: "the card says pushNotifications: false and creating a push config is refused, but listing a task's push configs is served (an empty list)",
    clause:
      "A2A 1.0.1 §3.3.4: without pushNotifications, push config operations (Create, Get, List, Delete) MUST return PushNotificationNotSupportedError",
    check: { "1.0": "errors.capability-errors" },
    generations: ["1.0"],
    bindings: ["JSONRPC"],
    card: denyPush,
    reply: listAnsweredDespiteRefusal({ result: { configs: [] } }),
    correct: refusesPush,
  },
  {
    id: "push-unclaimed-list-unserved-0x",
    what: "the card says pushNotifications: false and creating a push config is refused with -32003, but listing a task's push configs is not served (-32601 Method not found)",
    clause:
      "A2A 0.3 §8.2 (servers SHOULD use -32003 PushNotificationNotSupportedError when the client uses push features the agent does not support)",
    check: { "0.x": "errors.push-not-supported-0x" },
    generations: ["0.x"],
    // 0.2.0-0.2.4 define no list method, so an unserved list is no deviation on a 0.2 wire.
    protocols: ["0.3"],
    bindings: ["JSONRPC"],
    card: denyPush,
    reply: listAnsweredDespiteRefusal({ error: { code: -32601, message: "Method not found" } }),
    correct: refusesPush,
  },
  {
    id: "required-extension-not-enforced",
    violates: ["CORE-CAP-004"],
    what: "the card marks an extension required, but a message that does not activate it is served",
    clause:
      "A2A 1.0.1 §3.3.4 (a required extension the client does not declare: the agent MUST return ExtensionSupportRequiredError); 0.3 §5.5.2.1 AgentExtension.required, topics/extensions.md (Required Extensions)",
    check: { "0.x": "errors.required-extension-0x", "1.0": "errors.required-extension" },
    bindings: ALL,
    card: requireExtension,
    correct: requiresExtension,
  },
  {
    id: "required-extension-refused-as-invalid-request",
    violates: ["CORE-CAP-004", "JSONRPC-SSE-002"],
    what: "a message that does not activate a required extension is refused as an invalid request, not ExtensionSupportRequired",
    clause:
      "A2A 1.0.1 §3.3.4 (MUST return ExtensionSupportRequiredError), §5.4 (-32008, HTTP 400, gRPC FAILED_PRECONDITION)",
    check: { "1.0": "errors.required-extension" },
    generations: ["1.0"],
    bindings: ALL,
    ...refusesUnactivated(invalidRequest),
    correct: requiresExtension,
  },
];
