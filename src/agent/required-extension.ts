import * as grpc from "@grpc/grpc-js";
import type { RequestHandler } from "express";
import { ExtensionSupportRequiredError, toJsonRpcError, toRestErrorBody } from "@a2a-js/sdk/errors";
import { buildGrpcErrorMetadata } from "@a2a-js/sdk/errors/grpc";
import type { GrpcBinding } from "./grpc/server.js";
import { sendRpcError } from "./http/jsonrpc-front.js";
import type { AgentProtocol, FlawDefinition, JsonObject, RpcHook } from "./types.js";

/** The extension the agent marks `required: true` when asked to (`agent --required-extension`). */
export const REQUIRED_EXTENSION_URI = "urn:plainwright:extension:helpdesk-ticket-terms:v1";

/** The agent's required extension and whether it refuses requests that do not activate it. */
export interface RequiredExtension {
  uri: string;
  enforce: boolean;
}

/** From the agent's option and its flaw (a flaw about the extension implies declaring it); undefined: none. */
export function resolveRequiredExtension(
  option: boolean | undefined,
  flaw?: FlawDefinition,
): RequiredExtension | undefined {
  if (!option && !flaw?.requiredExtension) return undefined;
  return { uri: REQUIRED_EXTENSION_URI, enforce: true, ...flaw?.requiredExtension };
}

/** Adds the extension, marked required, to a spec-JSON card's capabilities (0.3 and 1.0 share the shape). */
export function withRequiredExtension(card: JsonObject, ext: RequiredExtension): JsonObject {
  const capabilities = (card.capabilities ?? {}) as JsonObject;
  const declared: unknown[] = Array.isArray(capabilities.extensions) ? capabilities.extensions : [];
  const extension = {
    uri: ext.uri,
    description: "Every request must accept the helpdesk's ticket terms.",
    required: true,
  };
  return { ...card, capabilities: { ...capabilities, extensions: [...declared, extension] } };
}

// A2A 1.0.1 §3.2.6: the A2A-Extensions service parameter; 0.3 (topics/extensions) X-A2A-Extensions.
const headerName = (protocol: AgentProtocol) => (protocol === "1.0" ? "a2a-extensions" : "x-a2a-extensions");

function activated(value: string | undefined, uri: string): boolean {
  return (value ?? "").split(",").some((item) => item.trim() === uri);
}

function refusal(ext: RequiredExtension): ExtensionSupportRequiredError {
  return new ExtensionSupportRequiredError(
    `This agent requires the extension ${ext.uri}; activate it with the A2A-Extensions header.`,
  );
}

/** The guards of every binding: a request that does not activate the extension is refused. */
export interface ExtensionGuards {
  rpcHook: RpcHook;
  rest: RequestHandler;
  grpc: (binding: GrpcBinding) => GrpcBinding;
}

/** A2A 1.0.1 §3.3.4: a required extension the client did not declare is ExtensionSupportRequiredError. */
export function extensionGuards(ext: RequiredExtension, protocol: AgentProtocol): ExtensionGuards {
  const header = headerName(protocol);
  const error = () => refusal(ext);
  return {
    rpcHook: (call, res) => {
      if (activated(res.req.header(header), ext.uri)) return false;
      sendRpcError(res, call.id, toJsonRpcError(error()));
      return true;
    },
    rest: (req, res, next) => {
      if (activated(req.header(header), ext.uri)) return next();
      // 1.0.1 §5.4: HTTP 400; 1.0 answers google.rpc.Status, the 0.3 JS SDK a bare JSON-RPC error object.
      const rpc = toJsonRpcError(error());
      res.status(400).json(protocol === "1.0" ? toRestErrorBody(error(), 400) : rpc);
    },
    grpc: (binding) => grpcGuard(binding, header, ext, error),
  };
}

type AnyHandler = (call: unknown, callback?: unknown) => unknown;

function grpcGuard(
  binding: GrpcBinding,
  header: string,
  ext: RequiredExtension,
  error: () => ExtensionSupportRequiredError,
): GrpcBinding {
  const implementation: grpc.UntypedServiceImplementation = {};
  for (const [name, method] of Object.entries(binding.service)) {
    const handler = binding.implementation[name] as AnyHandler | undefined;
    if (!handler) continue;
    const guarded: AnyHandler = (call, callback) => {
      const value = (call as { metadata?: grpc.Metadata }).metadata?.get(header)[0];
      if (activated(typeof value === "string" ? value : undefined, ext.uri)) return handler(call, callback);
      // 1.0.1 §5.4: FAILED_PRECONDITION, with the ErrorInfo that names the error.
      const refused = error();
      const status = {
        code: grpc.status.FAILED_PRECONDITION,
        details: refused.message,
        metadata: buildGrpcErrorMetadata(grpc.Metadata, refused) ?? new grpc.Metadata(),
      };
      if (method.responseStream) (call as grpc.ServerWritableStream<unknown, unknown>).emit("error", status);
      else (callback as grpc.sendUnaryData<unknown>)(status, null);
      return undefined;
    };
    implementation[name] = guarded as grpc.UntypedHandleCall;
  }
  return { service: binding.service, implementation };
}
