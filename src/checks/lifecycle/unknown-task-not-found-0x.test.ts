import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard03,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import unknownTaskNotFound from "./unknown-task-not-found.js";
import unknownTaskNotFound0x from "./unknown-task-not-found-0x.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A hand-written agent of the given wire version whose tasks/get of an unknown id answers `code`. Its card is
 * the 0.3 fixture with that protocolVersion (0.2.5 and 0.3.0 cards share these members).
 */
async function agentAnswering(protocolVersion: string, code: number): Promise<string> {
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return { ...handCard03(url), protocolVersion };
    return request.method === "tasks/get" ? refusal(code) : refusal(-32601);
  });
  return agent.url;
}

const verdicts = (url: string) => verdictsOn(url, [unknownTaskNotFound, unknownTaskNotFound0x]);

describe("an unknown task read, judged by the words of the agent's version", () => {
  it("fails a 0.2 agent's -32603 at SHOULD, as 0.2 §8.2 says servers SHOULD use -32001; the MUST check does not apply", async () => {
    const byId = await verdicts(await agentAnswering("0.2.5", -32603));
    expect(byId.get("lifecycle.unknown-task-not-found-0x")).toMatchObject({
      status: "fail",
      level: "SHOULD",
    });
    expect(byId.get("lifecycle.unknown-task-not-found-0x")?.message).toMatch(/-32603.*-32001/);
    expect(byId.get("lifecycle.unknown-task-not-found")?.status).toBe("skip");
    expect(byId.get("lifecycle.unknown-task-not-found")?.message).toMatch(/applies to A2A 0.3, 1.0 only/);
  });

  it("names the result a read of an unknown task got where TaskNotFound was due (first sight: {task: null})", async () => {
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card") return handCard03(url);
      return request.method === "tasks/get" ? { result: { task: null } } : refusal(-32601);
    });
    const finding = (await verdicts(agent.url)).get("lifecycle.unknown-task-not-found");
    expect(finding).toMatchObject({ status: "fail", level: "MUST" });
    expect(finding?.message).toMatch(
      /answered with a result \(\{"task":null\}\) instead of TaskNotFound \(-32001\)/,
    );
  });

  it("passes a 0.2 agent that answers TaskNotFound", async () => {
    const byId = await verdicts(await agentAnswering("0.2.5", -32001));
    expect(byId.get("lifecycle.unknown-task-not-found-0x")).toMatchObject({ status: "pass" });
  });

  it("fails a 0.3 agent's -32603 at MUST (0.3 §11.1.5), where the 0.1/0.2 check does not apply", async () => {
    const byId = await verdicts(await agentAnswering("0.3.0", -32603));
    expect(byId.get("lifecycle.unknown-task-not-found")).toMatchObject({ status: "fail", level: "MUST" });
    expect(byId.get("lifecycle.unknown-task-not-found-0x")?.status).toBe("skip");
  });
});
