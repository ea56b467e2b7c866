import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent } from "../../agent/index.js";
import type { AgentProtocol, RunningAgent } from "../../agent/index.js";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { TrafficLog } from "../../net/traffic.js";
import { terminalStates } from "../../protocol/model.js";
import type { Message, Reply, Task } from "../../protocol/model.js";
import { replyText } from "../../protocol/reply-text.js";
import type { CallOutcome } from "../types.js";
import { createRestClient } from "./index.js";
import type { RestClient } from "./index.js";

function taskOf(outcome: CallOutcome<Task | Message>): Task {
  if (!outcome.ok) throw new Error(`expected a reply, got ${JSON.stringify(outcome)}`);
  if (outcome.value.kind !== "task") throw new Error("expected a Task");
  return outcome.value;
}

const stateOf = (reply: Reply | undefined): string | undefined =>
  reply && (reply.kind === "task" || reply.kind === "status-update") ? reply.state : undefined;

describe.each(["0.3", "1.0"] as const)("HTTP+JSON client against the reference agent, A2A %s", (protocol) => {
  let agent: RunningAgent;
  let traffic: TrafficLog;
  let client: RestClient;

  beforeAll(async () => {
    agent = await startReferenceAgent({
      protocol: protocol satisfies AgentProtocol,
      slowTaskMs: 1000,
      // The push tests below map PushNotificationNotSupported, so this agent does not claim push.
      pushNotifications: false,
    });
    traffic = new TrafficLog();
    client = createRestClient(
      { url: `${agent.url}/a2a/rest`, binding: "HTTP+JSON", generation: protocol },
      { headers: {}, timeoutMs: 2000, policy: commandLinePolicy, traffic },
    );
  });
  afterAll(() => agent.close());

  it("sends a message and gets a completed task with the agent's text", async () => {
    const outcome = await client.send({ text: "Why was I charged twice?" });
    const task = taskOf(outcome);
    expect(task.state).toBe("completed");
    expect(replyText(task)).toContain("Why was I charged twice?");
    expect(outcome.trafficIds).toHaveLength(1);
    const entry = traffic.entries().find((e) => e.id === outcome.trafficIds[0]);
    expect(entry?.label).toBe("SendMessage");
    expect(entry?.url).toMatch(
      protocol === "0.3" ? /\/a2a\/rest\/v1\/message:send$/ : /\/a2a\/rest\/message:send$/,
    );
  });

  it("continues an input-required task on the same task until it completes", async () => {
    const first = taskOf(await client.send({ text: "Something ambiguous" }));
    expect(first.state).toBe("input-required");
    const ids = { taskId: first.id, ...(first.contextId ? { contextId: first.contextId } : {}) };
    const second = taskOf(await client.send({ text: "It is about a refund", ...ids }));
    expect(second.id).toBe(first.id);
    expect(second.state).toBe("completed");
  });

  it("cancels a slow task that was sent with returnImmediately", async () => {
    const running = taskOf(await client.send({ text: "slow one" }, { returnImmediately: true }));
    expect(terminalStates.has(running.state)).toBe(false);
    const canceled = await client.cancelTask(running.id);
    expect(canceled.ok && canceled.value.state).toBe("canceled");
  });

  it("streams events in order, the first a task and the last terminal", async () => {
    const live: Reply[] = [];
    const outcome = await client.stream({ text: "hello" }, (e) => live.push(e));
    expect(outcome.failure).toBeUndefined();
    expect(outcome.contentType).toBe("text/event-stream");
    expect(outcome.end.reason).toBe("closed");
    expect(live).toEqual(outcome.events);
    expect(outcome.rawEvents).toHaveLength(outcome.events.length);
    expect(outcome.events[0]?.kind).toBe("task");
    expect(stateOf(outcome.events.at(-1))).toBe("completed");
    expect(outcome.arrivalsMs).toEqual([...outcome.arrivalsMs].sort((a, b) => a - b));
    expect(outcome.invalidEvents).toEqual([]);
  });

  it("subscribes to a running task and follows it to the end, recording the verb", async () => {
    const running = taskOf(await client.send({ text: "slow please" }, { returnImmediately: true }));
    const outcome = await client.subscribe(running.id);
    expect(outcome.failure).toBeUndefined();
    expect(outcome.events[0]).toMatchObject({ kind: "task", id: running.id });
    expect(stateOf(outcome.events.at(-1))).toBe("completed");
    // The reference agent runs the JS SDK, which accepts both verbs: the first one tried wins.
    expect(client.lastSubscribe).toEqual({ verb: "POST" });
  });

  it("refuses a subscribe to an unknown task with an error reply, not a stream", async () => {
    const outcome = await client.subscribe("no-such-task");
    expect(outcome.failure).toMatchObject({ ok: false, kind: "error" });
    expect(outcome.events).toEqual([]);
    // SDK 0.3.14 REST answers 500 "Bug: toJson serializer…" (-32603) for any error before the first
    // event; only 1.0 names the real error.
    if (protocol === "1.0")
      expect(outcome.failure).toMatchObject({ error: { code: -32001, httpStatus: 404 } });
  });

  it("reads a task with historyLength 0 (no history) and 1 (one message)", async () => {
    const task = taskOf(await client.send({ text: "hello" }));
    const none = await client.getTask(task.id, 0);
    expect(none.ok && none.value.history).toEqual([]);
    const one = await client.getTask(task.id, 1);
    expect(one.ok && one.value.history).toHaveLength(1);
  });

  it.runIf(protocol === "1.0")("lists tasks with a page size (1.0)", async () => {
    await client.send({ text: "hello" });
    const page = await client.listTasks({ pageSize: 1, status: "completed" });
    if (!page.ok) throw new Error(JSON.stringify(page));
    expect(page.value.tasks).toHaveLength(1);
    expect(page.value.tasks[0]?.state).toBe("completed");
    expect(typeof page.value.nextPageToken).toBe("string");
  });

  it.runIf(protocol === "0.3")("reports ListTasks as unsupported without a request (0.3)", async () => {
    expect(await client.listTasks()).toMatchObject({ ok: false, kind: "unsupported", trafficIds: [] });
  });

  it("answers an unknown task with TaskNotFound and HTTP 404", async () => {
    const outcome = await client.getTask("no-such-task");
    expect(outcome).toMatchObject({
      ok: false,
      kind: "error",
      error: { code: -32001, name: "TaskNotFound", httpStatus: 404 },
    });
  });

  it("answers cancel of a completed task with TaskNotCancelable", async () => {
    const task = taskOf(await client.send({ text: "hello" }));
    const outcome = await client.cancelTask(task.id);
    // JS SDK 0.3 REST answers 409; 1.0.1 §4.3 says 400 FAILED_PRECONDITION.
    expect(outcome).toMatchObject({
      kind: "error",
      error: { code: -32002, httpStatus: protocol === "0.3" ? 409 : 400 },
    });
  });

  it("reads the extended card request as a well-formed value or error", async () => {
    const outcome = await client.getExtendedCard();
    // The card declares no extended card, so the SDK answers UnsupportedOperation (1.0 §5 rule 12).
    expect(outcome).toMatchObject({ ok: false, kind: "error", error: { code: -32004, httpStatus: 400 } });
  });

  it("maps every push config operation to PushNotificationNotSupported (-32003)", async () => {
    const task = taskOf(await client.send({ text: "hello" }));
    const outcomes = [
      await client.setPushConfig(task.id, { id: "c1", url: "https://hooks.example/a2a", token: "t" }),
      await client.getPushConfig(task.id, "c1"),
      await client.listPushConfigs(task.id),
      await client.deletePushConfig(task.id, "c1"),
    ];
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ ok: false, kind: "error", error: { code: -32003, httpStatus: 400 } });
    }
  });

  it("sends A2A-Version only for 1.0", async () => {
    const outcome = await client.getTask("no-such-task");
    const entry = traffic.entries().find((e) => e.id === outcome.trafficIds[0]);
    const version = Object.entries(entry?.request_headers ?? {}).find(
      ([k]) => k.toLowerCase() === "a2a-version",
    );
    expect(version?.[1]).toBe(protocol === "1.0" ? "1.0" : undefined);
  });
});
