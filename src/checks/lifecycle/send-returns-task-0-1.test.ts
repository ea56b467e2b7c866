import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard01,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import sendReturnsTask from "./send-returns-task.js";

const startHandAgent = handAgentsClosedAfterAll();

/** A 0.1 agent that names each task by the client's id, or (`ownIds`) makes up one of its own (seen at first sight). */
async function agent01(ownIds: boolean): Promise<string> {
  let made = 0;
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard01(url);
    const asked = typeof request.params.id === "string" ? request.params.id : "none";
    if (request.method === "tasks/send") {
      const id = ownIds ? `server-${++made}` : asked;
      return { result: { id, sessionId: "s-1", status: { state: "completed" } } };
    }
    if (request.method === "tasks/get")
      return { result: { id: asked, sessionId: "s-1", status: { state: "completed" } } };
    return refusal(-32601);
  });
  return agent.url;
}

describe("lifecycle.send-returns-task on A2A 0.1", () => {
  it("fails an agent that answers a send about a task id of its own, not the client's (0.1 §6.1: MUST be used)", async () => {
    const finding = (await verdictsOn(await agent01(true), [sendReturnsTask])).get(sendReturnsTask.id);
    expect(finding, finding?.message).toMatchObject({ status: "fail", level: "MUST" });
    expect(finding?.message).toMatch(
      /the send named task .+, and the agent answered about task server-\d+: in A2A 0.1 the client.s task id "MUST be used/,
    );
  });

  it("passes an agent that keeps the client's task id", async () => {
    const finding = (await verdictsOn(await agent01(false), [sendReturnsTask])).get(sendReturnsTask.id);
    expect(finding?.status, finding?.message).toBe("pass");
  });
});
