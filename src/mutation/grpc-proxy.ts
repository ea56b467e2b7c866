import * as grpc from "@grpc/grpc-js";
import { A2AService } from "@a2a-js/sdk/server/grpc";
import { A2AService as A2AServiceV03 } from "a2a-sdk-v03/server/grpc";
import type {
  Generation,
  GrpcError,
  GrpcExchange,
  GrpcReply,
  MutationHooks,
  MutationMemory,
  Verb,
} from "./types.js";

// lf.a2a.v1.A2AService (A2A 1.0.1 §10) and a2a.v1.A2AService (0.3 §3.2.2): the method names, and the
// verb each one is.
const GRPC_VERBS: Record<string, Verb> = {
  TaskSubscription: "subscribe",
  ListTaskPushNotificationConfig: "push",
  GetAgentCard: "card",
  SendMessage: "send",
  SendStreamingMessage: "stream",
  GetTask: "get",
  ListTasks: "list",
  CancelTask: "cancel",
  SubscribeToTask: "subscribe",
  CreateTaskPushNotificationConfig: "push",
  GetTaskPushNotificationConfig: "push",
  ListTaskPushNotificationConfigs: "push",
  DeleteTaskPushNotificationConfig: "push",
  GetExtendedAgentCard: "extended-card",
};

/** A running gRPC proxy: its host:port, and how to stop it. */
export interface GrpcMutationProxy {
  address: string;
  close(): Promise<void>;
}

type Definition = grpc.MethodDefinition<unknown, unknown>;

/** Bytes a mutation sends in place of an encoded response (GrpcReply.raw). */
class RawResponse {
  constructor(readonly bytes: Buffer) {}
}

// Each decoded request's bytes as they came: forwarded as they are unless a mutation rewrote the call, so
// fields the proxy's schema does not know (an unknown field number) still reach the agent.
const receivedBytes = new WeakMap<object, Buffer>();

/**
 * The service as the proxy serves it: each request kept as received beside its decoding, each response
 * encoded as the agent's, or sent as raw bytes.
 */
function servedService(service: Record<string, Definition>): grpc.ServiceDefinition {
  return Object.fromEntries(
    Object.entries(service).map(([key, def]) => [
      key,
      {
        ...def,
        requestDeserialize: (bytes: Buffer) => {
          const decoded = def.requestDeserialize(bytes);
          if (typeof decoded === "object" && decoded !== null) receivedBytes.set(decoded, bytes);
          return decoded;
        },
        responseSerialize: (v: unknown) => (v instanceof RawResponse ? v.bytes : def.responseSerialize(v)),
      },
    ]),
  );
}

/** Whether a request carried fields its schema does not define: its bytes are more than its decoding's. */
function carriesUnknownFields(def: Definition, request: unknown): boolean {
  const bytes = typeof request === "object" && request !== null ? receivedBytes.get(request) : undefined;
  return bytes !== undefined && bytes.length > def.requestSerialize(request).length;
}

const asReceived = (bytes: Buffer): Buffer => bytes;

/** How a call goes upstream: as received when the mutation left it alone, else encoded from its rewrite. */
function upstreamRequest(
  def: Definition,
  call: { request: unknown },
  forwarded: { request: unknown },
): { serialize: (value: never) => Buffer; request: unknown } {
  const bytes =
    forwarded === call && typeof call.request === "object" && call.request !== null
      ? receivedBytes.get(call.request)
      : undefined;
  return bytes
    ? { serialize: asReceived, request: bytes }
    : { serialize: def.requestSerialize, request: forwarded.request };
}

/** The call as the agent gets it: the client's request and metadata, or the mutation's rewrite (counted). */
function forwardedCall(
  call: { request: unknown; metadata: grpc.Metadata },
  x: GrpcExchange,
  mutation: MutationHooks | undefined,
  memory: MutationMemory,
  count: () => void,
): { request: unknown; metadata: grpc.Metadata } {
  const before = { request: call.request, metadata: call.metadata.getMap() };
  const after = mutation?.grpcRequest?.(
    { request: structuredClone(call.request), metadata: { ...before.metadata } },
    x,
    memory,
  );
  if (!after || snapshot(after) === snapshot(before)) return call;
  count();
  const metadata = new grpc.Metadata();
  for (const [k, v] of Object.entries(after.metadata)) metadata.set(k, v);
  return { request: after.request, metadata };
}

/**
 * A loopback gRPC proxy in front of an A2A agent's gRPC interface: each call is decoded with the
 * service definition of the agent's generation, given to the mutation, and forwarded. `count` is told
 * of every change.
 */
export async function startGrpcMutationProxy(
  target: string,
  generation: Generation,
  mutation: MutationHooks | undefined,
  memory: MutationMemory,
  count: () => void,
): Promise<GrpcMutationProxy> {
  const service = (generation === "1.0" ? A2AService : A2AServiceV03) as unknown as Record<
    string,
    Definition
  >;
  const client = new grpc.Client(target, grpc.credentials.createInsecure());
  const server = new grpc.Server();
  const implementation: grpc.UntypedServiceImplementation = {};
  for (const [key, def] of Object.entries(service)) {
    const method = def.path.split("/").pop() ?? key;
    const exchange = (request: unknown): GrpcExchange => ({
      unknownFields: carriesUnknownFields(def, request),
      generation,
      method,
      verb: GRPC_VERBS[method] ?? "unknown",
      request,
    });
    implementation[key] = def.responseStream
      ? (((call: grpc.ServerWritableStream<unknown, unknown>) =>
          relayStream(
            client,
            def,
            call,
            exchange(call.request),
            mutation,
            memory,
            count,
          )) as grpc.UntypedHandleCall)
      : (((call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) =>
          relayUnary(
            client,
            def,
            call,
            callback,
            exchange(call.request),
            mutation,
            memory,
            count,
          )) as grpc.UntypedHandleCall);
  }
  server.addService(servedService(service), implementation);
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, bound) =>
      err ? reject(err) : resolve(bound),
    );
  });
  return {
    address: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        client.close();
        server.forceShutdown();
        resolve();
      }),
  };
}

/** The outcome of a call, changed by the mutation when it applies; counted when it changed. */
function mutated(
  reply: GrpcReply,
  x: GrpcExchange,
  mutation: MutationHooks | undefined,
  memory: MutationMemory,
  count: () => void,
): GrpcReply {
  if (!mutation?.grpcReply) return reply;
  const before = snapshot(reply);
  const after = mutation.grpcReply(structuredCloneReply(reply), x, memory);
  if (!after) return reply;
  if (snapshot(after) !== before) count();
  return after;
}

function relayUnary(
  client: grpc.Client,
  def: Definition,
  call: grpc.ServerUnaryCall<unknown, unknown>,
  callback: grpc.sendUnaryData<unknown>,
  x: GrpcExchange,
  mutation: MutationHooks | undefined,
  memory: MutationMemory,
  count: () => void,
): void {
  const forwarded = forwardedCall(call, x, mutation, memory, count);
  const sent = upstreamRequest(def, call, forwarded);
  client.makeUnaryRequest(
    def.path,
    sent.serialize,
    def.responseDeserialize,
    sent.request as never,
    forwarded.metadata,
    (error, response) => {
      const reply = mutated(error ? { error: toError(error) } : { response }, x, mutation, memory, count);
      if (reply.error) callback(fromError(reply.error));
      else callback(null, reply.raw ? new RawResponse(reply.raw) : reply.response);
    },
  );
}

function relayStream(
  client: grpc.Client,
  def: Definition,
  call: grpc.ServerWritableStream<unknown, unknown>,
  x: GrpcExchange,
  mutation: MutationHooks | undefined,
  memory: MutationMemory,
  count: () => void,
): void {
  const refusal = mutation?.grpcStreamRefusal?.(x, memory);
  if (refusal) {
    count();
    call.emit("error", fromError(refusal));
    return;
  }
  const forwarded = forwardedCall(call, x, mutation, memory, count);
  const sent = upstreamRequest(def, call, forwarded);
  const upstream = client.makeServerStreamRequest(
    def.path,
    sent.serialize,
    def.responseDeserialize,
    sent.request as never,
    forwarded.metadata,
  );
  let ended = false;
  call.on("cancelled", () => {
    upstream.cancel();
    if (!ended) mutation?.streamDropped?.(x, memory);
  });
  upstream.on("data", (event: unknown) => {
    if (ended) return;
    const out = mutation?.grpcEvent?.(structuredClone(event), x, memory);
    if (!out) {
      call.write(event);
      return;
    }
    if (out.end || JSON.stringify(out.events) !== JSON.stringify([event])) count();
    for (const e of out.events) call.write(e);
    if (out.end) {
      ended = true;
      upstream.cancel();
      call.end();
    }
  });
  upstream.on("error", (error: grpc.ServiceError) => {
    if (ended) return;
    ended = true;
    // A cancel of ours is not the agent's error.
    if (error.code === grpc.status.CANCELLED) {
      call.end();
      return;
    }
    const reply = mutated({ error: toError(error) }, x, mutation, memory, count);
    if (reply.error) call.emit("error", fromError(reply.error));
    else call.end();
  });
  upstream.on("end", () => {
    if (!ended) call.end();
  });
}

function toError(error: grpc.ServiceError): GrpcError {
  return { code: error.code, details: error.details, metadata: error.metadata?.getMap() ?? {} };
}

function fromError(error: GrpcError): grpc.ServiceError {
  const metadata = new grpc.Metadata();
  for (const [k, v] of Object.entries(error.metadata)) metadata.set(k, v);
  return Object.assign(new Error(error.details), { code: error.code, details: error.details, metadata });
}

function snapshot(reply: unknown): string {
  return JSON.stringify(reply, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString("base64") : v));
}

function structuredCloneReply(reply: GrpcReply): GrpcReply {
  return reply.error
    ? { error: { ...reply.error, metadata: { ...reply.error.metadata } } }
    : { response: structuredClone(reply.response) };
}
