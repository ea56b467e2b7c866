import type http from "node:http";
import { describe, expect, it } from "vitest";
import { handCard03, rawAgentsClosedAfterAll, verdictsOn } from "../../runner/testing/hand-agent.js";
import droppedStream0x from "./dropped-stream-task-readable-0x.js";
import subscribeRunning0x from "./subscribe-running-0x.js";

const startRawAgent = rawAgentsClosedAfterAll();

/** How long each task of the agent below works before it completes: the agent's pace, not an expectation. */
const WORK_MS = 400;

interface DropAgent {
  /** The agent stops a task whose message stream the client dropped: it reads back canceled (seen at first sight). */
  abortsOnDrop?: boolean;
  /** Which resubscriptions send the task once and close while it works: all, a dropped task's only, or none. */
  cutsResubscriptions: "all" | "dropped" | "none";
}

type Json = Record<string, unknown>;
const frame = (id: unknown, result: Json) => `data: ${JSON.stringify({ jsonrpc: "2.0", id, result })}\n\n`;

/**
 * A streaming 0.3 agent whose tasks work a moment, then complete with one artifact; each stream (a message's
 * or a resubscription's) carries the task to its final event, unless `cutsResubscriptions` says otherwise.
 */
async function dropAgent(options: DropAgent): Promise<string> {
  const tasks = new Map<string, { state: string; dropped: boolean; subscribers: Set<() => void> }>();
  const taskOf = (id: string): Json => {
    const task = tasks.get(id);
    const done = task?.state === "completed";
    const artifact = { artifactId: `a-${id}`, parts: [{ kind: "text", text: "the whole answer" }] };
    return {
      kind: "task",
      id,
      contextId: "c-1",
      status: { state: task?.state },
      ...(done ? { artifacts: [artifact] } : {}),
    };
  };
  const timers = new Map<string, () => void>();
  /**
   * A task working until WORK_MS after its clock starts: at once for a streamed message, at its first read
   * (a get or a resubscription) for a sent one, so that a task the check subscribes to right after sending
   * still works then, however busy the machine (the check's control subscription needs a working task).
   */
  const start = (clock: "now" | "first-read"): string => {
    const id = `t-${tasks.size + 1}`;
    tasks.set(id, { state: "working", dropped: false, subscribers: new Set() });
    const run = () => {
      timers.delete(id);
      setTimeout(() => {
        const task = tasks.get(id);
        if (task?.state !== "working") return;
        task.state = "completed";
        for (const notify of task.subscribers) notify();
      }, WORK_MS);
    };
    if (clock === "now") run();
    else timers.set(id, run);
    return id;
  };
  /** Streams task `id` on `res` to its final event: its current state first, its end when it comes. */
  const follow = (id: string, callId: unknown, res: http.ServerResponse): void => {
    const task = tasks.get(id);
    res.setHeader("content-type", "text/event-stream");
    res.write(frame(callId, taskOf(id)));
    if (!task || task.state !== "working") return void res.end();
    const notify = () => {
      const end = {
        kind: "status-update",
        taskId: id,
        contextId: "c-1",
        status: { state: task.state },
        final: true,
      };
      res.write(
        frame(callId, {
          kind: "artifact-update",
          taskId: id,
          contextId: "c-1",
          artifact: (taskOf(id).artifacts as Json[])[0],
        }),
      );
      res.end(frame(callId, end));
    };
    task.subscribers.add(notify);
    res.on("close", () => task.subscribers.delete(notify));
  };
  return startRawAgent((call, res, url) => {
    if (!call) {
      res.setHeader("content-type", "application/json");
      return void res.end(JSON.stringify({ ...handCard03(url), capabilities: { streaming: true } }));
    }
    const answer = (result: Json) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, ...result }));
    };
    if (call.method === "message/stream") {
      const id = start("now");
      follow(id, call.id, res);
      // The client dropped the stream before the task's end.
      res.on("close", () => {
        const task = tasks.get(id);
        if (!task || task.state !== "working" || res.writableEnded) return;
        task.dropped = true;
        if (options.abortsOnDrop) task.state = "canceled";
      });
      return;
    }
    if (call.method === "message/send") return answer({ result: taskOf(start("first-read")) });
    const id = String(call.params.id);
    if (!tasks.has(id)) return answer({ error: { code: -32001, message: "Task not found" } });
    timers.get(id)?.();
    if (call.method === "tasks/get") return answer({ result: taskOf(id) });
    if (call.method === "tasks/resubscribe") {
      const { cutsResubscriptions: cuts } = options;
      const cut = cuts === "all" || (cuts === "dropped" && tasks.get(id)?.dropped === true);
      if (!cut) return follow(id, call.id, res);
      res.setHeader("content-type", "text/event-stream");
      return void res.end(frame(call.id, taskOf(id)));
    }
    answer({ error: { code: -32601, message: "Method not found" } });
  });
}

describe("streaming.dropped-stream-task-readable-0x", () => {
  it("fails an agent that cancels the task its client dropped, though its resubscriptions are cut short on every task", async () => {
    const url = await dropAgent({ abortsOnDrop: true, cutsResubscriptions: "all" });
    // Run beside streaming.subscribe-running-0x, which fails the cut resubscriptions: the drop is still judged.
    const byId = await verdictsOn(url, [subscribeRunning0x, droppedStream0x]);
    expect(byId.get(subscribeRunning0x.id)).toMatchObject({ status: "fail" });
    const finding = byId.get(droppedStream0x.id);
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(
      /^the drop ended the work: task t-\d+ became canceled after its stream was dropped, while the same message otherwise ends completed/,
    );
  });

  it("leaves out a resubscription cut short on every task, judging only how the dropped task ends", async () => {
    const url = await dropAgent({ cutsResubscriptions: "all" });
    const finding = (await verdictsOn(url, [droppedStream0x])).get(droppedStream0x.id);
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(
      /ended completed; its resubscription was left out, since one to a task nobody dropped falls short too \(a subscription of task t-\d+ ended after 1 event\(s\) while the task was still working/,
    );
  });

  it("fails a resubscription cut short after the drop alone, while one to a task nobody dropped is carried to its end", async () => {
    const url = await dropAgent({ cutsResubscriptions: "dropped" });
    const finding = (await verdictsOn(url, [droppedStream0x])).get(droppedStream0x.id);
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(
      /^a resubscription of task t-\d+ ended after 1 event\(s\) while the task was still working/,
    );
  });

  it("passes an agent whose dropped task works on to its end, and whose resubscriptions carry it there", async () => {
    const url = await dropAgent({ cutsResubscriptions: "none" });
    const finding = (await verdictsOn(url, [droppedStream0x])).get(droppedStream0x.id);
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/ended completed; a resubscription carried it to its end/);
  });
});
