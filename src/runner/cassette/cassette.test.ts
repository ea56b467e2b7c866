import { Task } from "@a2a-js/sdk";
import { A2AService } from "@a2a-js/sdk/server/grpc";
import { describe, expect, it } from "vitest";
import type { RunResult } from "../../model/result.js";
import type { TrafficEntry } from "../../model/traffic.js";
import { cassetteOf } from "./cassette.js";

const secret = "sk-live-0123456789abcdef";
const redact = (text: string) => text.split(secret).join("[redacted]");

/** A finished run whose only exchange is one GetTask over gRPC (A2A 1.0), its reply holding a secret. */
function grpcRun(): { result: RunResult; reply: Buffer } {
  const task = Task.fromJSON({
    id: "task-1",
    contextId: "ctx-1",
    status: {
      state: "TASK_STATE_COMPLETED",
      message: { messageId: "m-1", role: "ROLE_AGENT", parts: [{ text: `your key is ${secret}` }] },
    },
  });
  const reply = A2AService.getTask.responseSerialize(task);
  const entry: TrafficEntry = {
    id: "t1",
    at: "2026-12-04T00:00:00.000Z",
    method: "/lf.a2a.v1.A2AService/GetTask",
    url: "grpc://127.0.0.1:5050",
    request_headers: {},
    request_body: JSON.stringify({ id: "task-1" }),
    status: 0,
    response_headers: {},
    response_body: "{}",
    ms: 1,
  };
  const result = {
    tool: { name: "plainwright", version: "0.1.0" },
    started_at: entry.at,
    traffic: [entry],
  } as unknown as RunResult;
  return { result, reply };
}

const test = { kind: "conformance", agent_url: "http://127.0.0.1:5050" };

describe("a cassette of gRPC calls", () => {
  it("keeps each reply's bytes, as the same message with its secrets redacted", () => {
    const { result, reply } = grpcRun();
    const cassette = cassetteOf(result, test, [], redact, () => [reply]);
    expect(cassette.gaps).toEqual([]);
    const [exchange] = cassette.exchanges;
    expect(exchange).toMatchObject({
      origin: "grpc://127.0.0.1:5050",
      path: "/lf.a2a.v1.A2AService/GetTask",
    });
    const kept = Buffer.from(exchange!.messages![0]!, "base64");
    expect(kept.toString("latin1")).not.toContain(secret);
    const read = Task.toJSON(A2AService.getTask.responseDeserialize(kept)) as {
      id: string;
      status: { message: { parts: Array<{ text: string }> } };
    };
    expect(read.id).toBe("task-1");
    expect(read.status.message.parts[0]!.text).toBe("your key is [redacted]");
  });

  it("is a gap, not a silent loss, when the replies' bytes were not kept", () => {
    const { result } = grpcRun();
    const cassette = cassetteOf(result, test, [], redact);
    expect(cassette.exchanges).toEqual([]);
    expect(cassette.gaps).toEqual([
      "gRPC /lf.a2a.v1.A2AService/GetTask to grpc://127.0.0.1:5050: its response messages were not kept",
    ]);
  });
});
