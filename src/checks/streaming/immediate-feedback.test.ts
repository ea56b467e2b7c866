import { describe, expect, it } from "vitest";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { handCard10, rawAgentsClosedAfterAll } from "../../runner/testing/hand-agent.js";
import { runConformance } from "../../runner/run-conformance.js";
import immediateFeedback from "./immediate-feedback.js";

const startRawAgent = rawAgentsClosedAfterAll();

// Long enough that the prompt stream's first event, written at once, stays far below four fifths of it on a busy machine.
const WORK_MS = 3000;

/**
 * A 1.0 JSON-RPC agent whose stream of a message works WORK_MS: it writes the Task at once and its completion at
 * the end, or (`holds`) writes nothing until the work is done, then the finished Task alone (seen at first sight).
 */
async function streamingAgent(holds: boolean): Promise<string> {
  return startRawAgent((call, res, url) => {
    res.setHeader("content-type", call ? "text/event-stream" : "application/json");
    if (!call) return void res.end(JSON.stringify({ ...handCard10(url), capabilities: { streaming: true } }));
    const frame = (result: object) => `data: ${JSON.stringify({ jsonrpc: "2.0", id: call.id, result })}\n\n`;
    const task = (state: string) => ({ task: { id: "t1", contextId: "c1", status: { state } } });
    if (!holds) res.write(frame(task("TASK_STATE_WORKING")));
    setTimeout(() => {
      const done = { taskId: "t1", contextId: "c1", status: { state: "TASK_STATE_COMPLETED" } };
      res.end(holds ? frame(task("TASK_STATE_COMPLETED")) : frame({ statusUpdate: done }));
    }, WORK_MS);
  });
}

async function verdictOn(url: string) {
  const result = await runConformance({
    agentUrl: url,
    headers: {},
    timeoutMs: 10_000,
    policy: commandLinePolicy,
    hints: { slow: "slow: take your time" },
    catalogue: [immediateFeedback],
  });
  return result.findings?.find((f) => f.id === immediateFeedback.id);
}

describe("streaming.immediate-feedback", () => {
  it("fails a stream that sends nothing until the work is done (1.0.1 §3.1.2)", async () => {
    const finding = await verdictOn(await streamingAgent(true));
    expect(finding).toMatchObject({ status: "fail", level: "MUST" });
    expect(finding?.message).toMatch(/no feedback while the task worked/);
  });

  it("passes a stream that sends the Task at once and its end later", async () => {
    const finding = await verdictOn(await streamingAgent(false));
    expect(finding).toMatchObject({ status: "pass" });
  });
});
