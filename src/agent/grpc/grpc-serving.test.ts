import * as grpc from "@grpc/grpc-js";
import { A2AService } from "@a2a-js/sdk/server/grpc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent } from "../index.js";
import type { RunningAgent } from "../index.js";
import { closeGrpc, listenGrpc, withInternalStatus } from "./server.js";

type Reply = { error: grpc.ServiceError | null; value: unknown };

/** One raw GetTask call with the given a2a-version metadata (none when undefined). */
function getTask(target: string, id: string, version?: string): Promise<Reply> {
  const client = new grpc.Client(target, grpc.credentials.createInsecure());
  const metadata = new grpc.Metadata();
  if (version !== undefined) metadata.set("a2a-version", version);
  const m = A2AService.getTask;
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      m.path,
      m.requestSerialize,
      m.responseDeserialize,
      { tenant: "", id, historyLength: undefined },
      metadata,
      { deadline: Date.now() + 3000 },
      (error, value) => {
        client.close();
        resolve({ error, value });
      },
    );
  });
}

describe("the reference agent's gRPC binding (A2A 1.0)", () => {
  let agent: RunningAgent;
  beforeAll(async () => {
    agent = await startReferenceAgent({ protocol: "1.0" });
  });
  afterAll(() => agent.close());

  it("serves lf.a2a.v1.A2AService on the host:port the card advertises", async () => {
    expect(agent.grpcUrl).toMatch(/^127\.0\.0\.1:\d+$/);
    const reply = await getTask(agent.grpcUrl ?? "", "no-such-task", "1.0");
    expect(reply.error?.code).toBe(grpc.status.NOT_FOUND);
  });

  it("reads a2a-version as Major.Minor (1.0.0 is 1.0), where SDK 1.3.0 refuses the patch form", async () => {
    const reply = await getTask(agent.grpcUrl ?? "", "no-such-task", "1.0.0");
    expect(reply.error?.code).toBe(grpc.status.NOT_FOUND);
  });

  it("refuses a call without a2a-version as 0.3 with FAILED_PRECONDITION (A2A 1.0 §3.6, §4.3)", async () => {
    const reply = await getTask(agent.grpcUrl ?? "", "no-such-task");
    expect(reply.error?.code).toBe(grpc.status.FAILED_PRECONDITION);
    expect(reply.error?.details).toMatch(/0\.3/);
  });

  it("stops serving gRPC when the agent closes", async () => {
    const other = await startReferenceAgent({ protocol: "1.0" });
    await other.close();
    const reply = await getTask(other.grpcUrl ?? "", "no-such-task", "1.0");
    expect(reply.error?.code).toBe(grpc.status.UNAVAILABLE);
  });
});

describe("withInternalStatus", () => {
  const failing: grpc.UntypedServiceImplementation = {
    getTask: (_call: unknown, callback: grpc.sendUnaryData<unknown>) =>
      callback({ code: grpc.status.UNKNOWN, details: "boom" }, null),
  };
  let server: grpc.Server;
  let target: string;
  beforeAll(async () => {
    const listener = await listenGrpc("127.0.0.1");
    server = listener.server;
    target = `127.0.0.1:${listener.port}`;
    const service = A2AService as unknown as grpc.ServiceDefinition;
    server.addService(service, withInternalStatus(service, failing));
  });
  afterAll(() => closeGrpc(server));

  it("turns a failure the SDK reports as UNKNOWN into INTERNAL (A2A 1.0 §4.3, system errors)", async () => {
    expect((await getTask(target, "x", "1.0")).error?.code).toBe(grpc.status.INTERNAL);
  });
});
