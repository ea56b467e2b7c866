import * as grpc from "@grpc/grpc-js";
import { A2AService } from "@a2a-js/sdk/server/grpc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { TrafficLog } from "../../net/traffic.js";
import { createGrpcClient } from "./index.js";

// A server that remembers the traceparent metadata of each call and answers NOT_FOUND.
const seen: string[] = [];
let server: grpc.Server;
let port: number;

beforeAll(async () => {
  server = new grpc.Server();
  server.addService(A2AService, {
    getTask: (call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
      seen.push(String(call.metadata.get("traceparent")[0] ?? "none"));
      callback({ code: grpc.status.NOT_FOUND, details: "no such task" }, null);
    },
  });
  port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (e, p) =>
      e ? reject(e) : resolve(p),
    ),
  );
});
afterAll(() => server.forceShutdown());

describe("W3C trace context over gRPC", () => {
  it("sends the run's traceparent as metadata, a span per call, as recorded in the traffic", async () => {
    const traffic = new TrafficLog();
    const ctx = { headers: {}, timeoutMs: 2000, policy: commandLinePolicy, traffic };
    const client = createGrpcClient({ url: `127.0.0.1:${port}`, binding: "GRPC", generation: "1.0" }, ctx);
    await client.getTask("t1");
    await client.getTask("t2");
    const spans = traffic.entries().map((e) => e.span_id);
    expect(seen.slice(-2)).toEqual(spans.map((span) => `00-${traffic.trace.traceId}-${span}-01`));
    expect(new Set(spans).size).toBe(2);
  });
});
