import { describe, expect, it } from "vitest";
import {
  handCard01,
  handCard03,
  rawAgentsClosedAfterAll,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import droppedStream0x from "../streaming/dropped-stream-task-readable-0x.js";
import getTask from "./get-task.js";
import getTask0x from "./get-task-0x.js";
import taskRepliesSchemaValid from "./task-replies-schema-valid.js";

const startRawAgent = rawAgentsClosedAfterAll();

/**
 * A streaming 0.1 agent that stores a task only once it is done (seen at first sight: a proxy that writes the
 * task when its backend answers): tasks/get answers TaskNotFound while the task works. A send blocks until the
 * task is done; a stream says working at once and completed 400 ms later. `storesAtOnce` keeps every task from
 * its start instead.
 */
function storesWhenDone(storesAtOnce: boolean): Promise<string> {
  const stored = new Map<string, string>();
  const task = (id: string, state: string) => ({ id, sessionId: "s-1", status: { state } });
  return startRawAgent((call, res, url) => {
    if (!call) {
      res.setHeader("content-type", "application/json");
      return void res.end(JSON.stringify({ ...handCard01(url), capabilities: { streaming: true } }));
    }
    const id = String(call.params.id);
    const reply = (body: object) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, ...body }));
    };
    if (call.method === "tasks/send") {
      stored.set(id, "completed");
      return reply({ result: task(id, "completed") });
    }
    if (call.method === "tasks/sendSubscribe") {
      if (storesAtOnce) stored.set(id, "working");
      res.setHeader("content-type", "text/event-stream");
      const event = (state: string, final: boolean) =>
        `data: ${JSON.stringify({ jsonrpc: "2.0", id: call.id, result: { id, status: { state }, final } })}\n\n`;
      res.write(event("working", false));
      setTimeout(() => {
        stored.set(id, "completed");
        if (!res.writableEnded && !res.destroyed) res.end(event("completed", true));
      }, 400);
      return;
    }
    if (call.method === "tasks/get") {
      const state = stored.get(id);
      return reply(
        state ? { result: task(id, state) } : { error: { code: -32001, message: "Task not found" } },
      );
    }
    reply({ error: { code: -32601, message: "Method not found" } });
  });
}

// The agent speaks 0.1, which describes tasks/get without a keyword: lifecycle.get-task-0x judges it, at SHOULD.
describe("lifecycle.get-task-0x on a task that still works", () => {
  it("fails an agent that answers TaskNotFound until the task is done; the dropped-stream check leaves it there", async () => {
    const byId = await verdictsOn(await storesWhenDone(false), [getTask, getTask0x, droppedStream0x]);
    expect(byId.get(getTask.id)?.message).toMatch(/applies to A2A 0.3, 1.0 only/);
    expect(byId.get(getTask0x.id), byId.get(getTask0x.id)?.message).toMatchObject({
      status: "fail",
      level: "SHOULD",
    });
    expect(byId.get(getTask0x.id)?.message).toMatch(
      /^task .+, announced by its stream as working, was not found by tasks\/get while it worked: TaskNotFound/,
    );
    expect(byId.get(droppedStream0x.id)?.status).not.toBe("fail");
    expect(byId.get(droppedStream0x.id)?.message).toMatch(
      /not found right after the drop, only once it was completed: lifecycle\.get-task-0x's finding/,
    );
  });

  it("passes an agent that keeps a task from its start, saying it read the task while it worked", async () => {
    const byId = await verdictsOn(await storesWhenDone(true), [getTask0x]);
    expect(byId.get(getTask0x.id)).toMatchObject({ status: "pass" });
    expect(byId.get(getTask0x.id)?.message).toMatch(/and task .+ while it worked$/);
  });
});

describe("lifecycle.get-task on an agent that reads the task id only as taskId", () => {
  it("fails once, naming the parameter, and the checks of a task still read it (seen at first sight: -32004 for {id})", async () => {
    const task = { kind: "task", id: "t-1", contextId: "c-1", status: { state: "completed" } };
    const url = await startRawAgent((call, res, url) => {
      res.setHeader("content-type", "application/json");
      if (!call) return void res.end(JSON.stringify(handCard03(url)));
      const reply = (body: object) => res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, ...body }));
      if (call.method === "message/send") return reply({ result: task });
      if (call.method !== "tasks/get") return reply({ error: { code: -32601, message: "Method not found" } });
      return call.params.taskId === "t-1"
        ? reply({ result: { ...task, status: { state: "succeeded" } } })
        : reply({ error: { code: -32004, message: "Task not found" } });
    });
    const byId = await verdictsOn(url, [getTask, taskRepliesSchemaValid]);
    expect(byId.get(getTask.id)).toMatchObject({ status: "fail" });
    expect(byId.get(getTask.id)?.message).toMatch(
      /refused the task id as "id" \(-32004 Task not found\) and read it only as "taskId"/,
    );
    expect(byId.get(taskRepliesSchemaValid.id)?.status, byId.get(taskRepliesSchemaValid.id)?.message).toBe(
      "fail",
    );
  });
});
