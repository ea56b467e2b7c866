import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type AgentProtocol, type RunningAgent } from "../agent/index.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { TrafficLog } from "../net/traffic.js";
import type { Reply, Task } from "../protocol/model.js";
import { replyText } from "../protocol/reply-text.js";
import { JsonRpcA2AClient } from "./jsonrpc-binding.js";
import { createGrpcClient } from "./grpc/index.js";
import { createRestClient } from "./rest/index.js";
import type { A2AClient, ClientContext } from "./types.js";

/**
 * One contract, every binding (the same contract for every binding). Each binding registers how to
 * reach the reference agent; the behaviour asserted is the same for all.
 */
interface BindingCase {
  name: string;
  protocol: AgentProtocol;
  make: (agent: RunningAgent, ctx: ClientContext) => A2AClient;
}

const bindings: BindingCase[] = (["1.0", "0.3"] as const).flatMap((protocol) => [
  {
    name: `JSONRPC A2A ${protocol}`,
    protocol,
    make: (agent: RunningAgent, ctx: ClientContext) =>
      new JsonRpcA2AClient(
        { url: `${agent.url}/a2a/jsonrpc`, binding: "JSONRPC", generation: protocol },
        ctx,
      ),
  },
  {
    name: `HTTP+JSON A2A ${protocol}`,
    protocol,
    make: (agent: RunningAgent, ctx: ClientContext) =>
      createRestClient({ url: `${agent.url}/a2a/rest`, binding: "HTTP+JSON", generation: protocol }, ctx),
  },
  {
    name: `GRPC A2A ${protocol}`,
    protocol,
    make: (agent: RunningAgent, ctx: ClientContext) =>
      createGrpcClient({ url: agent.grpcUrl ?? "", binding: "GRPC", generation: protocol }, ctx),
  },
]);

const agents = new Map<AgentProtocol, RunningAgent>();
beforeAll(async () => {
  for (const protocol of ["1.0", "0.3"] as const)
    agents.set(protocol, await startReferenceAgent({ port: 0, protocol, slowTaskMs: 3000 }));
});
afterAll(async () => {
  await Promise.all([...agents.values()].map((a) => a.close()));
});

const context = (): ClientContext => ({
  headers: {},
  timeoutMs: 5000,
  policy: commandLinePolicy,
  traffic: new TrafficLog(),
});

function expectTask(outcome: Awaited<ReturnType<A2AClient["getTask"]>>): Task {
  if (!outcome.ok) throw new Error(`expected a task, got ${outcome.kind}: ${JSON.stringify(outcome)}`);
  return outcome.value;
}

describe.each(bindings)("A2A client contract: $name", ({ name, protocol, make }) => {
  const grpc = name.startsWith("GRPC");
  const client = (ctx = context()) => make(agents.get(protocol) as RunningAgent, ctx);

  it("send returns a completed task with a text artifact, recorded in the traffic log", async () => {
    const ctx = context();
    const outcome = await client(ctx).send({ text: "Where is my parcel?" });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.value).toMatchObject({ kind: "task", state: "completed" });
    expect(replyText(outcome.value)).toContain("Where is my parcel?");
    expect(ctx.traffic.entries().map((e) => e.id)).toEqual(outcome.trafficIds);
  });

  it("a prepared send sends its message anew each time, with a fresh messageId, judged like send", async () => {
    const ctx = context();
    const send = client(ctx).prepareSend({ text: "Where is my parcel?", metadata: { run: "prepared" } });
    const outcomes = [await send(), await send(), await send()];
    for (const outcome of outcomes) {
      if (!outcome.ok) throw new Error(`expected a task, got ${JSON.stringify(outcome)}`);
      expect(outcome.value).toMatchObject({ kind: "task", state: "completed" });
      expect(replyText(outcome.value)).toContain("Where is my parcel?");
    }
    const taskIds = outcomes.map((o) => (o.ok && o.value.kind === "task" ? o.value.id : ""));
    expect(new Set(taskIds).size).toBe(3);
    if (grpc) return;
    // Over HTTP the requests are in the traffic log: one message each, ids all different, the rest alike.
    const messages = ctx.traffic.entries().map((e) => {
      const body = JSON.parse(e.request_body ?? "{}") as {
        params?: { message?: unknown };
        message?: unknown;
      };
      return (body.params?.message ?? body.message) as { messageId: string; metadata?: unknown };
    });
    expect(new Set(messages.map((m) => m.messageId)).size).toBe(3);
    expect(messages.map((m) => m.metadata)).toEqual([
      { run: "prepared" },
      { run: "prepared" },
      { run: "prepared" },
    ]);
  });

  it("continues an input-required task on the same task and context", async () => {
    const c = client();
    const first = await c.send({ text: "This is ambiguous" });
    if (!first.ok || first.value.kind !== "task") throw new Error("expected a task");
    expect(first.value.state).toBe("input-required");
    const second = await c.send({
      text: "Order 4411",
      taskId: first.value.id,
      contextId: first.value.contextId,
    });
    if (!second.ok || second.value.kind !== "task") throw new Error("expected a task");
    expect(second.value).toMatchObject({
      id: first.value.id,
      contextId: first.value.contextId,
      state: "completed",
    });
  });

  it("gets a task with history limited by historyLength", async () => {
    const c = client();
    const sent = await c.send({ text: "hello" });
    if (!sent.ok || sent.value.kind !== "task") throw new Error("expected a task");
    const full = expectTask(await c.getTask(sent.value.id));
    expect(full.history.length).toBeGreaterThan(0);
    // The 0.3 proto cannot tell historyLength 0 from unset, so 0.3 gRPC cannot ask for no history.
    if (!(grpc && protocol === "0.3"))
      expect(expectTask(await c.getTask(sent.value.id, 0)).history).toEqual([]);
    expect(expectTask(await c.getTask(sent.value.id, 1)).history.length).toBeLessThanOrEqual(1);
  });

  it("an unknown task id is TaskNotFound", async () => {
    const outcome = await client().getTask("no-such-task-id");
    expect(outcome).toMatchObject({
      ok: false,
      kind: "error",
      error: { code: -32001, name: "TaskNotFound" },
    });
  });

  it("cancels a slow task, and a finished task is not cancelable", async () => {
    const c = client();
    const started = await c.send({ text: "slow please" }, { returnImmediately: true });
    if (!started.ok || started.value.kind !== "task") throw new Error("expected a task");
    const canceled = expectTask(await c.cancelTask(started.value.id));
    expect(canceled.state).toBe("canceled");
    const again = await c.cancelTask(started.value.id);
    expect(again.ok ? again.value.state : again.kind).toMatch(/canceled|error/);
    const done = await c.send({ text: "quick" });
    if (!done.ok || done.value.kind !== "task") throw new Error("expected a task");
    expect(await c.cancelTask(done.value.id)).toMatchObject({
      ok: false,
      kind: "error",
      error: { code: -32002 },
    });
  });

  it("streams ordered events ending in a terminal state, delivered live", async () => {
    const live: Reply[] = [];
    const stream = await client().stream({ text: "stream this" }, (e) => live.push(e));
    expect(stream.failure).toBeUndefined();
    // gRPC streams have no HTTP content type.
    expect(stream.contentType).toBe(grpc ? "" : "text/event-stream");
    expect(stream.events.length).toBeGreaterThanOrEqual(3);
    expect(live.length).toBe(stream.events.length);
    expect(stream.events[0]?.kind).toMatch(/task|status-update/);
    const last = stream.events.at(-1);
    expect(last?.kind === "status-update" ? last.state : last?.kind === "task" ? last.state : undefined).toBe(
      "completed",
    );
    expect(stream.arrivalsMs).toEqual([...stream.arrivalsMs].sort((a, b) => a - b));
    expect(stream.end.reason).toBe("closed");
  });

  it("subscribes to a running task and sees it end", async () => {
    const c = client();
    const started = await c.send({ text: "slow one" }, { returnImmediately: true });
    if (!started.ok || started.value.kind !== "task") throw new Error("expected a task");
    const taskId = started.value.id;
    const sub = c.subscribe(taskId);
    setTimeout(() => void c.cancelTask(taskId), 300);
    const stream = await sub;
    expect(stream.failure).toBeUndefined();
    expect(stream.events.length).toBeGreaterThan(0);
  });

  it("lists tasks in 1.0 and says unsupported before", async () => {
    const outcome = await client().listTasks({ pageSize: 5 });
    if (protocol === "1.0") {
      expect(outcome.ok).toBe(true);
      if (outcome.ok) expect(outcome.value.tasks.length).toBeGreaterThan(0);
    } else {
      expect(outcome).toMatchObject({ ok: false, kind: "unsupported" });
    }
  });

  it("push config calls on an agent without push support come back as errors, not exceptions", async () => {
    const outcome = await client().setPushConfig("some-task", { url: "http://127.0.0.1:9/hook" });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.kind).toMatch(/error|unsupported/);
  });

  it("the extended card call comes back as a card or a well-formed error", async () => {
    const outcome = await client().getExtendedCard();
    if (outcome.ok) expect(typeof outcome.value).toBe("object");
    else expect(outcome.kind).toMatch(/error|unsupported/);
  });
});
