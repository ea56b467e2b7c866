import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent } from "../../agent/index.js";
import type { AgentProtocol, RunningAgent } from "../../agent/index.js";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { TrafficLog } from "../../net/traffic.js";
import type { Reply, Task } from "../../protocol/model.js";
import { replyText } from "../../protocol/reply-text.js";
import type { A2AClient, CallOutcome, ClientContext } from "../types.js";
import { createGrpcClient } from "./index.js";

const agents = new Map<AgentProtocol, RunningAgent>();
beforeAll(async () => {
  for (const protocol of ["1.0", "0.3"] as const)
    agents.set(protocol, await startReferenceAgent({ protocol, slowTaskMs: 3000 }));
});
afterAll(async () => {
  await Promise.all([...agents.values()].map((agent) => agent.close()));
});

const context = (extra: Partial<ClientContext> = {}): ClientContext => ({
  headers: {},
  timeoutMs: 5000,
  policy: commandLinePolicy,
  traffic: new TrafficLog(),
  ...extra,
});

function taskOf(outcome: CallOutcome<unknown>): Task {
  if (!outcome.ok) throw new Error(`expected a task, got ${outcome.kind}: ${JSON.stringify(outcome)}`);
  const value = outcome.value as Reply;
  if (value.kind !== "task") throw new Error(`expected a task, got ${value.kind}`);
  return value;
}

/** Posts one JSON-RPC request the way any other client would, without Plainwright's client. */
async function jsonRpc(
  agent: RunningAgent,
  method: string,
  params: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${agent.url}/a2a/jsonrpc`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(agent.protocol === "1.0" ? { "A2A-Version": "1.0" } : {}),
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(5000),
  });
  const body = (await response.json()) as { result?: Record<string, unknown> };
  if (!body.result) throw new Error(`no result: ${JSON.stringify(body)}`);
  return body.result;
}

describe.each(["1.0", "0.3"] as const)("the gRPC client against the reference agent, A2A %s", (protocol) => {
  const agent = (): RunningAgent => agents.get(protocol) as RunningAgent;
  const client = (ctx = context()): A2AClient =>
    createGrpcClient({ url: agent().grpcUrl ?? "", binding: "GRPC", generation: protocol }, ctx);
  const service = protocol === "1.0" ? "/lf.a2a.v1.A2AService" : "/a2a.v1.A2AService";

  it("sends a message and gets a completed task with a text artifact, recorded as JSON", async () => {
    const ctx = context();
    const outcome = await client(ctx).send({ text: "Why was I charged twice?" });
    const task = taskOf(outcome);
    expect(task.state).toBe("completed");
    expect(replyText(task)).toContain("Why was I charged twice?");
    const [entry] = ctx.traffic.entries();
    expect(ctx.traffic.entries().map((e) => e.id)).toEqual(outcome.trafficIds);
    expect(entry).toMatchObject({
      method: `${service}/SendMessage`,
      url: expect.stringMatching(/^grpc:\/\/127\.0\.0\.1:\d+$/) as string,
      status: 0,
    });
    expect(JSON.parse(entry?.request_body ?? "")).toMatchObject({ message: { role: "ROLE_USER" } });
    expect(JSON.parse(entry?.response_body ?? "")).toMatchObject({ task: { id: task.id } });
    if (protocol === "1.0") expect(entry?.request_headers).toMatchObject({ "a2a-version": "1.0" });
  });

  it("continues an input-required task on the same task to completion", async () => {
    const c = client();
    const first = taskOf(await c.send({ text: "This is ambiguous" }));
    expect(first.state).toBe("input-required");
    const second = taskOf(await c.send({ text: "A refund", taskId: first.id, contextId: first.contextId }));
    expect(second).toMatchObject({ id: first.id, contextId: first.contextId, state: "completed" });
  });

  it("cancels a slow task", async () => {
    const c = client();
    const working = taskOf(await c.send({ text: "please be slow" }, { returnImmediately: true }));
    expect(["submitted", "working"]).toContain(working.state);
    expect(taskOf(await c.cancelTask(working.id)).state).toBe("canceled");
  });

  it("streams events in order, ending with a terminal state, each recorded with its arrival time", async () => {
    const ctx = context();
    const seen: Reply[] = [];
    const outcome = await client(ctx).stream({ text: "stream it" }, (event) => seen.push(event));
    expect(outcome.failure).toBeUndefined();
    expect(outcome.end.reason).toBe("closed");
    expect(outcome.events).toEqual(seen);
    expect(outcome.events.length).toBeGreaterThanOrEqual(2);
    const last = outcome.events.at(-1);
    expect(last && "state" in last ? last.state : undefined).toBe("completed");
    expect(outcome.arrivalsMs).toEqual([...outcome.arrivalsMs].sort((a, b) => a - b));
    const [entry] = ctx.traffic.entries();
    expect(entry?.method).toBe(`${service}/SendStreamingMessage`);
    expect(entry?.events?.map((e) => JSON.parse(e.data) as unknown)).toEqual(outcome.rawEvents);
  });

  it("subscribes to a running task and sees it end", async () => {
    const c = client();
    const working = taskOf(await c.send({ text: "slow one" }, { returnImmediately: true }));
    let canceled: Promise<unknown> | undefined;
    const outcome = await c.subscribe(working.id, () => {
      canceled ??= c.cancelTask(working.id);
    });
    await canceled;
    expect(outcome.failure).toBeUndefined();
    expect(outcome.events.length).toBeGreaterThanOrEqual(1);
    const last = outcome.events.at(-1);
    expect(last && "state" in last ? last.state : undefined).toBe("canceled");
  });

  it("limits history with historyLength", async () => {
    const c = client();
    const sent = taskOf(await c.send({ text: "Where is my refund?" }));
    const full = taskOf(await c.getTask(sent.id));
    expect(full.history.length).toBeGreaterThanOrEqual(1);
    expect(taskOf(await c.getTask(sent.id, 1)).history.length).toBe(1);
  });

  it("answers an unknown task with TaskNotFound and NOT_FOUND", async () => {
    const outcome = await client().getTask("no-such-task");
    expect(outcome).toMatchObject({
      ok: false,
      kind: "error",
      error: { code: -32001, name: "TaskNotFound", grpcStatus: "NOT_FOUND" },
    });
  });

  it("refuses to cancel a completed task with TaskNotCancelable", async () => {
    const c = client();
    const done = taskOf(await c.send({ text: "quick question" }));
    const outcome = await c.cancelTask(done.id);
    expect(outcome).toMatchObject({
      ok: false,
      kind: "error",
      error: { code: -32002, grpcStatus: "FAILED_PRECONDITION" },
    });
  });

  it("reads over gRPC a task created over JSON-RPC, and the reverse", async () => {
    const message =
      protocol === "1.0"
        ? { messageId: randomUUID(), role: "ROLE_USER", parts: [{ text: "created over JSON-RPC" }] }
        : {
            kind: "message",
            messageId: randomUUID(),
            role: "user",
            parts: [{ kind: "text", text: "created over JSON-RPC" }],
          };
    const created = await jsonRpc(agent(), protocol === "1.0" ? "SendMessage" : "message/send", { message });
    const id = String((protocol === "1.0" ? (created.task as { id: string }) : created).id);
    expect(taskOf(await client().getTask(id)).state).toBe("completed");

    const overGrpc = taskOf(await client().send({ text: "created over gRPC" }));
    const read = await jsonRpc(agent(), protocol === "1.0" ? "GetTask" : "tasks/get", { id: overGrpc.id });
    expect(read.id).toBe(overGrpc.id);
  });
});

describe("the gRPC client, operations per generation", () => {
  const client = (protocol: AgentProtocol, ctx = context()): A2AClient => {
    const agent = agents.get(protocol) as RunningAgent;
    return createGrpcClient({ url: agent.grpcUrl ?? "", binding: "GRPC", generation: protocol }, ctx);
  };

  it("lists tasks over 1.0", async () => {
    const c = client("1.0");
    const sent = taskOf(await c.send({ text: "list me" }));
    const page = await c.listTasks({ contextId: sent.contextId });
    if (!page.ok) throw new Error(JSON.stringify(page));
    expect(page.value.tasks.map((t) => t.id)).toEqual([sent.id]);
    expect(page.value.nextPageToken).toBe("");
  });

  it("reports ListTasks as unsupported over 0.3, without a call", async () => {
    const ctx = context();
    expect(await client("0.3", ctx).listTasks()).toMatchObject({ ok: false, kind: "unsupported" });
    expect(ctx.traffic.entries()).toEqual([]);
  });

  it("reports a generation without a gRPC binding as unsupported", async () => {
    const c = createGrpcClient({ url: "127.0.0.1:1", binding: "GRPC", generation: "0.2" }, context());
    expect(await c.send({ text: "hi" })).toMatchObject({ ok: false, kind: "unsupported" });
  });

  it("sends the A2A-Version it is given: 1.0.0 is read as 1.0, 2.0 is refused with VersionNotSupported", async () => {
    const patch = await client("1.0", context({ headers: { "A2A-Version": "1.0.0" } })).send({ text: "hi" });
    expect(taskOf(patch).state).toBe("completed");
    const future = await client("1.0", context({ headers: { "A2A-Version": "2.0" } })).send({ text: "hi" });
    expect(future).toMatchObject({ ok: false, error: { code: -32009, grpcStatus: "FAILED_PRECONDITION" } });
  });
});
