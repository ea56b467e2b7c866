import {
  PushNotificationNotSupportedError,
  UnsupportedOperationError,
  VersionNotSupportedError,
  toJsonRpcError,
} from "@a2a-js/sdk/errors";
import { NOT_A_REQUEST_OBJECT, RPC, sendRpcError } from "../http/jsonrpc-front.js";
import type { AgentProtocol, FlawDefinition, JsonObject } from "../types.js";
import { getMethod, paramsOf } from "./rpc-call.js";
import { isObject } from "../json.js";

const BOTH: AgentProtocol[] = ["0.3", "1.0"];

const wedgedTasks = new Set<string>();

/** The send params every version defines (flaws unknown-fields-refused and rest-unknown-fields-refused refuse any other). */
export const KNOWN_SEND_PARAMS = new Set(["message", "configuration", "metadata", "tenant"]);

/** The JSON-RPC error code of a reply body, if it is an error. */
const errorCode = (body: JsonObject): number | undefined =>
  isObject(body.error) && typeof body.error.code === "number" ? body.error.code : undefined;

/** A card that claims neither streaming nor push notifications, whatever else it says. */
function withoutStreamingOrPush(card: JsonObject): JsonObject {
  const capabilities = isObject(card.capabilities) ? card.capabilities : {};
  return { ...card, capabilities: { ...capabilities, streaming: false, pushNotifications: false } };
}

/** JSON-RPC error-handling flaws: wrong codes, broken envelopes, a bad request that wedges a task. */
export const ERROR_FLAWS: FlawDefinition[] = [
  {
    name: "capabilities-half-enforced",
    category: "protocol",
    protocols: ["1.0"],
    description:
      "The card claims neither streaming nor push; SendStreamingMessage and CreateTaskPushNotificationConfig are refused as the spec says, but SubscribeToTask and the other push config operations are still served.",
    expect:
      "errors.capability-errors fails: SubscribeToTask must answer UnsupportedOperation, Get, List and Delete of push configs PushNotificationNotSupported",
    mutateCard: withoutStreamingOrPush,
    rpc: (call, res) => {
      // The refusals it does send are whole, ErrorInfo included (1.0.1 §9.5): only their absence is the flaw.
      if (call.method === "SendStreamingMessage") {
        sendRpcError(
          res,
          call.id,
          toJsonRpcError(new UnsupportedOperationError("Streaming is not supported")),
        );
        return true;
      }
      if (call.method === "CreateTaskPushNotificationConfig") {
        const refusal = new PushNotificationNotSupportedError("Push notifications are not supported");
        sendRpcError(res, call.id, toJsonRpcError(refusal));
        return true;
      }
      return false;
    },
  },
  {
    name: "invalid-request-wrong-code",
    category: "protocol",
    protocols: BOTH,
    description:
      "Bodies that are not JSON-RPC requests get -32602 instead of -32600 (the SDK's own old bug).",
    expect: "errors.invalid-request fails: -32602 instead of -32600",
    rpcReply: (body) =>
      errorCode(body) === RPC.invalidRequest
        ? { ...body, error: { ...(body.error as JsonObject), code: RPC.invalidParams } }
        : body,
  },
  {
    name: "content-type-wrong-code",
    category: "protocol",
    protocols: BOTH,
    description:
      "A message with a file part of a type other than text is refused with -32603 (internal error), not -32005.",
    expect: "errors.content-type-not-supported fails (ContentTypeNotSupported is the error for it)",
    rpc: (call, res, kit) => {
      if (call.method !== kit.sendMethod) return false;
      const message = paramsOf(call).message;
      const parts = isObject(message) && Array.isArray(message.parts) ? (message.parts as unknown[]) : [];
      const typed = parts.some((p) => {
        if (!isObject(p)) return false;
        const file = isObject(p.file) ? p.file : p;
        const type = file.mimeType ?? file.mediaType;
        return typeof type === "string" && !type.startsWith("text/");
      });
      if (!typed) return false;
      sendRpcError(res, call.id, {
        code: -32603,
        message: "Internal error: cannot read this part",
      });
      return true;
    },
  },
  {
    name: "reply-without-content-type",
    category: "protocol",
    protocols: ["0.3"],
    description: "JSON-RPC replies are written without a Content-Type header.",
    expect: "lifecycle.wire-format-0x fails (0.x: JSON-RPC replies MUST be application/json)",
    rpc: (_call, res) => {
      res.json = (body: unknown) => {
        res.removeHeader("content-type");
        res.end(JSON.stringify(body));
        return res;
      };
      return false;
    },
  },
  {
    name: "jsonrpc-error-without-info",
    category: "protocol",
    protocols: ["1.0"],
    description:
      "JSON-RPC errors carry details of the agent's own type only: TaskNotFound comes without its google.rpc.ErrorInfo.",
    expect: "errors.error-info-jsonrpc fails (a SHOULD of 1.0.1 §9.5)",
    rpcReply: (body) => {
      if (!isObject(body.error)) return body;
      const data = [{ "@type": "type.example.com/acme.ErrorContext", detail: "see the message" }];
      return { ...body, error: { ...body.error, data } };
    },
  },
  {
    name: "parse-error-as-invalid-request",
    category: "protocol",
    protocols: BOTH,
    description: "A body that is not JSON gets -32600 (Invalid Request) instead of -32700 (Parse error).",
    expect: "errors.parse-error fails: -32600 instead of -32700",
    rpcReply: (body) =>
      errorCode(body) === RPC.parseError
        ? { ...body, error: { ...(body.error as JsonObject), code: RPC.invalidRequest } }
        : body,
  },
  {
    name: "notification-answered",
    category: "protocol",
    protocols: BOTH,
    description:
      'A request without an "id" (a JSON-RPC notification) is carried out and answered, as most SDKs do: a GetTask of an unknown task gets TaskNotFound.',
    expect: "errors.notification-unanswered fails (JSON-RPC 2.0 §4.1: no reply to a notification)",
    answersNotifications: true,
  },
  {
    name: "null-body-server-error",
    category: "protocol",
    protocols: BOTH,
    description:
      "Valid JSON that is no object (the literal null) crashes the handler: HTTP 500 with -32603, not -32600.",
    expect: "errors.invalid-request fails: the literal null is answered HTTP 500 with -32603",
    rpcReply: (body, res) => {
      if (!isObject(body.error) || body.error.message !== NOT_A_REQUEST_OBJECT) return body;
      res.status(500);
      return {
        ...body,
        error: { code: -32603, message: "Cannot read properties of null (reading 'method')" },
      };
    },
  },
  {
    name: "null-body-parse-error",
    category: "protocol",
    protocols: BOTH,
    description:
      "Valid JSON that is no object (the literal null) is refused as unparsable, -32700, as a JSON reader of RFC 4627 does.",
    expect:
      "allowed (RFC 4627 §2, cited by JSON-RPC 2.0, made a JSON text an object or an array): errors.invalid-request passes",
    allowed: true,
    rpcReply: (body) =>
      isObject(body.error) && body.error.message === NOT_A_REQUEST_OBJECT
        ? { ...body, error: { ...body.error, code: RPC.parseError } }
        : body,
  },
  {
    name: "parse-error-http-400",
    category: "protocol",
    protocols: BOTH,
    description: "A body that is not JSON gets its -32700 error with HTTP 400 instead of 200.",
    expect:
      "allowed (A2A 0.3 §8.1, 1.0.1 §9.5 leave the HTTP status of a JSON-RPC error open): errors.http-status is a not-supported note",
    allowed: true,
    rpcReply: (body, res) => {
      if (errorCode(body) === RPC.parseError) res.status(400);
      return body;
    },
  },
  {
    name: "invalid-params-wrong-code",
    category: "protocol",
    protocols: BOTH,
    description:
      "A send whose message is not an object crashes the handler: -32603 Internal error instead of -32602.",
    expect: "errors.invalid-params fails: -32603 instead of -32602",
    rpc: (call, res, kit) => {
      if (call.method !== kit.sendMethod && call.method !== kit.streamMethod) return false;
      if (isObject(paramsOf(call).message)) return false;
      sendRpcError(res, call.id, {
        code: -32603,
        message: "Cannot read properties of undefined (reading 'parts')",
      });
      return true;
    },
  },
  {
    name: "error-id-missing",
    category: "protocol",
    protocols: BOTH,
    description: "Error replies drop the id when the request id is a number (string ids are echoed).",
    expect: "errors.error-envelope fails: the reply has no id",
    rpcReply: (body) => {
      if (errorCode(body) === undefined || typeof body.id !== "number") return body;
      const { id: _dropped, ...rest } = body;
      return rest;
    },
  },
  {
    name: "bad-request-wedges-task",
    category: "protocol",
    protocols: BOTH,
    description:
      "A tasks/get with a non-integer historyLength crashes while holding the task's lock: every later call on that task gets -32603.",
    expect: "errors.server-survives fails: the task cannot be read after the bad request",
    rpc: (call, res, kit) => {
      const params = paramsOf(call);
      const id = typeof params.id === "string" ? params.id : undefined;
      if (id === undefined) return false;
      if (wedgedTasks.has(id)) {
        sendRpcError(res, call.id, { code: -32603, message: `Task ${id} is locked by a failed request.` });
        return true;
      }
      if (call.method !== getMethod(kit) || params.historyLength === undefined) return false;
      if (Number.isInteger(params.historyLength)) return false;
      wedgedTasks.add(id);
      sendRpcError(res, call.id, { code: RPC.invalidParams, message: "historyLength must be an integer." });
      return true;
    },
  },
  {
    name: "extended-card-wrong-error",
    category: "protocol",
    protocols: ["1.0"],
    description:
      "GetExtendedAgentCard answers ExtendedAgentCardNotConfigured (-32007) though the card does not claim an extended card (UnsupportedOperation is due).",
    expect: "errors.capability-errors fails",
    rpc: (call, res) => {
      if (call.method !== "GetExtendedAgentCard") return false;
      sendRpcError(res, call.id, { code: -32007, message: "The extended agent card is not configured." });
      return true;
    },
  },
  {
    name: "version-header-ignored",
    category: "protocol",
    protocols: ["1.0"],
    description: "The JSON-RPC interface ignores the A2A-Version header and serves any version as 1.0.",
    expect: "errors.version-not-supported fails",
    rpc: (_call, res) => {
      if (res.req.header("a2a-version") !== undefined) res.req.headers["a2a-version"] = "1.0";
      return false;
    },
  },
  {
    name: "version-1-0-refused-yet-served",
    category: "protocol",
    protocols: ["1.0"],
    description:
      "The JSON-RPC interface refuses A2A-Version: 1.0 with VersionNotSupported (-32009), yet serves 1.0's methods to a request without the header.",
    expect: "errors.version-served fails",
    rpc: (call, res) => {
      const version = res.req.header("a2a-version");
      if (version === "1.0") {
        sendRpcError(
          res,
          call.id,
          toJsonRpcError(new VersionNotSupportedError("Protocol version not supported")),
        );
        return true;
      }
      if (version === undefined) res.req.headers["a2a-version"] = "1.0";
      return false;
    },
  },
  {
    name: "empty-version-served-as-1-0",
    category: "protocol",
    protocols: ["1.0"],
    description:
      "The JSON-RPC interface serves a request without an A2A-Version (empty or absent) as 1.0 instead of reading it as 0.3 and refusing it.",
    expect: "errors.empty-version-is-0-3 fails",
    rpc: (_call, res) => {
      if (res.req.header("a2a-version") === undefined) res.req.headers["a2a-version"] = "1.0";
      return false;
    },
  },
  {
    name: "unknown-fields-refused",
    category: "protocol",
    protocols: BOTH,
    description: "message/send (SendMessage) refuses params with a field it does not know (-32602).",
    expect: "lifecycle.unknown-fields-ignored fails",
    rpc: (call, res, kit) => {
      if (call.method !== kit.sendMethod) return false;
      const unknown = Object.keys(paramsOf(call)).filter((k) => !KNOWN_SEND_PARAMS.has(k));
      if (unknown.length === 0) return false;
      sendRpcError(res, call.id, {
        code: RPC.invalidParams,
        message: `Unknown field: ${unknown.join(", ")}`,
      });
      return true;
    },
  },
  {
    name: "required-extension-ignored",
    category: "protocol",
    protocols: BOTH,
    description:
      "The card marks an extension required, but requests that do not activate it are served (no ExtensionSupportRequiredError).",
    expect: "errors.required-extension fails (errors.required-extension-0x in 0.3)",
    requiredExtension: { enforce: false },
  },
];
