import { expect } from "vitest";
import { errorCode, jsonrpc, newTask, type FlawCheck, type FlawProbe } from "./flaw-probe.js";
import { postSse, rpc, waitFor } from "./http-client.js";

type Json = Record<string, unknown>;

const subscribeMethod = (probe: FlawProbe) =>
  probe.dialect.protocol === "1.0" ? "SubscribeToTask" : "tasks/resubscribe";

/** The `result` of each event of a message stream of the ordinary message. */
/** The agent's subscription (tasks/resubscribe, SubscribeToTask) to task `id`, as it answers it. */
function subscribe(probe: FlawProbe, id: string, signal = AbortSignal.timeout(10_000)): Promise<Response> {
  return fetch(jsonrpc(probe), {
    method: "POST",
    headers: probe.dialect.headers,
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: subscribeMethod(probe), params: { id } }),
    signal,
  });
}

async function streamResults(probe: FlawProbe): Promise<{ contentType: string; results: unknown[] }> {
  const { dialect } = probe;
  const body = {
    jsonrpc: "2.0",
    id: 1,
    method: dialect.methods.stream,
    params: dialect.sendParams("What can you help with?"),
  };
  const { contentType, events } = await postSse(jsonrpc(probe), body, dialect.headers);
  return { contentType, results: events.map((event) => event.result) };
}

/** The contextId of a stream event (Task, or either protocol's update). */
function contextOf(result: unknown): unknown {
  const event = result as Json;
  const inner = (event.task ?? event.statusUpdate ?? event.artifactUpdate ?? event) as Json;
  return inner.contextId;
}

/** Opens a stream and returns its reader after the first chunk, plus that chunk's text. */
async function openStream(probe: FlawProbe, params: Json, signal: AbortSignal) {
  const { dialect } = probe;
  const response = await fetch(jsonrpc(probe), {
    method: "POST",
    headers: dialect.headers,
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: dialect.methods.stream, params }),
    signal,
  });
  if (!response.body) throw new Error("no response body");
  const reader = response.body.getReader();
  const first = await reader.read();
  return { reader, text: new TextDecoder().decode(first.value) };
}

/** Streaming and subscribe flaw checks: each passes on its flaw and throws on the flawless agent. */
/** Opens a slow message stream, drops it after its first event, and returns the task it named. */
async function dropStream(probe: FlawProbe): Promise<string> {
  const controller = new AbortController();
  const params = probe.dialect.sendParams("slow: take your time");
  const { text } = await openStream(probe, params, controller.signal);
  controller.abort();
  const id = /"id":"([^"]+)"/.exec(text.slice(text.indexOf('"result"')))?.[1];
  if (!id) throw new Error("the first event named no task");
  return id;
}

export const STREAMING_CHECKS: Record<string, FlawCheck> = {
  "stream-refusal-silent": async (probe) => {
    const { dialect } = probe;
    const params = dialect.sendParams("Hello", { taskId: "never-issued" });
    const body = { jsonrpc: "2.0", id: 1, method: dialect.methods.stream, params };
    const { contentType, events } = await postSse(jsonrpc(probe), body, dialect.headers);
    expect(contentType).toContain("text/event-stream");
    expect(events).toEqual([]);
  },
  "stream-no-final": async (probe) => {
    const { results } = await streamResults(probe);
    expect(results.length).toBeGreaterThan(0);
    expect(results.some((r) => probe.dialect.event(r).final)).toBe(false);
  },
  "task-missing-kind": async (probe) => {
    const { results } = await streamResults(probe);
    const first = results[0] as Record<string, unknown>;
    expect(first.id).toBeTypeOf("string");
    expect(first.kind).toBeUndefined();
  },
  "stream-state-backwards": async (probe) => {
    const { results } = await streamResults(probe);
    const states = results.map((r) => probe.dialect.event(r).state);
    const working = states.indexOf("working");
    expect(working).toBeGreaterThanOrEqual(0);
    expect(states.slice(working + 1)).toContain("submitted");
  },
  "stream-events-after-final": async (probe) => {
    const { results } = await streamResults(probe);
    const events = results.map((r) => probe.dialect.event(r));
    const done = events.findIndex((e) => e.kind === "status" && e.state === "completed");
    expect(done).toBeGreaterThanOrEqual(0);
    expect(events.length - 1).toBeGreaterThan(done);
  },
  "stream-final-task-snapshot": async (probe) => {
    const { results } = await streamResults(probe);
    const events = results.map((r) => probe.dialect.event(r));
    expect(events.at(-2)).toMatchObject({ kind: "status", state: "completed" });
    expect(events.at(-1)).toMatchObject({ kind: "task", state: "completed" });
  },
  "stream-single-task": async (probe) => {
    const { results } = await streamResults(probe);
    const events = results.map((r) => probe.dialect.event(r));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: "task", state: "completed" });
  },
  "resubscribe-unserved": async (probe) => {
    const reply = await rpc(jsonrpc(probe), subscribeMethod(probe), { id: "any" }, probe.dialect.headers);
    expect(errorCode(reply.body as Json)).toBe(-32601);
  },
  "stream-events-not-jsonrpc": async (probe) => {
    const { dialect } = probe;
    const body = { jsonrpc: "2.0", id: 1, method: dialect.methods.stream, params: dialect.sendParams("Hi") };
    const { events } = await postSse(jsonrpc(probe), body, dialect.headers);
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expect(event).toMatchObject({ specversion: "1.0", data: { kind: "task" } });
  },
  "stream-framed-no-final": async (probe) => {
    const { dialect } = probe;
    const body = { jsonrpc: "2.0", id: 1, method: dialect.methods.stream, params: dialect.sendParams("Hi") };
    const response = await fetch(jsonrpc(probe), {
      method: "POST",
      headers: dialect.headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    expect(text).toContain("data: \x1e{");
    expect(text).not.toContain('"final":true');
  },
  "stream-wrong-content-type": async (probe) => {
    const { contentType, results } = await streamResults(probe);
    expect(contentType).toMatch(/^application\/json/);
    expect(results.length).toBeGreaterThan(0);
  },
  "stream-never-ends": async (probe) => {
    const controller = new AbortController();
    try {
      const { reader, text } = await openStream(probe, probe.dialect.sendParams("Hi"), controller.signal);
      let seen = text;
      while (!/completed/i.test(seen)) {
        const chunk = await reader.read();
        if (chunk.done) throw new Error("the stream ended before its completed event");
        seen += new TextDecoder().decode(chunk.value);
      }
      const idle = new Promise<"open">((resolve) => setTimeout(() => resolve("open"), 1000));
      expect(await Promise.race([reader.read().then(() => "more"), idle])).toBe("open");
    } finally {
      controller.abort();
    }
  },
  "stream-first-event-completed": async (probe) => {
    const { results } = await streamResults(probe);
    expect(probe.dialect.event(results[0])).toMatchObject({ kind: "status", state: "completed" });
  },
  "stream-updates-0x-shaped": async (probe) => {
    const { results } = await streamResults(probe);
    const [task, working] = results as Json[];
    expect(task?.task).toBeTypeOf("object");
    expect(working).toMatchObject({ kind: "status-update", status: { state: "working" } });
    expect(working?.statusUpdate).toBeUndefined();
  },
  "stream-update-wrong-context": async (probe) => {
    const { results } = await streamResults(probe);
    const taskContext = contextOf(results[0]);
    expect(probe.dialect.event(results[0]).kind).toBe("task");
    expect(results.slice(1).some((r) => contextOf(r) !== taskContext)).toBe(true);
  },
  "subscribe-refusals-in-stream": async (probe) => {
    const task = await newTask(probe);
    const response = await subscribe(probe, task.id);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(await response.text()).toMatch(/^event: error\n/);
  },
  "subscribe-unsupported": async (probe) => {
    const task = await newTask(probe, "slow: take your time");
    const controller = new AbortController();
    try {
      const response = await subscribe(probe, task.id, controller.signal);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(errorCode((await response.json()) as Json)).toBe(-32004);
    } finally {
      controller.abort();
    }
  },
  "subscription-events-after-final": async (probe) => {
    // A slow task is still working when the subscription opens: the subscription carries it to its end.
    const task = await newTask(probe, "slow: take your time");
    const { dialect } = probe;
    const body = { jsonrpc: "2.0", id: 1, method: subscribeMethod(probe), params: { id: task.id } };
    const { events } = await postSse(jsonrpc(probe), body, dialect.headers);
    const read = events.map((event) => dialect.event(event.result));
    const done = read.findIndex((e) => e.kind === "status" && e.state === "completed");
    expect(done).toBeGreaterThanOrEqual(0);
    expect(read.slice(done + 1)).toContainEqual(read[done]);
  },
  "finished-resubscribe-silent": async (probe) => {
    // A blocking send of the ordinary message answers the task completed; its resubscription is an empty stream.
    const task = await newTask(probe);
    expect(task.state).toBe("completed");
    const response = await subscribe(probe, task.id);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(await response.text()).toBe("");
  },
  "dropped-stream-loses-task": async (probe) => {
    const id = await dropStream(probe);
    const { dialect } = probe;
    const code = await waitFor(async () => {
      const reply = await rpc(jsonrpc(probe), dialect.methods.get, { id }, dialect.headers);
      return reply.body.error ? errorCode(reply.body) : undefined;
    }, 1000);
    expect(code).toBe(-32001);
  },
  "dropped-stream-cancels-task": async (probe) => {
    const id = await dropStream(probe);
    const { dialect } = probe;
    const state = await waitFor(async () => {
      const reply = await rpc(jsonrpc(probe), dialect.methods.get, { id }, dialect.headers);
      const found = dialect.task(reply.body.result).state;
      return found === "canceled" ? found : undefined;
    }, 1000);
    expect(state).toBe("canceled");
  },
};
