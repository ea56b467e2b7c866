import { describe, expect, it } from "vitest";
import { handCard03, rawAgentsClosedAfterAll, verdictsOn } from "../../runner/testing/hand-agent.js";
import serverSurvives from "./server-survives.js";

const startAgent = rawAgentsClosedAfterAll();

/**
 * A 0.3 agent whose tasks complete at once and which closes the connection on a send whose message is a
 * number (seen at first sight: a stdlib bridge), answering everything else; with `dies`, it answers nothing
 * after that.
 */
const closesOnBadMessage = (dies: boolean) => {
  const tasks = new Set<string>();
  let dead = false;
  return startAgent((call, res, url) => {
    res.setHeader("content-type", "application/json");
    if (!call) return void res.end(JSON.stringify(handCard03(url)));
    if (dead) return void res.socket?.destroy();
    const reply = (result: unknown) => res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result }));
    const task = (id: string) => ({ kind: "task", id, contextId: "c1", status: { state: "completed" } });
    if (call.method === "message/send") {
      if (typeof call.params.message === "number") {
        dead = dies;
        return void res.socket?.destroy();
      }
      const id = `t${tasks.size + 1}`;
      tasks.add(id);
      return void reply(task(id));
    }
    if (call.method === "tasks/get" && tasks.has(String(call.params.id)))
      return void reply(task(String(call.params.id)));
    res.end(
      JSON.stringify({ jsonrpc: "2.0", id: call.id, error: { code: -32602, message: "Invalid params" } }),
    );
  });
};

describe("errors.server-survives", () => {
  it("passes a server that left one bad request unanswered and answers all after it (that is error-envelope's)", async () => {
    const finding = (await verdictsOn(await closesOnBadMessage(false), [serverSurvives])).get(
      serverSurvives.id,
    );
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/got no answer .*: errors\.error-envelope's finding/);
  });

  it("fails a server that answers nothing after the bad request", async () => {
    const finding = (await verdictsOn(await closesOnBadMessage(true), [serverSurvives])).get(
      serverSurvives.id,
    );
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(
      /after the bad requests \(.*got no answer.*\), reading task t\d+ failed/,
    );
  });
});
