import { describe, expect, it } from "vitest";
import getTask from "../checks/lifecycle/get-task.js";
import sendReturnsTask from "../checks/lifecycle/send-returns-task.js";
import { handAgentsClosedAfterAll, handCard10, verdictsOn } from "../runner/testing/hand-agent.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A 1.0 agent that serves a message only when its request's metadata names the skill "a2a.test" (seen at first
 * sight: -32004 "unsupported skill ''" otherwise); its card lists `cardSkill`.
 */
async function skillGated(cardSkill: string): Promise<string> {
  const tasks = new Set<string>();
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card")
      return {
        ...handCard10(url),
        skills: [{ id: cardSkill, name: "Test", description: "Tests", tags: ["test"] }],
      };
    const task = (id: string) => ({ id, contextId: "c1", status: { state: "TASK_STATE_COMPLETED" } });
    if (request.method === "SendMessage") {
      const metadata = request.params.metadata as { skill?: unknown } | undefined;
      if (metadata?.skill !== "a2a.test")
        return {
          error: {
            code: -32004,
            message: `unsupported skill '${typeof metadata?.skill === "string" ? metadata.skill : ""}'; peer offers 'a2a.test'`,
          },
        };
      const id = `t${tasks.size + 1}`;
      tasks.add(id);
      return { result: { task: task(id) } };
    }
    if (request.method === "GetTask" && tasks.has(String(request.params.id)))
      return { result: task(String(request.params.id)) };
    return { error: { code: -32001, message: "task not found" } };
  });
  return agent.url;
}

describe("an agent that takes messages only when they name one of its skills", () => {
  it("is sent the skill it lists: its refusal is send-returns-task's one finding, and its tasks are read on", async () => {
    const verdicts = await verdictsOn(await skillGated("a2a.test"), [sendReturnsTask, getTask], "JSONRPC");
    const sent = verdicts.get("lifecycle.send-returns-task");
    expect(sent).toMatchObject({ status: "fail" });
    expect(sent?.message).toMatch(/refused a message that names no skill .*\("skill": "a2a\.test"\)/);
    expect(verdicts.get("lifecycle.get-task")).toMatchObject({ status: "pass" });
  });

  it("is not sent a skill its card does not list: the refusal stands", async () => {
    const verdicts = await verdictsOn(await skillGated("other.skill"), [sendReturnsTask, getTask], "JSONRPC");
    expect(verdicts.get("lifecycle.send-returns-task")?.message).toMatch(/unsupported skill/);
    expect(verdicts.get("lifecycle.get-task")?.status).not.toBe("pass");
  });

  it("learns nothing from a refusal that does not hold: the message taken as the spec has it when sent again", async () => {
    let refused = 0;
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card") return handCard10(url);
      if (request.method === "SendMessage" && refused++ === 0)
        return { error: { code: -32603, message: "no skill matched this time" } };
      if (request.method === "SendMessage")
        return { result: { task: { id: "t1", contextId: "c1", status: { state: "TASK_STATE_COMPLETED" } } } };
      return { error: { code: -32001, message: "task not found" } };
    });
    const verdicts = await verdictsOn(agent.url, [sendReturnsTask], "JSONRPC");
    expect(verdicts.get("lifecycle.send-returns-task")?.message).not.toMatch(/names no skill/);
  });
});
