import type { MethodDefinition } from "@grpc/grpc-js";
import {
  AgentCard,
  CancelTaskRequest,
  DeleteTaskPushNotificationConfigRequest,
  GetExtendedAgentCardRequest,
  GetTaskPushNotificationConfigRequest,
  GetTaskRequest,
  ListTaskPushNotificationConfigsRequest,
  ListTaskPushNotificationConfigsResponse,
  ListTasksRequest,
  ListTasksResponse,
  SendMessageRequest,
  SendMessageResponse,
  StreamResponse,
  SubscribeToTaskRequest,
  Task,
  TaskPushNotificationConfig,
} from "@a2a-js/sdk";
// The SDK ships the proto's binary codecs only inside its grpc-js service definition; Plainwright uses
// them to encode and decode, and makes every call itself so that it sees each message.
import { A2AService } from "@a2a-js/sdk/server/grpc";
import { changeStrings, type RpcCodec, type ServiceCodecs } from "./codec.js";
import type { JsonObject } from "../../model/json.js";

/** ProtoJSON conversion of one message type (ts-proto's fromJSON/toJSON). */
interface JsonFns<T> {
  fromJSON(object: unknown): T;
  toJSON(message: T): unknown;
}

const EMPTY_JSON: JsonFns<object> = { fromJSON: () => ({}), toJSON: () => ({}) };

function codec<Req, Res>(
  method: MethodDefinition<Req, Res>,
  request: JsonFns<Req>,
  response: JsonFns<Res>,
): RpcCodec {
  return {
    path: method.path,
    streaming: method.responseStream,
    encode(json: JsonObject) {
      const message = request.fromJSON(json);
      return { bytes: method.requestSerialize(message), json: request.toJSON(message) };
    },
    decode: (bytes: Buffer) => response.toJSON(method.responseDeserialize(bytes)),
    readRequest: (bytes: Buffer) => request.toJSON(method.requestDeserialize(bytes)),
    rewriteResponse: (bytes, change) =>
      method.responseSerialize(changeStrings(method.responseDeserialize(bytes), change) as Res),
  };
}

const s = A2AService;

/** A2A 1.0: `lf.a2a.v1.A2AService`, plain ids plus `tenant`, ProtoJSON enums by name. */
export const codecsV10: ServiceCodecs = {
  send: codec(s.sendMessage, SendMessageRequest, SendMessageResponse),
  stream: codec(s.sendStreamingMessage, SendMessageRequest, StreamResponse),
  get: codec(s.getTask, GetTaskRequest, Task),
  list: codec(s.listTasks, ListTasksRequest, ListTasksResponse),
  cancel: codec(s.cancelTask, CancelTaskRequest, Task),
  subscribe: codec(s.subscribeToTask, SubscribeToTaskRequest, StreamResponse),
  pushSet: codec(s.createTaskPushNotificationConfig, TaskPushNotificationConfig, TaskPushNotificationConfig),
  pushGet: codec(
    s.getTaskPushNotificationConfig,
    GetTaskPushNotificationConfigRequest,
    TaskPushNotificationConfig,
  ),
  pushList: codec(
    s.listTaskPushNotificationConfigs,
    ListTaskPushNotificationConfigsRequest,
    ListTaskPushNotificationConfigsResponse,
  ),
  pushDelete: codec(s.deleteTaskPushNotificationConfig, DeleteTaskPushNotificationConfigRequest, EMPTY_JSON),
  card: codec(s.getExtendedAgentCard, GetExtendedAgentCardRequest, AgentCard),
};
