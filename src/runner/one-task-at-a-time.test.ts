import { describe, expect, it } from "vitest";
import reachesTerminal from "../checks/lifecycle/reaches-terminal.js";
import sendReturnsTask from "../checks/lifecycle/send-returns-task.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { runConformance } from "./run-conformance.js";
import { handAgentsClosedAfterAll, handCard03, refusal } from "./testing/hand-agent.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A 0.3 agent whose task completes once it has been read back twice, unless a newer task started meanwhile:
 * then the older one is abandoned and stays working for good (`abandons`; seen at first sight). Without
 * `abandons` every task completes so.
 */
async function taskAgent(abandons: boolean): Promise<string> {
  const tasks = new Map<string, { state: string; reads: number }>();
  let newest = "";
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard03(url);
    const view = (id: string) => ({
      kind: "task",
      id,
      contextId: "c-1",
      status: { state: tasks.get(id)?.state },
    });
    const message = request.params.message as { parts?: unknown } | undefined;
    if (request.method === "message/send" && !Array.isArray(message?.parts)) return refusal(-32602);
    if (request.method === "message/send") {
      newest = `t${tasks.size + 1}`;
      tasks.set(newest, { state: "working", reads: 0 });
      return { result: view(newest) };
    }
    const id = String(request.params.id);
    const task = tasks.get(id);
    if (request.method !== "tasks/get") return refusal(-32601);
    if (!task) return refusal(-32001);
    task.reads += 1;
    if (task.state === "working" && task.reads >= 2 && (!abandons || id === newest)) task.state = "completed";
    return { result: view(id) };
  });
  return agent.url;
}

async function runOn(url: string) {
  const result = await runConformance({
    agentUrl: url,
    headers: {},
    timeoutMs: 3000,
    policy: commandLinePolicy,
    catalogue: [sendReturnsTask, reachesTerminal],
  });
  const finding = (result.findings ?? []).find((f) => f.id === reachesTerminal.id);
  return { warnings: result.warnings, finding };
}

describe("an agent that works on one task at a time", () => {
  it("is found out by the run, which then runs the checks one at a time and says so", async () => {
    const { warnings, finding } = await runOn(await taskAgent(true));
    expect(warnings).toContainEqual(
      expect.stringMatching(
        /^the agent works on one task at a time: of two messages sent together over JSONRPC, task t\d ended completed and task t\d was still working after .* s.*the checks ran one at a time/,
      ),
    );
    expect(finding).toMatchObject({ status: "pass" });
  });

  it("is not claimed of an agent that finishes tasks sent together", async () => {
    const { warnings, finding } = await runOn(await taskAgent(false));
    expect(warnings.filter((w) => w.includes("one task at a time"))).toEqual([]);
    expect(finding).toMatchObject({ status: "pass" });
  });
});
