import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard01,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import historyLength01 from "./history-length-01.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A 0.1 agent that serves tasks/send alone (tasks/get answers MethodNotFound, seen at first sight); its Task
 * carries the user's message in its history when `keepsHistory`, and its own answer after it when
 * `answerToo`, whatever historyLength asked (seen at first sight).
 */
async function sendOnlyAgent(keepsHistory: boolean, answerToo = false): Promise<string> {
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard01(url);
    if (request.method !== "tasks/send") return refusal(-32601);
    const { id, message, historyLength } = request.params as {
      id?: string;
      message?: unknown;
      historyLength?: number;
    };
    const answer = { role: "agent", parts: [{ type: "text", text: "Done." }] };
    const history = keepsHistory && historyLength ? [message, ...(answerToo ? [answer] : [])] : undefined;
    return { result: { id, status: { state: "completed" }, ...(history ? { history } : {}) } };
  });
  return agent.url;
}

// A2A 0.1 §7.1.1 TaskSendParams.historyLength: "the server SHOULD include the last N messages".
describe("lifecycle.history-length-01 where no task can be read back", () => {
  it("fails a tasks/send reply without history when historyLength was asked", async () => {
    const finding = (await verdictsOn(await sendOnlyAgent(false), [historyLength01])).get(
      "lifecycle.history-length-01",
    );
    expect(finding).toMatchObject({ status: "fail", level: "SHOULD" });
    expect(finding?.message).toMatch(
      /carries no history \(no task could be read back, so tasks\/send itself/,
    );
  });

  it("passes a tasks/send reply that carries the user's message in its history", async () => {
    const finding = (await verdictsOn(await sendOnlyAgent(true), [historyLength01])).get(
      "lifecycle.history-length-01",
    );
    expect(finding).toMatchObject({ status: "pass" });
  });

  it("fails a tasks/send reply that holds more history than historyLength 1 asked for", async () => {
    const finding = (await verdictsOn(await sendOnlyAgent(true, true), [historyLength01])).get(
      "lifecycle.history-length-01",
    );
    expect(finding).toMatchObject({ status: "fail", level: "SHOULD" });
    expect(finding?.message).toMatch(
      /tasks\/send with historyLength 1 returned task .* with 2 history messages/,
    );
  });
});
