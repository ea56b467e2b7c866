import * as grpc from "@grpc/grpc-js";

/** One protocol's gRPC service: the SDK's service definition and the implementation bound to the shared handler. */
export interface GrpcBinding {
  service: grpc.ServiceDefinition;
  implementation: grpc.UntypedServiceImplementation;
}

/** A grpc-js server bound to a port, not yet serving any service. */
export interface GrpcListener {
  server: grpc.Server;
  port: number;
}

/**
 * Binds a grpc-js server on `host` (port 0 picks any). Insecure credentials are fine on loopback for a
 * test agent; A2A 1.0 requires TLS for gRPC in production (A2A 1.0 §10).
 */
export function listenGrpc(host: string, port = 0): Promise<GrpcListener> {
  const server = new grpc.Server();
  const address = `${host.includes(":") ? `[${host}]` : host}:${port}`;
  return new Promise((resolve, reject) => {
    server.bindAsync(address, grpc.ServerCredentials.createInsecure(), (error, bound) => {
      if (error) reject(error);
      else resolve({ server, port: bound });
    });
  });
}

/** Stops the server: open calls get `graceMs` to finish, then every connection is cut. */
export function closeGrpc(server: grpc.Server, graceMs = 500): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      server.forceShutdown();
      resolve();
    }, graceMs);
    server.tryShutdown(() => {
      clearTimeout(force);
      resolve();
    });
  });
}

type StatusLike = { code?: unknown };

// A2A 1.0 §"generic errors": a system failure is INTERNAL (-32603); both SDKs answer UNKNOWN for any
// error that is not an A2AError, which a client cannot tell apart from a transport problem.
function internalForUnknown<T>(error: T): T {
  const status = error as StatusLike | null;
  if (status && status.code === grpc.status.UNKNOWN) return { ...status, code: grpc.status.INTERNAL } as T;
  return error;
}

type AnyHandler = (call: unknown, callback?: unknown) => unknown;

function wrapUnary(handler: AnyHandler): AnyHandler {
  return (call, callback) =>
    handler(call, (error: unknown, value: unknown, ...rest: unknown[]) =>
      (callback as (...args: unknown[]) => void)(internalForUnknown(error), value, ...rest),
    );
}

function wrapServerStream(handler: AnyHandler): AnyHandler {
  return (call) => {
    // The SDK reports a stream's failure with call.emit("error", status); the status is rewritten on its way.
    const stream = call as grpc.ServerWritableStream<unknown, unknown>;
    const emit = stream.emit.bind(stream);
    stream.emit = (event: string | symbol, ...args: unknown[]): boolean =>
      event === "error" ? emit(event, internalForUnknown(args[0])) : emit(event, ...args);
    return handler(stream);
  };
}

/** Wraps an SDK service implementation so that non-A2A failures come back as INTERNAL, not UNKNOWN. */
export function withInternalStatus(
  service: grpc.ServiceDefinition,
  implementation: grpc.UntypedServiceImplementation,
): grpc.UntypedServiceImplementation {
  const wrapped: grpc.UntypedServiceImplementation = {};
  for (const [name, method] of Object.entries(service)) {
    const handler = implementation[name] as AnyHandler | undefined;
    if (!handler) continue;
    const fixed = method.responseStream ? wrapServerStream(handler) : wrapUnary(handler);
    wrapped[name] = fixed as grpc.UntypedHandleCall;
  }
  return wrapped;
}
