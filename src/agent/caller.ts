import { AsyncLocalStorage } from "node:async_hooks";
import type * as grpc from "@grpc/grpc-js";
import type { RequestHandler } from "express";
import type { GrpcBinding } from "./grpc/server.js";

/**
 * Who is calling, for the whole of one request on any binding (the SDK runs the executor and the task
 * store inside it). A caller is named by its credentials: the Authorization header (gRPC metadata), else
 * an API key header, else "anonymous".
 */
const store = new AsyncLocalStorage<string>();

type HeaderValue = string | string[] | Buffer | undefined;

export function callerOf(headers: Record<string, HeaderValue>): string {
  const pick = (name: string) => {
    const value = headers[name];
    const first = Array.isArray(value) ? value[0] : value;
    return typeof first === "string" ? first : undefined;
  };
  return pick("authorization") ?? pick("x-api-key") ?? "anonymous";
}

/** Middleware that makes `currentCaller()` answer for the rest of the request. */
export const rememberCaller: RequestHandler = (req, _res, next) => {
  store.run(callerOf(req.headers), next);
};

type AnyHandler = (call: unknown, callback?: unknown) => unknown;

/** Wraps a gRPC service so `currentCaller()` answers inside every call, from its metadata. */
export function grpcWithCaller(binding: GrpcBinding): GrpcBinding {
  const implementation: grpc.UntypedServiceImplementation = {};
  for (const [name, handler] of Object.entries(binding.implementation)) {
    const named: AnyHandler = (call, callback) => {
      const metadata = (call as { metadata?: grpc.Metadata }).metadata;
      const caller = callerOf(metadata?.getMap() ?? {});
      return store.run(caller, () => (handler as AnyHandler)(call, callback));
    };
    implementation[name] = named as grpc.UntypedHandleCall;
  }
  return { service: binding.service, implementation };
}

/** The caller of the request being served; undefined outside one. */
export function currentCaller(): string | undefined {
  return store.getStore();
}
