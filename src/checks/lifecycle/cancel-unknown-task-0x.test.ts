import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard03,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import cancelUnknownTask from "./cancel-unknown-task.js";
import cancelUnknownTask0x from "./cancel-unknown-task-0x.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A hand-written agent of the given wire version whose tasks/cancel of an unknown id answers `code`. Its card
 * is the 0.3 fixture with that protocolVersion (0.2.5 and 0.3.0 cards share these members).
 */
async function agentAnswering(protocolVersion: string, code: number): Promise<string> {
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return { ...handCard03(url), protocolVersion };
    return request.method === "tasks/cancel" ? refusal(code) : refusal(-32601);
  });
  return agent.url;
}

const verdicts = (url: string) => verdictsOn(url, [cancelUnknownTask, cancelUnknownTask0x]);

describe("a cancel of an unknown task, judged by the words of the agent's version", () => {
  it("fails a 0.2 agent's -32603 at SHOULD, as 0.2 §8.2 says servers SHOULD use -32001; the MUST check does not apply", async () => {
    const byId = await verdicts(await agentAnswering("0.2.5", -32603));
    expect(byId.get("lifecycle.cancel-unknown-task-0x")).toMatchObject({ status: "fail", level: "SHOULD" });
    expect(byId.get("lifecycle.cancel-unknown-task-0x")?.message).toMatch(/-32603.*-32001/);
    expect(byId.get("lifecycle.cancel-unknown-task")?.status).toBe("skip");
    expect(byId.get("lifecycle.cancel-unknown-task")?.message).toMatch(/applies to A2A 0.3, 1.0 only/);
  });

  it("passes a 0.2 agent that answers TaskNotFound", async () => {
    const byId = await verdicts(await agentAnswering("0.2.5", -32001));
    expect(byId.get("lifecycle.cancel-unknown-task-0x")).toMatchObject({ status: "pass" });
  });

  it("fails a 0.3 agent's -32603 at MUST (0.3 §11.1.5, tasks/cancel a core method by §11.1.2), as its read would", async () => {
    const byId = await verdicts(await agentAnswering("0.3.0", -32603));
    expect(byId.get("lifecycle.cancel-unknown-task")).toMatchObject({ status: "fail", level: "MUST" });
    expect(byId.get("lifecycle.cancel-unknown-task")?.message).toMatch(/-32603.*-32001/);
    expect(byId.get("lifecycle.cancel-unknown-task-0x")?.status).toBe("skip");
  });

  it("passes a 0.3 agent that answers TaskNotFound", async () => {
    const byId = await verdicts(await agentAnswering("0.3.0", -32001));
    expect(byId.get("lifecycle.cancel-unknown-task")).toMatchObject({ status: "pass" });
  });
});
