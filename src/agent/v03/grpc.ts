import type * as grpc from "@grpc/grpc-js";
import type { MessageSendParams, TaskQueryParams } from "a2a-sdk-v03";
import { A2AError } from "a2a-sdk-v03/server";
import type { DefaultRequestHandler, ServerCallContext } from "a2a-sdk-v03/server";
import { A2AService, UserBuilder, grpcService } from "a2a-sdk-v03/server/grpc";
import { withInternalStatus } from "../grpc/server.js";
import type { GrpcBinding } from "../grpc/server.js";

/**
 * The handler as the 0.3 gRPC binding must see it. The 0.3 proto's `history_length` is a plain int32,
 * so 0 is indistinguishable from "not set" (the SDK's own client sends 0 when unset); the JSON bindings'
 * "0 means no history" reading would drop every task's history here. A request without its message is
 * refused as invalid params (INVALID_ARGUMENT): 0.3.14 dereferences it unchecked and fails with INTERNAL.
 */
function grpcView(handler: DefaultRequestHandler): DefaultRequestHandler {
  const getTask = (params: TaskQueryParams, context?: ServerCallContext) =>
    handler.getTask(params.historyLength === 0 ? { ...params, historyLength: undefined } : params, context);
  const requireMessage =
    (send: (params: MessageSendParams, context?: ServerCallContext) => unknown) =>
    (params: MessageSendParams | undefined, context?: ServerCallContext) => {
      if (!params?.message) throw A2AError.invalidParams("request (the message) is required.");
      return send(params, context);
    };
  return new Proxy(handler, {
    get(target, property) {
      if (property === "getTask") return getTask;
      if (property === "sendMessage" || property === "sendMessageStream")
        return requireMessage(
          (Reflect.get(target, property) as (p: MessageSendParams, c?: ServerCallContext) => unknown).bind(
            target,
          ),
        );
      const value: unknown = Reflect.get(target, property);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The A2A 0.3 gRPC service (`a2a.v1.A2AService`) over the handler the HTTP bindings use. */
export function grpcBindingV03(handler: DefaultRequestHandler): GrpcBinding {
  const service = A2AService as unknown as grpc.ServiceDefinition;
  const implementation = grpcService({
    requestHandler: grpcView(handler),
    userBuilder: UserBuilder.noAuthentication,
  });
  return { service, implementation: withInternalStatus(service, implementation) };
}
