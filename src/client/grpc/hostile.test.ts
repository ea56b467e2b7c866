import { createServer } from "node:net";
import type { Server, Socket } from "node:net";
import * as grpc from "@grpc/grpc-js";
import { StreamResponse } from "@a2a-js/sdk";
import { A2AService } from "@a2a-js/sdk/server/grpc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandLinePolicy, serverPolicy } from "../../net/outbound-policy.js";
import { TrafficLog } from "../../net/traffic.js";
import type { ClientContext } from "../types.js";
import { createGrpcClient, parseGrpcAddress } from "./index.js";
import { MAX_STREAM_MESSAGES } from "./wire.js";

// Misbehaving servers, each answering one RPC of lf.a2a.v1.A2AService in its own wrong way.
type Impl = grpc.UntypedServiceImplementation;
const working = StreamResponse.fromJSON({
  statusUpdate: { taskId: "t1", contextId: "c1", status: { state: "TASK_STATE_WORKING" } },
});
const never = (): void => undefined;

function status(code: grpc.status, details: string): Partial<grpc.StatusObject> {
  return { code, details };
}

const hostile: Impl = {
  getTask: never,
  sendMessage: (_call: unknown, callback: grpc.sendUnaryData<unknown>) => callback(null, {}),
  cancelTask: (_call: unknown, callback: grpc.sendUnaryData<unknown>) =>
    callback(status(grpc.status.FAILED_PRECONDITION, "no ErrorInfo here"), null),
  listTasks: (_call: unknown, callback: grpc.sendUnaryData<unknown>) =>
    callback(status(grpc.status.UNAUTHENTICATED, "who are you?"), null),
  sendStreamingMessage: (call: grpc.ServerWritableStream<unknown, unknown>) => {
    call.sendMetadata(new grpc.Metadata());
    call.write(working); // then silence
  },
  subscribeToTask: (call: grpc.ServerWritableStream<{ id: string }, unknown>) => {
    if (call.request.id === "silent") {
      call.sendMetadata(new grpc.Metadata());
      call.write(working); // then silence
      return;
    }
    if (call.request.id === "flood") {
      for (let i = 0; i < MAX_STREAM_MESSAGES + 50; i++) call.write(working);
      call.end();
      return;
    }
    call.write(working);
    call.emit("error", status(grpc.status.INTERNAL, "broke mid-stream"));
  },
};

// SendMessage answers bytes that are no protobuf at all.
const garbled = {
  ...A2AService,
  sendMessage: { ...A2AService.sendMessage, responseSerialize: () => Buffer.from([0xff, 0xff, 0xff, 0xff]) },
} as unknown as grpc.ServiceDefinition;

let server: grpc.Server;
let grpcPort: number;
let silent: Server;
let silentPort: number;
let silentConnections = 0;
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = new grpc.Server();
  server.addService(garbled, hostile);
  grpcPort = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (e, p) =>
      e ? reject(e) : resolve(p),
    ),
  );
  // Accepts TCP connections and never says a word, not even the HTTP/2 preface.
  silent = createServer((socket) => {
    silentConnections++;
    sockets.add(socket);
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  silentPort = (silent.address() as { port: number }).port;
});
afterAll(async () => {
  server.forceShutdown();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

const context = (extra: Partial<ClientContext> = {}): ClientContext => ({
  headers: {},
  timeoutMs: 500,
  policy: commandLinePolicy,
  traffic: new TrafficLog(),
  ...extra,
});
const client = (port: number, ctx = context()) =>
  createGrpcClient({ url: `127.0.0.1:${port}`, binding: "GRPC", generation: "1.0" }, ctx);

describe("the gRPC client against servers that misbehave", () => {
  it("gives up on a server that accepts the call and never answers, at the deadline", async () => {
    const ctx = context();
    const outcome = await client(grpcPort, ctx).getTask("t1");
    expect(outcome).toMatchObject({ ok: false, kind: "unreachable", error: { rule: "timeout.total" } });
    if (outcome.ok || outcome.kind !== "unreachable") return;
    expect(outcome.error.message).toMatch(/within 0\.5 s/);
    expect(ctx.traffic.entries()[0]?.error).toMatchObject({ rule: "timeout.total" });
  });

  it("gives up on a TCP server that never speaks, at the deadline", async () => {
    const outcome = await client(silentPort).send({ text: "hello?" });
    expect(outcome).toMatchObject({ ok: false, kind: "unreachable", error: { rule: "timeout.total" } });
  });

  it("never dials an address the outbound policy refuses", async () => {
    const before = silentConnections;
    const ctx = context({ policy: serverPolicy });
    const outcome = await client(silentPort, ctx).send({ text: "hello" });
    expect(outcome).toMatchObject({ ok: false, kind: "unreachable", error: { rule: "policy.loopback" } });
    expect(ctx.traffic.entries()[0]?.error).toMatchObject({ rule: "policy.loopback" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(silentConnections).toBe(before);
  });

  it("reports a refused connection as unreachable", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await client(port).getTask("t1")).toMatchObject({
      ok: false,
      kind: "unreachable",
      error: { rule: "connect" },
    });
  });

  it("reports bytes that are not the expected protobuf as invalid, and records them", async () => {
    const ctx = context();
    const outcome = await client(grpcPort, ctx).send({ text: "hello" });
    expect(outcome).toMatchObject({ ok: false, kind: "invalid" });
    expect(ctx.traffic.entries()[0]?.response_body).toMatch(/^base64:/);
  });

  it("maps statuses without ErrorInfo by the A2A table, keeping the status name", async () => {
    const cancel = await client(grpcPort).cancelTask("t1");
    expect(cancel).toMatchObject({ ok: false, error: { code: -32002, grpcStatus: "FAILED_PRECONDITION" } });
    const list = await client(grpcPort).listTasks();
    expect(list).toMatchObject({
      ok: false,
      error: { name: "UNAUTHENTICATED", grpcStatus: "UNAUTHENTICATED" },
    });
  });

  it("ends a stream that goes silent after ctx.timeoutMs with idle-timeout", async () => {
    const outcome = await client(grpcPort).stream({ text: "hello" });
    expect(outcome.failure).toBeUndefined();
    expect(outcome.events).toHaveLength(1);
    expect(outcome.end.reason).toBe("idle-timeout");
  });

  it("ends a silent message stream at the owner's quiet limit, a silent subscription at the timeout", async () => {
    const quick = client(grpcPort, context({ messageStreamQuietMs: () => 40 }));
    const streamed = await quick.stream({ text: "hello" });
    expect(streamed.end).toEqual({ reason: "idle-timeout", message: "no message for 40 ms" });
    expect(streamed.events).toHaveLength(1);
    const subscribed = await quick.subscribe("silent");
    expect(subscribed.end).toEqual({ reason: "idle-timeout", message: "no message for 500 ms" });
  });

  it("keeps the events of a stream that fails midway and reports the error", async () => {
    const outcome = await client(grpcPort).subscribe("t1");
    expect(outcome.events).toHaveLength(1);
    expect(outcome.errors).toMatchObject([{ code: -32603, grpcStatus: "INTERNAL" }]);
    expect(outcome.end.reason).toBe("error");
  });

  it(`stops a stream after ${MAX_STREAM_MESSAGES} messages`, async () => {
    const outcome = await client(grpcPort, context({ timeoutMs: 5000 })).subscribe("flood");
    expect(outcome.end.reason).toBe("event-cap");
    expect(outcome.events).toHaveLength(MAX_STREAM_MESSAGES);
  });
});

describe("gRPC interface urls", () => {
  it.each([
    ["127.0.0.1:50051", "grpc://127.0.0.1:50051", false],
    ["http://127.0.0.1:50051", "grpc://127.0.0.1:50051", false],
    ["agent.example.com:443", "grpcs://agent.example.com:443", true],
    ["https://agent.example.com", "grpcs://agent.example.com:443", true],
    ["[::1]:7000", "grpc://[::1]:7000", false],
  ])("reads %s as %s", (url, display, tls) => {
    expect(parseGrpcAddress(url)).toMatchObject({ display, tls });
  });

  it.each(["ftp://agent.example.com:21", "", ":80"])("refuses %j", (url) => {
    expect(parseGrpcAddress(url)).toBeUndefined();
  });
});
