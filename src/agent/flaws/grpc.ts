import * as grpc from "@grpc/grpc-js";
import type { GrpcBinding } from "../grpc/server.js";
import type { AgentProtocol, FlawDefinition } from "../types.js";

const BOTH: AgentProtocol[] = ["0.3", "1.0"];

type AnyHandler = (call: unknown, callback?: unknown) => unknown;

/** Replaces the SendMessage handler; every other RPC is served as before. */
function withSend(binding: GrpcBinding, wrap: (handler: AnyHandler) => AnyHandler): GrpcBinding {
  const implementation = { ...binding.implementation };
  const name = Object.keys(binding.service).find((key) =>
    binding.service[key]?.path.endsWith("/SendMessage"),
  );
  const send = name ? (implementation[name] as AnyHandler | undefined) : undefined;
  if (name && send) implementation[name] = wrap(send) as grpc.UntypedHandleCall;
  return { service: binding.service, implementation };
}

/** Flaws of the gRPC binding only. */
export const GRPC_FLAWS: FlawDefinition[] = [
  {
    name: "grpc-invalid-input-internal",
    category: "protocol",
    protocols: BOTH,
    description:
      "gRPC SendMessage without a message, or with one lacking its messageId, fails with INTERNAL instead of INVALID_ARGUMENT.",
    expect: "errors.grpc-invalid-input fails",
    grpc: (binding) =>
      withSend(binding, (handler) => (call, callback) => {
        type Sent = { message?: { messageId?: string }; request?: { messageId?: string } };
        const request = (call as { request?: Sent }).request;
        if ((request?.message ?? request?.request)?.messageId) return handler(call, callback);
        const status = {
          code: grpc.status.INTERNAL,
          details: "Cannot read properties of undefined (reading 'parts')",
        };
        (callback as grpc.sendUnaryData<unknown>)(status, null);
        return undefined;
      }),
  },
];
