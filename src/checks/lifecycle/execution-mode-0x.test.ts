import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard03,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import executionMode0x from "./execution-mode-0x.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A 0.3 agent whose every new task asks back (input-required) and whose answered task ends in
 * `answeredState`, whatever the send's blocking flag says.
 */
async function asksBackThenAnswers(answeredState: string): Promise<string> {
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard03(url);
    if (request.method !== "message/send") return refusal(-32601);
    const message = (request.params.message ?? {}) as { taskId?: string };
    const state = message.taskId ? answeredState : "input-required";
    const task = { kind: "task", id: message.taskId ?? "t1", contextId: "c1", status: { state } };
    return { result: task };
  });
  return agent.url;
}

describe("lifecycle.execution-mode-0x", () => {
  it("fails a blocking answer to an asking task that comes back still submitted", async () => {
    const finding = (
      await verdictsOn(await asksBackThenAnswers("submitted"), [executionMode0x], "JSONRPC")
    ).get("lifecycle.execution-mode-0x");
    expect(finding).toMatchObject({ status: "fail", level: "SHOULD" });
    expect(finding?.message).toMatch(
      /blocking answer "1" to task t1 \(input-required\) returned it still submitted/,
    );
  });

  it("passes when the blocking answer waits for the task as the first send did", async () => {
    const finding = (
      await verdictsOn(await asksBackThenAnswers("completed"), [executionMode0x], "JSONRPC")
    ).get("lifecycle.execution-mode-0x");
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(
      /returned task t1 input-required, and the blocking answer "1" in it returned completed/,
    );
  });
});
