import * as grpc from "@grpc/grpc-js";
import { A2AService } from "@a2a-js/sdk/server/grpc";
import { afterEach, describe, expect, it } from "vitest";
import { startGrpcMutationProxy } from "./grpc-proxy.js";
import type { Mutation } from "./types.js";

type Definition = grpc.MethodDefinition<unknown, unknown>;
const service = A2AService as unknown as Record<string, Definition>;
const closers: Array<() => void> = [];
afterEach(() => closers.splice(0).forEach((c) => c()));
/** The size of each request message the stand-in agent received, in order. */
const receivedSizes: number[] = [];
const sizeRecording = Object.fromEntries(
  Object.entries(service).map(([key, def]) => [
    key,
    {
      ...def,
      requestDeserialize: (bytes: Buffer) => {
        receivedSizes.push(bytes.length);
        return def.requestDeserialize(bytes);
      },
    },
  ]),
) as grpc.ServiceDefinition;

/** A stand-in gRPC agent: GetTask answers a task named by the request's id and its a2a-version metadata. */
async function agent(calls: string[]): Promise<string> {
  const server = new grpc.Server();
  const implementation: grpc.UntypedServiceImplementation = {};
  for (const [key, def] of Object.entries(service)) {
    const method = def.path.split("/").pop() ?? key;
    implementation[key] = def.responseStream
      ? (call: grpc.ServerWritableStream<unknown, unknown>) => {
          calls.push(method);
          call.end();
        }
      : (call: grpc.ServerUnaryCall<{ id?: string }, unknown>, done: grpc.sendUnaryData<unknown>) => {
          calls.push(method);
          const version = String(call.metadata.get("a2a-version")[0] ?? "none");
          done(null, {
            id: `${call.request.id}@${version}`,
            contextId: "c",
            status: { state: 3 },
            artifacts: [],
            history: [],
          });
        };
  }
  server.addService(sizeRecording, implementation);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (e, p) =>
      e ? reject(e) : resolve(p),
    ),
  );
  closers.push(() => server.forceShutdown());
  return `127.0.0.1:${port}`;
}

async function through(mutation: Mutation, calls: string[]) {
  let applied = 0;
  const proxy = await startGrpcMutationProxy(await agent(calls), "1.0", mutation, new Map(), () => applied++);
  const client = new grpc.Client(proxy.address, grpc.credentials.createInsecure());
  closers.push(
    () => client.close(),
    () => void proxy.close(),
  );
  const def = service.GetTask ?? Object.values(service).find((d) => d.path.endsWith("/GetTask"));
  const getTask = (id: string, version: string, unknownField?: Buffer) =>
    new Promise<{ id?: string } | grpc.ServiceError>((resolve) => {
      const metadata = new grpc.Metadata();
      metadata.set("a2a-version", version);
      client.makeUnaryRequest(
        def!.path,
        (v: unknown) => Buffer.concat([def!.requestSerialize(v), unknownField ?? Buffer.alloc(0)]),
        def!.responseDeserialize,
        { id },
        metadata,
        (e, r) => resolve(e ?? (r as { id?: string })),
      );
    });
  const stream = () =>
    new Promise<grpc.ServiceError | "ended">((resolve) => {
      const s = Object.values(service).find((d) => d.path.endsWith("/SendStreamingMessage"))!;
      const call = client.makeServerStreamRequest(s.path, s.requestSerialize, s.responseDeserialize, {});
      call.on("error", (e: grpc.ServiceError) => resolve(e));
      call.on("end", () => resolve("ended"));
      call.on("data", () => undefined);
    });
  return { getTask, stream, applied: () => applied };
}

const base = { id: "t", what: "", clause: "", check: "x" };

describe("the gRPC mutation proxy", () => {
  it("forwards the call with the request and metadata as the mutation rewrote them", async () => {
    const calls: string[] = [];
    const p = await through(
      {
        ...base,
        grpcRequest: (call) => {
          call.metadata["a2a-version"] = "1.0";
          (call.request as { id: string }).id = "rewritten";
          return call;
        },
      },
      calls,
    );
    expect(await p.getTask("asked", "99.0")).toMatchObject({ id: "rewritten@1.0" });
    expect(p.applied()).toBe(1);
  });

  it("refuses a server stream with the mutation's status before the agent is called", async () => {
    const calls: string[] = [];
    const p = await through(
      {
        ...base,
        grpcStreamRefusal: () => ({ code: grpc.status.UNIMPLEMENTED, details: "no streams", metadata: {} }),
      },
      calls,
    );
    const got = await p.stream();
    expect(got).toMatchObject({ code: grpc.status.UNIMPLEMENTED, details: "no streams" });
    expect(calls).toEqual([]);
  });

  it("sends a mutation's raw bytes in place of the encoded response, which the client cannot decode", async () => {
    const p = await through({ ...base, grpcReply: () => ({ raw: Buffer.from('{"id":"json"}') }) }, []);
    const got = await p.getTask("asked", "1.0");
    expect(got).toMatchObject({ code: grpc.status.INTERNAL });
    expect(String((got as grpc.ServiceError).details)).toMatch(/pars|decod/i);
  });

  it("forwards a request's unknown field to the agent as it came, and tells the mutation it was there", async () => {
    const seen: boolean[] = [];
    const p = await through({ ...base, grpcReply: (_r, x) => void seen.push(x.unknownFields) }, []);
    // Field 9999, length-delimited, holding "x": protobuf readers skip a number they do not know.
    const unknownField = Buffer.from([0xfa, 0xf0, 0x04, 0x01, 0x78]);
    receivedSizes.length = 0;
    expect(await p.getTask("asked", "1.0", unknownField)).toMatchObject({ id: "asked@1.0" });
    expect(await p.getTask("asked", "1.0")).toMatchObject({ id: "asked@1.0" });
    expect(seen).toEqual([true, false]);
    expect(receivedSizes[0]! - receivedSizes[1]!).toBe(unknownField.length);
  });
});
