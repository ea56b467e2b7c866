import { describe, expect, it } from "vitest";
import invalidParams from "../errors/invalid-params.js";
import {
  handAgentsClosedAfterAll,
  refusal,
  verdictsOn,
  handCard01,
  handCard03,
} from "../../runner/testing/hand-agent.js";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { runConformance } from "../../runner/run-conformance.js";
import cancelRunning from "./cancel-running.js";
import cancelTerminalErrors0x from "./cancel-terminal-errors-0x.js";
import cancelUnknownTask from "./cancel-unknown-task.js";
import cancelUnknownTask0x from "./cancel-unknown-task-0x.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A 0.1 agent (tasks/send with the client's task id, finished at once) that serves no tasks/cancel: it answers
 * -32601 as for any method it does not have (seen at first sight). With `servesCancel`, a cancel of a task
 * it has is refused TaskNotCancelable and of one it lacks TaskNotFound.
 */
async function agent01(servesCancel: boolean): Promise<string> {
  const tasks = new Set<string>();
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard01(url);
    const id = request.params.id;
    if (request.method === "tasks/send") {
      if (typeof id !== "string" || typeof request.params.message !== "object") return refusal(-32602);
      tasks.add(id);
      return {
        result: {
          id,
          status: { state: "completed" },
          artifacts: [{ parts: [{ type: "text", text: "echo" }] }],
        },
      };
    }
    if (request.method === "tasks/get" || (servesCancel && request.method === "tasks/cancel")) {
      if (typeof id !== "string") return refusal(-32602);
      if (!tasks.has(id)) return refusal(-32001);
      return request.method === "tasks/get"
        ? { result: { id, status: { state: "completed" } } }
        : refusal(-32002);
    }
    return refusal(-32601);
  });
  return agent.url;
}

const checks = [cancelUnknownTask0x, cancelTerminalErrors0x, invalidParams];

describe("tasks/cancel left unserved on A2A 0.1", () => {
  it("is a note of the cancel checks, which 0.1 allows, and no wrong params", async () => {
    const byId = await verdictsOn(await agent01(false), checks);
    for (const id of ["lifecycle.cancel-unknown-task-0x", "lifecycle.cancel-terminal-errors-0x"]) {
      expect(byId.get(id), id).toMatchObject({ status: "skip", not_supported: true });
      expect(byId.get(id)?.message, id).toMatch(/tasks\/cancel is not served \(MethodNotFound \(-32601\)\)/);
    }
    expect(byId.get("errors.invalid-params")?.message ?? "").not.toMatch(/tasks\/cancel/);
  });

  it("is judged by its codes when served", async () => {
    const byId = await verdictsOn(await agent01(true), checks);
    expect(byId.get("lifecycle.cancel-unknown-task-0x")).toMatchObject({ status: "pass" });
    expect(byId.get("lifecycle.cancel-terminal-errors-0x")).toMatchObject({ status: "pass" });
  });
});

/** A 0.3 agent whose tasks finish in the send's reply and which serves no tasks/cancel (seen at first sight). */
async function agent03WithoutCancel(): Promise<string> {
  const tasks = new Set<string>();
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard03(url);
    const task = (id: string) => ({ kind: "task", id, contextId: "c1", status: { state: "completed" } });
    if (request.method === "message/send") {
      const id = `t${tasks.size + 1}`;
      tasks.add(id);
      return { result: task(id) };
    }
    if (request.method === "tasks/get") {
      const id = request.params.id;
      return typeof id === "string" && tasks.has(id) ? { result: task(id) } : refusal(-32001);
    }
    return refusal(-32601);
  });
  return agent.url;
}

describe("tasks/cancel left unserved on A2A 0.3, where §11.1.2 makes it a core method", () => {
  it("fails lifecycle.cancel-running at MUST though no task runs, and the other cancel checks leave it there", async () => {
    const byId = await verdictsOn(await agent03WithoutCancel(), [
      cancelRunning,
      cancelUnknownTask,
      cancelTerminalErrors0x,
    ]);
    expect(byId.get("lifecycle.cancel-running")).toMatchObject({ status: "fail", level: "MUST" });
    expect(byId.get("lifecycle.cancel-running")?.message).toMatch(
      /tasks\/cancel is not served \(MethodNotFound \(-32601\)\): A2A 0\.3 §11\.1\.2/,
    );
    for (const id of ["lifecycle.cancel-unknown-task", "lifecycle.cancel-terminal-errors-0x"]) {
      expect(byId.get(id), id).toMatchObject({ status: "skip" });
      expect(byId.get(id)?.message, id).toMatch(/lifecycle\.cancel-running reports it/);
    }
  });
});

/**
 * A 0.3 agent whose tasks are in `state` from their send on: tasks/cancel refuses its own tasks TaskNotCancelable
 * and answers -32601 for any other id, as for any method it lacks; with `servesCancel` false, -32601 always.
 */
async function agent03(state: string, servesCancel: boolean, protocolVersion = "0.3.0"): Promise<string> {
  const tasks = new Set<string>();
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return { ...handCard03(url), protocolVersion };
    const task = (id: string) => ({ kind: "task", id, contextId: "c1", status: { state } });
    const id = String(request.params.id);
    if (request.method === "message/send") {
      const made = `t${tasks.size + 1}`;
      tasks.add(made);
      return { result: task(made) };
    }
    if (request.method === "tasks/get") return tasks.has(id) ? { result: task(id) } : refusal(-32001);
    if (request.method === "tasks/cancel" && servesCancel && tasks.has(id)) return refusal(-32002);
    return refusal(-32601);
  });
  return agent.url;
}

describe("tasks/cancel served, but MethodNotFound for an id the agent does not know (seen at first sight)", () => {
  it("fails lifecycle.cancel-unknown-task: the method is served, an unknown id is TaskNotFound", async () => {
    const byId = await verdictsOn(await agent03("completed", true), [cancelUnknownTask]);
    expect(byId.get("lifecycle.cancel-unknown-task")).toMatchObject({ status: "fail", level: "MUST" });
    expect(byId.get("lifecycle.cancel-unknown-task")?.message).toMatch(
      /answered MethodNotFound \(-32601\), while canceling finished task t\d+ got TaskNotCancelable.*tasks\/cancel is served/,
    );
  });
});

describe("tasks/cancel left unserved on A2A 0.2, which requires no server to serve it", () => {
  it("is a note of lifecycle.cancel-running too, not a MUST failure", async () => {
    const result = await runConformance({
      agentUrl: await agent03("working", false, "0.2.5"),
      headers: {},
      timeoutMs: 3000,
      policy: commandLinePolicy,
      catalogue: [cancelRunning],
      protocolOverride: "0.2",
    });
    const finding = result.findings?.find((f) => f.id === "lifecycle.cancel-running");
    expect(finding).toMatchObject({ status: "skip", not_supported: true });
    expect(finding?.message).toMatch(
      /tasks\/cancel is not served \(MethodNotFound \(-32601\)\): A2A 0\.2 defines the method but requires no server to serve it/,
    );
  });
});
