import type * as grpc from "@grpc/grpc-js";
import { defaultServerCallContextBuilder } from "@a2a-js/sdk/server";
import type { DefaultRequestHandler, ServerCallContextBuilder } from "@a2a-js/sdk/server";
import { A2AService, UserBuilder, grpcService } from "@a2a-js/sdk/server/grpc";
import { withInternalStatus } from "../grpc/server.js";
import type { GrpcBinding } from "../grpc/server.js";
import { normaliseVersion } from "./version.js";

/**
 * The `a2a-version` metadata as Major.Minor before the SDK compares it: SDK 1.3.0 refuses "1.0.0"
 * (A2A 1.0 §3.6 compares Major.Minor only). A missing value stays missing, so the SDK treats it as 0.3
 * and answers VersionNotSupported, as the JSON-RPC binding does.
 */
const versionNormalisingContext: ServerCallContextBuilder = (options) => {
  const raw = options.requestedVersion?.trim();
  const requestedVersion = raw ? normaliseVersion(raw) : undefined;
  return defaultServerCallContextBuilder({ ...options, requestedVersion });
};

/** The A2A 1.0 gRPC service (`lf.a2a.v1.A2AService`) over the handler the HTTP bindings use. */
export function grpcBindingV10(handler: DefaultRequestHandler): GrpcBinding {
  const service = A2AService as unknown as grpc.ServiceDefinition;
  const implementation = grpcService({
    requestHandler: handler,
    userBuilder: UserBuilder.noAuthentication,
    contextBuilder: versionNormalisingContext,
  });
  return { service, implementation: withInternalStatus(service, implementation) };
}
