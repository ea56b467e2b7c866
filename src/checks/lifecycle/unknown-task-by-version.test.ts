import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard03,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import cancelUnknownTask from "./cancel-unknown-task.js";
import cancelUnknownTask0x from "./cancel-unknown-task-0x.js";
import unknownTaskNotFound from "./unknown-task-not-found.js";
import unknownTaskNotFound0x from "./unknown-task-not-found-0x.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A hand-written agent of the given wire version whose `method` of an unknown id answers `code`. Its card is
 * the 0.3 fixture with that protocolVersion (0.2.5 and 0.3.0 cards share these members).
 */
async function agentAnswering(protocolVersion: string, method: string, code: number): Promise<string> {
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return { ...handCard03(url), protocolVersion };
    return request.method === method ? refusal(code) : refusal(-32601);
  });
  return agent.url;
}

// A read and a cancel of an unknown task: TaskNotFound is a SHOULD of 0.1/0.2 §8.2 and a MUST of 0.3 §11.1.5
// (both are core methods there, §11.1.2) and of 1.0.
describe.each([
  { method: "tasks/get", must: unknownTaskNotFound, should: unknownTaskNotFound0x },
  { method: "tasks/cancel", must: cancelUnknownTask, should: cancelUnknownTask0x },
])("$method of an unknown task, judged by the words of the agent's version", ({ method, must, should }) => {
  const verdicts = (url: string) => verdictsOn(url, [must, should]);

  it("fails a 0.2 agent's -32603 at SHOULD, as 0.2 §8.2 says servers SHOULD use -32001; the MUST check does not apply", async () => {
    const byId = await verdicts(await agentAnswering("0.2.5", method, -32603));
    expect(byId.get(should.id)).toMatchObject({ status: "fail", level: "SHOULD" });
    expect(byId.get(should.id)?.message).toMatch(/-32603.*-32001/);
    expect(byId.get(must.id)?.status).toBe("skip");
    expect(byId.get(must.id)?.message).toMatch(/applies to A2A 0.3, 1.0 only/);
  });

  it("passes a 0.2 agent that answers TaskNotFound", async () => {
    const byId = await verdicts(await agentAnswering("0.2.5", method, -32001));
    expect(byId.get(should.id)).toMatchObject({ status: "pass" });
  });

  it("fails a 0.3 agent's -32603 at MUST (0.3 §11.1.5), where the 0.1/0.2 check does not apply", async () => {
    const byId = await verdicts(await agentAnswering("0.3.0", method, -32603));
    expect(byId.get(must.id)).toMatchObject({ status: "fail", level: "MUST" });
    expect(byId.get(must.id)?.message).toMatch(/-32603.*-32001/);
    expect(byId.get(should.id)?.status).toBe("skip");
  });

  it("passes a 0.3 agent that answers TaskNotFound", async () => {
    const byId = await verdicts(await agentAnswering("0.3.0", method, -32001));
    expect(byId.get(must.id)).toMatchObject({ status: "pass" });
  });
});

describe("a read of an unknown task answered with a result", () => {
  it("names the result given where TaskNotFound (-32001) was due (first sight: {task: null})", async () => {
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card") return handCard03(url);
      return request.method === "tasks/get" ? { result: { task: null } } : refusal(-32601);
    });
    const finding = (await verdictsOn(agent.url, [unknownTaskNotFound])).get(unknownTaskNotFound.id);
    expect(finding).toMatchObject({ status: "fail", level: "MUST" });
    expect(finding?.message).toMatch(
      /answered with a result \(\{"task":null\}\) instead of TaskNotFound \(-32001\)/,
    );
  });
});
