import type { MethodDefinition } from "@grpc/grpc-js";
// a2a-sdk 0.3 exports the proto's binary codecs only inside its grpc-js service definition, and no
// ProtoJSON conversion; the few request shapes Plainwright sends are built here, responses read generically.
import { A2AService } from "a2a-sdk-v03/server/grpc";
import { changeStrings, type RpcCodec, type ServiceCodecs } from "./codec.js";
import { type JsonObject, isObject } from "../../model/json.js";

const TASK_STATES = [
  "TASK_STATE_UNSPECIFIED",
  "TASK_STATE_SUBMITTED",
  "TASK_STATE_WORKING",
  "TASK_STATE_COMPLETED",
  "TASK_STATE_FAILED",
  "TASK_STATE_CANCELLED",
  "TASK_STATE_INPUT_REQUIRED",
  "TASK_STATE_REJECTED",
  "TASK_STATE_AUTH_REQUIRED",
];
const ROLES = ["ROLE_UNSPECIFIED", "ROLE_USER", "ROLE_AGENT"];
// Fields whose proto json_name differs from the generated field name (a2a.proto v0.3).
const JSON_NAMES: Record<string, string> = { request: "message", msg: "message", update: "message" };
// google.protobuf.Struct values are already JSON.
const STRUCT_FIELDS = new Set(["metadata", "data", "header", "params"]);

const str = (v: unknown): string => (typeof v === "string" ? v : "");

function enumName(names: string[], value: unknown): unknown {
  return typeof value === "number" ? (names[value] ?? value) : value;
}

/** A decoded 0.3 message (ts-proto shape: `$case` oneofs, numeric enums, Buffers) as ProtoJSON. */
export function protoJsonOf(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  if (Array.isArray(value)) return value.map(protoJsonOf);
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined || field === "") continue;
    if (isObject(field) && typeof field.$case === "string") {
      // A oneof: ProtoJSON puts the chosen member directly on the parent.
      out[JSON_NAMES[field.$case] ?? field.$case] = protoJsonOf(field.value);
    } else if (key === "state") out.state = enumName(TASK_STATES, field);
    else if (key === "role") out.role = enumName(ROLES, field);
    else out[JSON_NAMES[key] ?? key] = STRUCT_FIELDS.has(key) ? field : protoJsonOf(field);
  }
  return out;
}

/** One ProtoJSON part (`{text}`, `{file: {fileWithBytes|fileWithUri, mimeType}}`, `{data: {data}}`) in ts-proto shape. */
function partOf(p: unknown): JsonObject {
  if (!isObject(p)) return { part: { $case: "text", value: "" } };
  if (isObject(p.file)) {
    const f = p.file;
    const file =
      typeof f.fileWithBytes === "string"
        ? { $case: "fileWithBytes", value: Buffer.from(f.fileWithBytes, "base64") }
        : { $case: "fileWithUri", value: str(f.fileWithUri) };
    return { part: { $case: "file", value: { file, mimeType: str(f.mimeType) } } };
  }
  if (isObject(p.data))
    return { part: { $case: "data", value: { data: isObject(p.data.data) ? p.data.data : {} } } };
  return { part: { $case: "text", value: str(p.text) } };
}

function messageOf(json: unknown): JsonObject {
  const m = isObject(json) ? json : {};
  const parts = Array.isArray(m.content) ? m.content : [];
  return {
    messageId: str(m.messageId),
    contextId: str(m.contextId),
    taskId: str(m.taskId),
    role: Math.max(0, ROLES.indexOf(str(m.role))),
    content: parts.map(partOf),
    metadata: isObject(m.metadata) ? m.metadata : undefined,
    extensions: [],
  };
}

function sendRequestOf(json: JsonObject): JsonObject {
  const c = isObject(json.configuration) ? json.configuration : undefined;
  const configuration = c && {
    acceptedOutputModes: Array.isArray(c.acceptedOutputModes) ? c.acceptedOutputModes : [],
    pushNotification: undefined,
    historyLength: typeof c.historyLength === "number" ? c.historyLength : 0,
    blocking: c.blocking === true,
  };
  // A request with no message leaves the field out, as a client that forgot it would (an empty Message is
  // another malformed request).
  const request = json.message === undefined ? undefined : messageOf(json.message);
  return { request, configuration, metadata: undefined };
}

function pushConfigRequestOf(json: JsonObject): JsonObject {
  const config = isObject(json.config) ? json.config : {};
  const push = isObject(config.pushNotificationConfig) ? config.pushNotificationConfig : {};
  const auth = isObject(push.authentication) ? push.authentication : undefined;
  return {
    parent: str(json.parent),
    configId: str(json.configId),
    config: {
      name: str(config.name),
      pushNotificationConfig: {
        id: str(push.id),
        url: str(push.url),
        token: str(push.token),
        authentication: auth && {
          schemes: Array.isArray(auth.schemes) ? auth.schemes : [],
          credentials: str(auth.credentials),
        },
      },
    },
  };
}

type ToProto = (json: JsonObject) => JsonObject;

const byName: ToProto = (json) => ({ name: str(json.name) });

function codec(method: MethodDefinition<unknown, unknown>, toProto: ToProto): RpcCodec {
  return {
    path: method.path,
    streaming: method.responseStream,
    encode: (json) => ({ bytes: method.requestSerialize(toProto(json)), json }),
    decode: (bytes) => protoJsonOf(method.responseDeserialize(bytes)),
    readRequest: (bytes) => protoJsonOf(method.requestDeserialize(bytes)),
    rewriteResponse: (bytes, change) =>
      method.responseSerialize(changeStrings(method.responseDeserialize(bytes), change)),
  };
}

const s = A2AService as unknown as Record<string, MethodDefinition<unknown, unknown>>;
const m = (name: string): MethodDefinition<unknown, unknown> => {
  const method = s[name];
  if (!method) throw new Error(`a2a-sdk 0.3 has no gRPC method ${name}`);
  return method;
};

/** A2A 0.3: `a2a.v1.A2AService`, compound resource names (`tasks/{id}`), no ListTasks. */
export const codecsV03: ServiceCodecs = {
  send: codec(m("sendMessage"), sendRequestOf),
  stream: codec(m("sendStreamingMessage"), sendRequestOf),
  get: codec(m("getTask"), (json) => ({
    name: str(json.name),
    historyLength: typeof json.historyLength === "number" ? json.historyLength : 0,
  })),
  cancel: codec(m("cancelTask"), byName),
  subscribe: codec(m("taskSubscription"), byName),
  pushSet: codec(m("createTaskPushNotificationConfig"), pushConfigRequestOf),
  pushGet: codec(m("getTaskPushNotificationConfig"), byName),
  pushList: codec(m("listTaskPushNotificationConfig"), (json) => ({
    parent: str(json.parent),
    pageSize: 0,
    pageToken: "",
  })),
  pushDelete: codec(m("deleteTaskPushNotificationConfig"), byName),
  card: codec(m("getAgentCard"), () => ({})),
};
